#pragma once

namespace orrery::model {

//! How much a fully sensitive resident's time on a resource stretches with the resource's
//! utilization u = total demand / capacity (docs/model.md, "Contention"):
//!
//!     f(u) = 1                                         u ≤ knee        (headroom: no effect)
//!     f(u) = 1 + (F − 1) · ((u − knee)/(1 − knee))²    knee < u ≤ 1    (queueing near saturation)
//!     f(u) = F · u                                     u > 1           (demand beyond capacity is served pro rata)
//!
//! with F = `saturation`, the stretch at saturation. Continuous and non-decreasing in u.
struct ContentionCurve {
    double knee = 0.6;
    double saturation = 2.0;
    //! false: u is capped at 1 (the resource is time-shared by a mechanism modelled elsewhere,
    //! e.g. processor sharing over CPU limits).
    bool proRataBeyondSaturation = true;

    [[nodiscard]] double stretch(double utilization) const;
};

} // namespace orrery::model
