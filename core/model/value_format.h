#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace orrery::model {

// Numbers as a person reads them, chosen by the unit a metric is recorded in, as Grafana's unit
// formats do: the CLI's run summary, the window's metric tables and the reports all print through
// here, so "0.775021 ratio" reads "77.5 %" and "220.423 s" reads "3.67 min" everywhere.

//! `value` in `unit` with three significant digits (trailing zeros dropped), in the unit that
//! reads best, and the unit written after it:
//! - "ratio", "share" (fractions): percent, "77.5 %"; "factor" (stretch, speed-up): "1.83×";
//! - "s", "ms", "us" (durations): ns, µs, ms, s, min, h or d, "18.6 s", "3.67 min", "6.23 ms";
//! - "bytes", "B": binary prefixes, "1.5 GiB";
//! - "USD": cents with thousands separators, "$1,234.56";
//! - "W", "J", "Hz", "MHz": SI prefixes, "1.41 GHz", "2.3 kW";
//! - anything else (counts: "jobs", "requests", …): a whole number with thousands separators,
//!   "1,635 jobs", a fraction with three significant digits, "2.37 replicas".
//! NaN reads "n/a", infinities "∞" and "−∞" (with the unit).
std::string formatValue(double value, std::string_view unit);

//! The same without the unit's word where it is a plain count (for table cells whose column
//! names the unit): "1,635", "77.5 %", "3.67 min".
std::string formatValueInUnitColumn(double value, std::string_view unit);

//! Whether formatValueInUnitColumn writes a value in `unit` with a unit of its own ("%", "min",
//! "$"): false for plain counts ("jobs", "requests", none), whose column header names the unit.
bool formatsWithUnit(std::string_view unit);

//! `value` with `digits` significant digits, trailing zeros dropped, thousands separated:
//! 1234.5 → "1,235" (digits 3 keeps whole digits), 0.012345 → "0.0123", 1e-9 → "1e-09".
std::string formatSignificant(double value, int digits = 3);

//! Ticks for a chart axis over [low, high]: about `targetCount` values at a "nice" step
//! (1, 2 or 5 × 10^k, as Heckbert's "Nice Numbers for Graph Labels", Graphics Gems 1990),
//! the first at or below `low` and the last at or above `high`, so the axis spans them all.
//! An empty or inverted range gives one tick; NaN or infinite bounds give none.
struct AxisTicks {
    double first = 0;
    double last = 0;
    double step = 0;
    std::vector<double> values;
    //! Digits after the decimal point that show every tick exactly ("0.25" → 2; 50 → 0).
    int decimals = 0;
};
AxisTicks niceAxisTicks(double low, double high, int targetCount = 5);

//! One tick's label: `decimals` digits after the point, −0 written as 0, rounding noise such as
//! 1.38778e-17 shown as 0.
std::string formatTick(double value, int decimals);

} // namespace orrery::model
