#pragma once
#include "appgen/payload_parameter.h"
#include "model/contended_resource.h"
#include "model/diagnostic.h"
#include "model/resource_demand.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <map>
#include <string>

namespace orrery::appgen {

//! One of the application segments synthetic applications are composed of (seed 001 §5.5.1,
//! after Sizeless's 16 function segments): what one request costs it, what its instance
//! requests, how it reacts to contention, and which payload parameter its instability scenario
//! changes. resources/profiles/segments.yaml holds the catalog with a source note per value.
struct SegmentProfile {
    std::string name;        //!< [a-z0-9-]; also the service name in generated graphs
    std::string description;
    sim::SimTime work = 0;   //!< median CPU work of one request at the base payload
    std::int64_t millicores = 1000; //!< CPU an instance requests (its processor-sharing capacity)
    std::int64_t memoryBytes = 0;   //!< memory an instance requests
    model::ResourceSensitivity sensitivity;
    model::ResourceDemand demand = model::ResourceDemand::microservice();
    //! The input an instability scenario changes, and how work follows it:
    //! work(r) = work · ((1 − payloadShare) + payloadShare · r^payloadExponent) when the
    //! parameter's value is multiplied by r (docs/workload-generator.md).
    PayloadParameter payload = PayloadParameter::None;
    double payloadShare = 0.0;    //!< share of `work` that scales with the payload, 0…1
    double payloadExponent = 1.0; //!< work ∝ parameter^exponent (pixels: 2, matrix product: 3)
    //! Where each value comes from, by field (work, cpu, memory, sensitivity, demand, payload).
    std::map<std::string, std::string> sources;
    model::SourceLocation location;

    //! The factor on `work` when the payload parameter's value is multiplied by `ratio`
    //! (1 for a segment without a payload parameter).
    [[nodiscard]] double workFactor(double ratio) const;
};

} // namespace orrery::appgen
