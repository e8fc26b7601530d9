#pragma once
#include "live/kube_client.h"

#include <chrono>
#include <optional>
#include <string>

namespace orrery::live {

//! The spec of a coordination.k8s.io/v1 Lease as leader election reads and writes it.
struct LeaseRecord {
    std::string holder;                 //!< spec.holderIdentity; empty: released
    int durationSeconds = 15;           //!< spec.leaseDurationSeconds
    std::string acquireTime;            //!< spec.acquireTime (MicroTime, UTC)
    std::string renewTime;              //!< spec.renewTime
    int transitions = 0;                //!< spec.leaseTransitions
    std::string resourceVersion;        //!< metadata.resourceVersion of the read
};

//! Leader election through a Lease, as client-go's leaderelection package does it, so that of
//! several `orrery schedule` instances with the same lease only one binds pods: an instance
//! takes the lease when nobody holds it, when it was released, or when its holder has not renewed
//! it for leaseDurationSeconds as measured on this instance's own clock since it last saw the
//! record change (so clocks need not agree); it renews while it holds it; every write carries the
//! resourceVersion it read, so of two writers the API server lets only one through (409 Conflict
//! for the other).
class LeaseElection {
public:
    LeaseElection(KubeClient& client, std::string nameSpace, std::string name, std::string identity,
                  int durationSeconds = 15);

    //! One round: reads the lease and takes or renews it when it may. Returns whether this
    //! instance holds it now. Throws LiveError for failures other than 404 (absent) and 409 (lost a race).
    bool tryAcquireOrRenew(std::chrono::steady_clock::time_point now);
    //! Gives the lease up (holder emptied) if this instance holds it; never throws.
    void release() noexcept;

    [[nodiscard]] bool isLeader() const { return m_leader; }
    [[nodiscard]] const std::string& identity() const { return m_identity; }
    [[nodiscard]] std::string path() const;
    //! The Lease object for `record` (metadata.resourceVersion when the record has one).
    [[nodiscard]] std::string leaseJson(const LeaseRecord& record) const;
    //! The record of a Lease's JSON. Throws LiveError(Protocol) for one that is not a Lease.
    [[nodiscard]] static LeaseRecord parseLease(const std::string& json);
    //! The current UTC time as a MicroTime ("2026-11-28T21:30:00.123456Z").
    [[nodiscard]] static std::string microTimeNow();

private:
    KubeClient& m_client;
    std::string m_nameSpace;
    std::string m_name;
    std::string m_identity;
    int m_durationSeconds;
    bool m_leader = false;
    std::optional<LeaseRecord> m_observed;
    std::chrono::steady_clock::time_point m_observedAt;
};

} // namespace orrery::live
