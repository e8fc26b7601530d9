#pragma once
#include "model/diagnostic.h"
#include "model/duration_distribution.h"
#include "sim/sim_time.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::model {

struct AnomalyOnsetTable;

//! The anomaly types of seed 001 Table 3.4.
enum class AnomalyKind { Cpu, MemoryBandwidth, Llc, DiskIo, NetworkBandwidth, NetworkDelay, WorkloadVariation };
inline constexpr int kAnomalyKindCount = 7;

//! The YAML name: cpu, memory-bandwidth, llc, disk-io, network-bandwidth, network-delay, workload-variation.
std::string_view toString(AnomalyKind kind);
std::optional<AnomalyKind> parseAnomalyKind(std::string_view name);
//! All names, for messages and did-you-mean.
const std::vector<std::string>& anomalyKindNames();

//! How an anomaly's intensity evolves over its duration.
struct AnomalyPattern {
    enum class Kind {
        Constant, //!< full intensity throughout
        Ramp,     //!< rising linearly from 0 to the intensity (applied in `steps` steps)
        Periodic, //!< full intensity for `on`, nothing for `off`, repeated
    };
    Kind kind = Kind::Constant;
    sim::SimTime on = sim::kSecond;
    sim::SimTime off = sim::kSecond;
    int steps = 10;
};

//! Where a stressor runs (docs/model.md, "Anomalies are stressor tenants"): as a container of
//! its own on the target's node (`node`, the default), or inside the target's container, as
//! FIRM bundles its injector (`container`, seed 001 §3.2.6): then the target's limits bound it.
enum class AnomalyScope { Node, Container };

//! One injection: `kind` at `intensity` on `target` from `start` for `duration`. The target is
//! a service, an instance (`service/2`), a node (`pool-0`), or for workload-variation a request
//! type or the workload's name (all its request types).
struct AnomalySpec {
    AnomalyKind kind = AnomalyKind::Cpu;
    std::string target;
    double intensity = 0.0;
    sim::SimTime start = 0;
    sim::SimTime duration = 0;
    AnomalyPattern pattern;
    AnomalyScope scope = AnomalyScope::Node;
    SourceLocation location;
};

//! Random injections (seed 001 §3.3.1): exponential gaps at `ratePerSecond`, kind, target and
//! intensity drawn uniformly, from the scenario's "anomalies" stream.
struct RandomAnomalyCampaignSpec {
    double ratePerSecond = 0.33;
    sim::SimTime start = 0;
    sim::SimTime end = 0;  //!< 0 = the horizon
    DurationDistribution duration{DurationDistribution::Kind::Uniform, sim::kSecond, 10 * sim::kSecond, 0.0};
    std::vector<AnomalyKind> kinds; //!< empty = every kind but workload-variation
    double minIntensity = 0.1;
    double maxIntensity = 1.0;
    //! `intensity: {onsets: FILE}`: draw each injection's intensity from [start, end] of its
    //! (kind, service) in this table (seed 001 §3.3.2); pairs it lacks, and node targets, use
    //! [minIntensity, maxIntensity].
    std::shared_ptr<const AnomalyOnsetTable> onsets;
    std::string onsetsFile;
    enum class Targets { Instances, Services, Nodes };
    Targets targets = Targets::Instances;
    AnomalyScope scope = AnomalyScope::Node;
    SourceLocation location;
};

//! A scenario's `spec.anomalies`.
struct AnomalyCampaignSpec {
    std::vector<AnomalySpec> injections;
    std::vector<RandomAnomalyCampaignSpec> random;

    [[nodiscard]] bool empty() const { return injections.empty() && random.empty(); }
};

} // namespace orrery::model
