#pragma once
#include "model/diagnostic.h"
#include "model/node_contended_capacity.h"

#include <cstdint>
#include <memory>
#include <set>
#include <string>

namespace orrery::model {

class ServiceGraph;

//! The names `spec.anomalies` may target (scenario/anomaly_reader.cpp checks every target).
struct AnomalyTargets {
    std::set<std::string> resources; //!< services, instances ("compose-post-service/0"), nodes
    std::set<std::string> workloads; //!< request types and workload names (workload variation)
};

//! The spec of a workload kind that registers itself
//! (docs/architecture.md §3, "Self-registering kinds"): the kind's own folder defines a subclass,
//! reads it from YAML and simulates it, so adding a kind touches no other kind. Generic code sees
//! only what is here.
struct KindSpec {
    virtual ~KindSpec() = default;
    //! A deep copy, for variants of a scenario (experiment arms and sweeps).
    [[nodiscard]] virtual std::unique_ptr<KindSpec> clone() const = 0;
    //! Multiplies every arrival rate by `factor` (the arrival-rate sweep); false when the kind has
    //! no arrival rate to scale.
    virtual bool scaleArrivals(double /*factor*/) { return false; }
    //! The largest arrival rate the workload declares, per second (0 = none), to check sweeps.
    [[nodiscard]] virtual double peakArrivalsPerSecond() const { return 0.0; }
    //! Sets the number of jobs the workload submits in all (the job-count sweep); false when the
    //! kind has no job count.
    virtual bool setJobCount(std::int64_t /*jobs*/) { return false; }
    //! The service graph the workload is drawn from, for the service-graph view; nullptr when none.
    [[nodiscard]] virtual std::shared_ptr<const ServiceGraph> serviceGraph() const { return nullptr; }
    //! Adds what `spec.anomalies` may target in this workload; a kind that takes no anomalies adds nothing.
    virtual void addAnomalyTargets(AnomalyTargets& /*targets*/) const {}
    //! Shared-resource capacities that replace every node pool's for the whole run (the
    //! Microservices kind's legacy `nodeCapacity`); nullptr when the workload sets none.
    [[nodiscard]] virtual const NodeContendedCapacity* contendedCapacityOverride() const { return nullptr; }

    std::string kind;        //!< the kind as written in the scenario, e.g. "Functions"
    std::string name;        //!< the workload's name
    SourceLocation location; //!< the workload's mapping in the scenario file
};

//! A registered kind's workload inside model::WorkloadSpec. `name` mirrors spec->name so code
//! that visits every alternative for its name works unchanged.
struct KindWorkload {
    std::string name;
    std::shared_ptr<const KindSpec> spec;
};

} // namespace orrery::model
