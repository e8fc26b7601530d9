#pragma once
// Number and duration text shared by the CLI's tables and progress lines.
#include <cstdint>
#include <string>

namespace orrery::app {

//! A number with six significant digits, as printed in metric lines ("0.0123", "1.2e+05").
std::string shortNumber(double value);

//! Whole seconds as h:mm:ss ("0:50:24"); "?" for NaN.
std::string clockText(double seconds);

} // namespace orrery::app
