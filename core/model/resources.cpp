#include "model/resources.h"

namespace orrery::model {

const char* toString(DeviceKind kind)
{
    switch (kind) {
    case DeviceKind::Gpu: return "gpu";
    case DeviceKind::Asic: return "asic";
    case DeviceKind::Fpga: return "fpga";
    }
    return "unknown";
}

} // namespace orrery::model
