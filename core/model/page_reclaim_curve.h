#pragma once
#include <utility>
#include <vector>

namespace orrery::model {

//! How much an instance slows down when its memory limit leaves only part of its reclaimable
//! (file-backed) working set resident, so the rest is read back on access (docs/model.md,
//! "Memory"). Piecewise linear through measured points (resident fraction, slowdown), 1 at a
//! fraction of 1 and flat beyond the lowest measured fraction.
class PageReclaimCurve {
public:
    //! Points sorted by fraction, slowdowns ≥ 1; an empty list means no slowdown.
    explicit PageReclaimCurve(std::vector<std::pair<double, double>> points);

    //! The published calibration (page_reclaim_curve.cpp cites the measurement).
    static const PageReclaimCurve& measured();

    //! Slowdown (≥ 1) with `residentFraction` ∈ [0, 1] of the reclaimable working set in memory.
    [[nodiscard]] double slowdown(double residentFraction) const;
    [[nodiscard]] const std::vector<std::pair<double, double>>& points() const { return m_points; }

private:
    std::vector<std::pair<double, double>> m_points;
};

} // namespace orrery::model
