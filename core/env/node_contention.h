#pragma once
#include "model/contended_resource.h"
#include "model/contention_spec.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace orrery::model {
class Cluster;
struct Scenario;
} // namespace orrery::model

namespace orrery::env {

//! Told when one of its residents' slowdown changes (a workload simulator owns residents).
class ContentionListener {
public:
    virtual ~ContentionListener() = default;
    virtual void slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime now) = 0;
};

//! Co-location contention on the nodes of one simulation (docs/model.md, "Contention"). Every
//! running unit (microservice instance, task, job, stressor) is a *resident* of a node with a
//! demand on each shared resource; a node's utilization u_r = Σ demand / capacity gives each
//! resident the slowdown
//!
//!     S = Π_r (1 + s_r · [(1 − g_r) · (f_r(u_r) − 1) + (f_r(o_r) − 1)])
//!
//! with s_r its sensitivity, g_r = limit_r / capacity_r the share of r its limits reserve (CPU
//! quota, CAT ways, MBA, blkio/tc), f_r the resource's ContentionCurve and o_r its own
//! utilization of its limit (demand / limit, or the utilization of a link tc shaped for it,
//! whichever is higher; not for CPU, whose limit is the processor-sharing capacity). Changes mark the node dirty; refresh() recomputes dirty nodes only, so the
//! cost is per change of residents, not per event.
class NodeContention {
public:
    using ResidentId = std::uint32_t;
    using Vector = model::PerContendedResource<double>;

    //! `capacities[n]` is node n's capacity per resource (cores, bytes/s, ways, bytes/s,
    //! bytes/s, devices); a zero capacity never contends.
    NodeContention(std::vector<Vector> capacities, const model::ContentionSpec& spec);

    //! Adds a resident with zero demand; returns its id (ids of removed residents are reused).
    //! `owner` (may be null: a stressor) is told about its slowdown changes, with `tag`.
    //! `limits` are in capacity units, 0 = none.
    ResidentId add(std::uint32_t node, const model::ResourceSensitivity& sensitivity, const Vector& limits,
                   ContentionListener* owner, std::uint64_t tag);
    void remove(ResidentId id);
    void setDemand(ResidentId id, const Vector& demand);
    void setLimits(ResidentId id, const Vector& limits);
    //! A lower bound on the utilization this resident sees of a resource (a shaped link of its
    //! own: tc's token bucket on the resident's traffic).
    void setFloor(ResidentId id, const Vector& floor);

    //! Recomputes the dirty nodes and tells the owners of residents whose slowdown changed,
    //! in resident order within each node, nodes in order of first change since the last refresh.
    void refresh(sim::SimTime now);
    [[nodiscard]] bool dirty() const { return !m_dirty.empty(); }
    //! Every refresh also writes each recomputed node's utilization into `cluster`
    //! (model::Cluster::pressure), where placement policies read it. `cluster` must outlive this.
    void publishTo(model::Cluster& cluster) { m_published = &cluster; }

    [[nodiscard]] double slowdown(ResidentId id) const { return m_residents[id].slowdown; }
    [[nodiscard]] std::uint32_t nodeOf(ResidentId id) const { return m_residents[id].node; }
    [[nodiscard]] const Vector& demandOf(ResidentId id) const { return m_residents[id].demand; }
    //! Utilization per resource of a node (Σ demand / capacity) as of the last refresh.
    [[nodiscard]] const Vector& utilization(std::uint32_t node) const { return m_nodes[node].utilization; }
    [[nodiscard]] const Vector& capacity(std::uint32_t node) const { return m_nodes[node].capacity; }
    [[nodiscard]] std::size_t nodeCount() const { return m_nodes.size(); }
    [[nodiscard]] const model::ContentionSpec& spec() const { return m_spec; }

private:
    struct Resident {
        std::uint32_t node = 0;
        std::uint32_t slot = 0; //!< index in its node's residents
        bool live = false;
        model::ResourceSensitivity sensitivity;
        Vector limits{};
        Vector demand{};
        Vector floor{};
        // Cached from the above (they change per change of the resident, not per recomputation):
        Vector openShare{};  //!< 1 − g_r: the share of r its limits do not reserve
        Vector ownExcess{};  //!< f_r(o_r) − 1: its stretch from its own utilization of its limit
        bool hasOwnExcess = false;
        bool hasOwnBound = false; //!< a floor, or a limit on a resource other than CPU
        double slowdown = 1.0;
        double reported = 1.0;
        ContentionListener* owner = nullptr;
        std::uint64_t tag = 0;
    };
    struct Node {
        Vector capacity{};
        Vector utilization{};
        std::vector<ResidentId> residents;
        bool dirty = false;
    };
    void markDirty(std::uint32_t node);
    void updateOpenShare(Resident& resident) const;
    void updateOwnExcess(Resident& resident) const;
    void recomputeNode(std::uint32_t node);

    model::ContentionSpec m_spec;
    std::vector<Node> m_nodes;
    std::vector<Resident> m_residents;
    std::vector<ResidentId> m_free;
    std::vector<std::uint32_t> m_dirty;
    model::Cluster* m_published = nullptr;
};

//! The contention model of a scenario's cluster: each node's cores, its pool's shared-resource
//! capacities (or a Microservices workload's legacy `nodeCapacity` override) and its devices.
std::unique_ptr<NodeContention> makeNodeContention(const model::Cluster& cluster, const model::Scenario& scenario);

} // namespace orrery::env
