#include "trace/span.h"

#include <cstdio>

namespace orrery::trace {

std::string TraceId::hex() const
{
    char buffer[33];
    if (high == 0)
        std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(low));
    else
        std::snprintf(buffer, sizeof buffer, "%016llx%016llx", static_cast<unsigned long long>(high),
                      static_cast<unsigned long long>(low));
    return buffer;
}

} // namespace orrery::trace
