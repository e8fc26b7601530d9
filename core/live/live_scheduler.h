#pragma once
#include "live/kube_client.h"
#include "live/lease_election.h"
#include "live/token_bucket.h"
#include "policy/placement_policy.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace orrery::live {

//! How `orrery schedule` runs (docs/live-clusters.md, "Orrery as a scheduler").
struct LiveSchedulerOptions {
    std::string schedulerName = "orrery";   //!< pods whose spec.schedulerName is this are ours
    std::string nameSpace;                  //!< empty: pending pods of every namespace
    bool dryRun = false;                    //!< decide and report, bind nothing, emit no Events
    double bindsPerSecond = 50;             //!< rate limit of bindings (token bucket)
    double burst = 100;
    std::string leaseNamespace = "kube-system";
    std::string leaseName;                  //!< empty: the scheduler's name
    std::string identity;                   //!< this instance in the Lease; empty: host name and process id
    int leaseDurationSeconds = 15;
    bool useLease = true;                   //!< false: no leader election (--dry-run never takes the lease)
};

//! One decision about one pending pod.
struct SchedulingDecision {
    std::string pod;        //!< namespace/name
    std::string node;       //!< chosen node; empty when not placed
    std::string reason;     //!< Scheduled, Unschedulable, PolicyDeferred, Conflict (bound meanwhile) or Gone (deleted meanwhile)
    std::string message;    //!< as the Event says it
    bool bound = false;     //!< the binding went through (never with dryRun)
    double seconds = 0;     //!< from reading the pod to the binding's answer
};

//! Counts over a scheduler's life.
struct LiveSchedulerStats {
    std::uint64_t bound = 0;
    std::uint64_t unschedulable = 0;
    std::uint64_t conflicts = 0;
    std::uint64_t passes = 0;
};

//! A secondary Kubernetes scheduler running an Orrery placement plugin: it lists the nodes and
//! pods, takes the pending pods whose spec.schedulerName is its own (oldest first), filters the
//! nodes as kube-scheduler does and lets the plugin choose among the rest (LiveSchedulingState),
//! binds through the pods/binding subresource and records an Event (Scheduled, or
//! FailedScheduling once per pod and message), at most bindsPerSecond. Of several instances with
//! one Lease only the holder binds (LeaseElection). Thread-confined.
class LiveScheduler {
public:
    using DecisionSink = std::function<void(const SchedulingDecision&)>;

    LiveScheduler(KubeClient& client, policy::PlacementPolicy& policy, LiveSchedulerOptions options);
    ~LiveScheduler();

    //! One pass over the pods pending now. Returns their decisions (also given to `sink` as they
    //! are made). Not leader: decides nothing and returns none. Stops early when `stop` is set.
    std::vector<SchedulingDecision> schedulePending(const DecisionSink& sink, const std::atomic<bool>* stop = nullptr);
    //! Passes until `stop` is set, renewing the lease and waiting between passes on a watch of the
    //! pods (woken by any pod added, changed or deleted), then releases the lease.
    void run(const std::atomic<bool>& stop, const DecisionSink& sink, const std::function<void(const std::string&)>& status);

    //! Takes or renews the lease (true without one); `status` hears of every change of leadership.
    bool lead(const std::function<void(const std::string&)>& status = {});
    [[nodiscard]] const LiveSchedulerStats& stats() const { return m_stats; }
    [[nodiscard]] const LiveSchedulerOptions& options() const { return m_options; }
    [[nodiscard]] std::string identity() const;

private:
    KubeClient& m_client;
    policy::PlacementPolicy& m_policy;
    LiveSchedulerOptions m_options;
    std::unique_ptr<LeaseElection> m_lease;
    TokenBucket m_bucket;
    LiveSchedulerStats m_stats;
    std::map<std::string, std::string> m_reported; //!< pod uid (or key) → the FailedScheduling message last sent
    std::string m_podsResourceVersion;
    bool m_wasLeader = false;
};

} // namespace orrery::live
