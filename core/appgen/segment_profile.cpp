#include "appgen/segment_profile.h"

#include <cmath>

namespace orrery::appgen {

double SegmentProfile::workFactor(double ratio) const
{
    if (payload == PayloadParameter::None)
        return 1.0;
    return (1.0 - payloadShare) + payloadShare * std::pow(ratio, payloadExponent);
}

} // namespace orrery::appgen
