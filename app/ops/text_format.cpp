#include "ops/text_format.h"

#include <cmath>
#include <cstdio>

namespace orrery::app {

std::string shortNumber(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

std::string clockText(double seconds)
{
    if (std::isnan(seconds))
        return "?";
    const auto total = static_cast<long long>(std::llround(seconds));
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", total / 3600, total / 60 % 60, total % 60);
    return text;
}

} // namespace orrery::app
