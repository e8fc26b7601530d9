#pragma once
#include "model/contended_resource.h"
#include "model/contention_curve.h"
#include "model/diagnostic.h"
#include "sim/sim_time.h"

namespace orrery::model {

//! `spec.contention`: the co-location contention model of a scenario (docs/model.md,
//! "Contention"). The defaults are the calibrated curves; a scenario may switch the model off
//! (the flat physics of wave 1, for comparison) or override a curve.
struct ContentionSpec {
    bool enabled = true;
    //! How often instance demands are re-estimated from their recent load (microservices); tasks
    //! and jobs change their node's contention when they start and finish.
    sim::SimTime period = 100 * sim::kMillisecond;
    PerContendedResource<ContentionCurve> curves = defaultCurves();
    SourceLocation location;

    [[nodiscard]] const ContentionCurve& curve(ContendedResource resource) const { return curves[static_cast<int>(resource)]; }

    //! The calibrated curves; each value's source is in docs/model.md, "Contention".
    static PerContendedResource<ContentionCurve> defaultCurves()
    {
        return {
            ContentionCurve{0.5, 1.6, false}, // cpu: SMT siblings share a physical core above half the logical CPUs
            ContentionCurve{0.5, 1.6, true},  // memoryBandwidth: Intel MLC loaded latency, 2S Xeon Silver 4110
            ContentionCurve{0.7, 2.0, true},  // llc: hits turn into DRAM misses (judgement, see docs)
            ContentionCurve{0.6, 2.0, true},  // diskIo: device queueing (placeholder, see docs)
            ContentionCurve{0.7, 1.5, true},  // networkBandwidth: link queueing; tc's rate is the capacity
            ContentionCurve{0.3, 1.5, true},  // accelerator: seed 002 §3 co-location characterization
        };
    }
};

} // namespace orrery::model
