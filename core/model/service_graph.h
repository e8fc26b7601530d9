#pragma once
#include "model/compute_kind.h"
#include "model/contended_resource.h"
#include "model/diagnostic.h"
#include "model/memory_footprint.h"
#include "model/request_type.h"
#include "model/resource_demand.h"
#include "model/resources.h"
#include "sim/sim_time.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace orrery::model {

//! One microservice of a service graph with its resource profile: what an instance of it
//! requests and how long one request takes on each compute kind it can use.
struct ServiceProfile {
    std::string name;
    std::string description;
    Resources request;            //!< CPU and memory; the declared accelerator is added by requestOnDeclared()
    std::int64_t diskBytes = 0;   //!< disk footprint (a feature for predictors, not a capacity)
    //! The compute kind the service declares: the hard constraint conventional schedulers honour.
    ComputeKind declaredCompute = ComputeKind::Cpu;
    //! Median execution time of one request on each compute kind; 0 = cannot run there.
    std::array<sim::SimTime, kComputeKindCount> latencyOn{};
    //! Slowdown per contended resource under interference (microservice simulation only).
    ResourceSensitivity sensitivity;
    //! What one busy core of it demands of the node's shared resources (contention model).
    ResourceDemand demand = ResourceDemand::microservice();
    //! What an instance keeps in memory (`memory:` in the graph file); empty = derived from the
    //! request by memoryFootprint().
    MemoryFootprint memory;
    SourceLocation location;

    [[nodiscard]] sim::SimTime latency(ComputeKind kind) const { return latencyOn[static_cast<int>(kind)]; }
    [[nodiscard]] bool canRunOn(ComputeKind kind) const { return latency(kind) > 0; }
    //! Every kind with a latency (always includes declaredCompute in a valid graph).
    [[nodiscard]] ComputeKindSet computeOptions() const;
    //! `request` plus one device of the declared kind when that kind is an accelerator.
    [[nodiscard]] Resources requestOnDeclared() const;
    //! `memory` when the graph gives it, else the default footprint derived from the memory
    //! request (docs/model.md, "Memory": an assumption where no figure is published).
    [[nodiscard]] MemoryFootprint memoryFootprint() const;
};

//! A call edge: `caller` sends requests to `callee` (indices into ServiceGraph::services()).
struct ServiceCall {
    std::size_t caller = 0;
    std::size_t callee = 0;
    SourceLocation location;
};

//! A microservice application as a directed graph of services and their calls (a ServiceGraph
//! file, docs/scenario-format.md). Built by adding services, then calls between them.
class ServiceGraph {
public:
    std::string name;
    std::string description;
    std::string sourceFile; //!< where it was read from, for messages
    //! Request types as call trees (microservice simulation); independent of calls(), which is
    //! the dependency graph job streams sample from.
    std::vector<RequestType> requestTypes;

    //! Adds a service and returns its index. Precondition: the name is not taken.
    std::size_t addService(ServiceProfile service);
    //! Adds the edge caller → callee. Preconditions: both indices exist, the edge is new.
    void addCall(std::size_t caller, std::size_t callee, SourceLocation location = {});

    [[nodiscard]] const std::vector<ServiceProfile>& services() const { return m_services; }
    [[nodiscard]] const ServiceProfile& service(std::size_t index) const { return m_services.at(index); }
    [[nodiscard]] const std::vector<ServiceCall>& calls() const { return m_calls; }
    [[nodiscard]] std::size_t size() const { return m_services.size(); }

    [[nodiscard]] std::optional<std::size_t> indexOf(std::string_view serviceName) const;
    //! Services that `index` calls, in the order the calls were added.
    [[nodiscard]] const std::vector<std::size_t>& callees(std::size_t index) const { return m_callees.at(index); }
    //! Services that call `index`, in the order the calls were added.
    [[nodiscard]] const std::vector<std::size_t>& callers(std::size_t index) const { return m_callers.at(index); }
    [[nodiscard]] bool hasCall(std::size_t caller, std::size_t callee) const;

    //! A cycle of calls as the services along it (first == last), or empty when the graph is
    //! acyclic. Jobs sampled from the graph must be trees of dependencies, so a valid graph has none.
    [[nodiscard]] std::vector<std::size_t> findCycle() const;

private:
    std::vector<ServiceProfile> m_services;
    std::vector<ServiceCall> m_calls;
    std::vector<std::vector<std::size_t>> m_callees;
    std::vector<std::vector<std::size_t>> m_callers;
    std::unordered_map<std::string, std::size_t> m_index;
};

} // namespace orrery::model
