#pragma once

class QValueAxis;

namespace orrery::widgets {

// Axis ticks at "nice" values (1, 2 or 5 × 10^k; model::niceAxisTicks) with labels that show
// each tick exactly: no "45.375" or "1.38778e-17" on any of Orrery's charts.

//! Widens `axis`'s current range to nice bounds and puts a tick at every step: value axes
//! (latency, utilisation, counts), where a little headroom above the data reads well.
void applyNiceRange(QValueAxis& axis, int targetCount = 6);

//! Sets `axis`'s range to [low, high] (the data's extent, e.g. simulated time) and puts ticks at
//! the nice values inside it. Ticks are fixed while the range changes: the previous range's
//! dynamic interval over a much wider new range would lay out millions of ticks.
void setRangeWithNiceTicks(QValueAxis& axis, double low, double high, int targetCount = 6);

} // namespace orrery::widgets
