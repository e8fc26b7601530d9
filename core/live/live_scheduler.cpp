#include "live/live_scheduler.h"

#include "live/kube_object_parser.h"
#include "live/live_error.h"
#include "live/live_placement.h"
#include "live/pod_binding.h"

#include <algorithm>
#include <thread>

#include <unistd.h>

namespace orrery::live {
namespace {

std::string key(const KubePod& pod)
{
    return pod.meta.nameSpace + "/" + pod.meta.name;
}

bool pendingFor(const KubePod& pod, const LiveSchedulerOptions& options)
{
    return pod.nodeName.empty() && (pod.phase.empty() || pod.phase == "Pending") &&
           pod.scheduling.schedulerName == options.schedulerName &&
           (options.nameSpace.empty() || pod.meta.nameSpace == options.nameSpace);
}

std::string defaultIdentity()
{
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) != 0)
        host[0] = '\0';
    return std::string(host[0] ? host : "orrery") + "_" + std::to_string(getpid());
}

//! A short suffix for an Event's name, unique enough per pod and moment (kube-scheduler's
//! recorder uses a hex timestamp the same way).
std::string eventSuffix()
{
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "%llx", static_cast<unsigned long long>(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count()));
    return buffer;
}

} // namespace

LiveScheduler::LiveScheduler(KubeClient& client, policy::PlacementPolicy& policy, LiveSchedulerOptions options)
    : m_client(client)
    , m_policy(policy)
    , m_options(std::move(options))
    , m_bucket(std::max(1.0, m_options.burst), std::max(0.001, m_options.bindsPerSecond))
{
    if (m_options.identity.empty())
        m_options.identity = defaultIdentity();
    if (m_options.leaseName.empty())
        m_options.leaseName = m_options.schedulerName;
    if (m_options.useLease && !m_options.dryRun)
        m_lease = std::make_unique<LeaseElection>(m_client, m_options.leaseNamespace, m_options.leaseName, m_options.identity,
                                                  m_options.leaseDurationSeconds);
}

LiveScheduler::~LiveScheduler()
{
    if (m_lease)
        m_lease->release(); // a standby takes over at once instead of after the lease's duration
}

std::string LiveScheduler::identity() const
{
    return m_options.identity;
}

bool LiveScheduler::lead(const std::function<void(const std::string&)>& status)
{
    if (!m_lease)
        return true;
    const bool leader = m_lease->tryAcquireOrRenew(std::chrono::steady_clock::now());
    if (leader != m_wasLeader && status)
        status(leader ? "holding lease " + m_options.leaseNamespace + "/" + m_options.leaseName + " as " + m_options.identity
                      : "lease " + m_options.leaseNamespace + "/" + m_options.leaseName + " is held by another instance; waiting");
    m_wasLeader = leader;
    return leader;
}

std::vector<SchedulingDecision> LiveScheduler::schedulePending(const DecisionSink& sink, const std::atomic<bool>* stop)
{
    std::vector<SchedulingDecision> decisions;
    ++m_stats.passes;
    if (m_lease && !m_lease->isLeader())
        return decisions;
    const KubeList<KubeNode> nodes = m_client.listNodes();
    KubeList<KubePod> pods = m_client.listPods(""); // every namespace: what is bound anywhere fills the nodes
    m_podsResourceVersion = pods.resourceVersion;
    std::vector<const KubePod*> pending;
    for (const KubePod& pod : pods.items) {
        if (pendingFor(pod, m_options))
            pending.push_back(&pod);
    }
    // Oldest first, as kube-scheduler's queue orders pods of equal priority.
    std::stable_sort(pending.begin(), pending.end(), [](const KubePod* a, const KubePod* b) {
        return std::tie(a->meta.creationTimestamp, a->meta.nameSpace, a->meta.name) <
               std::tie(b->meta.creationTimestamp, b->meta.nameSpace, b->meta.name);
    });
    LiveSchedulingState state(nodes.items, pods.items);
    for (const KubePod* pod : pending) {
        if (stop && stop->load())
            break;
        const auto started = std::chrono::steady_clock::now();
        const LivePlacement placement = state.place(*pod, m_policy);
        SchedulingDecision decision;
        decision.pod = key(*pod);
        decision.node = placement.node;
        const std::string reportKey = pod->meta.uid.empty() ? decision.pod : pod->meta.uid;
        if (placement.node.empty()) {
            decision.reason = placement.reason;
            decision.message = placement.message;
            ++m_stats.unschedulable;
            // One FailedScheduling Event per pod and message, not one per pass.
            if (!m_options.dryRun && m_reported[reportKey] != placement.message) {
                m_client.post(eventsPath(pod->meta.nameSpace),
                              podEventJson(*pod, "Warning", "FailedScheduling", placement.message, m_options.schedulerName,
                                           LeaseElection::microTimeNow().substr(0, 19) + "Z", eventSuffix()));
                m_reported[reportKey] = placement.message;
            }
        } else if (m_options.dryRun) {
            decision.reason = "Scheduled";
            decision.message = "would assign " + decision.pod + " to " + placement.node;
        } else {
            // Rate limit: wait for a token rather than drop the decision.
            while (!m_bucket.tryTake(std::chrono::steady_clock::now())) {
                if (stop && stop->load())
                    return decisions;
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            try {
                m_client.post(bindingPath(*pod), bindingJson(*pod, placement.node));
                decision.reason = "Scheduled";
                decision.message = scheduledMessage(*pod, placement.node);
                decision.bound = true;
                ++m_stats.bound;
                m_reported.erase(reportKey);
                m_client.post(eventsPath(pod->meta.nameSpace),
                              podEventJson(*pod, "Normal", "Scheduled", decision.message, m_options.schedulerName,
                                           LeaseElection::microTimeNow().substr(0, 19) + "Z", eventSuffix()));
            } catch (const LiveError& error) {
                if (error.kind() != LiveError::Kind::Http || (error.httpStatus() != 409 && error.httpStatus() != 404))
                    throw;
                // Bound by someone else, or deleted, since the list: nothing to do.
                decision.reason = error.httpStatus() == 409 ? "Conflict" : "Gone";
                decision.message = error.what();
                decision.node.clear();
                ++m_stats.conflicts;
            }
        }
        decision.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (sink)
            sink(decision);
        decisions.push_back(std::move(decision));
    }
    return decisions;
}

void LiveScheduler::run(const std::atomic<bool>& stop, const DecisionSink& sink, const std::function<void(const std::string&)>& status)
{
    const std::string podsPath = "/api/v1/pods";
    const int wait = std::max(1, std::min(5, m_options.leaseDurationSeconds / 3));
    while (!stop.load()) {
        if (lead(status))
            schedulePending(sink, &stop);
        if (stop.load())
            break;
        if (m_podsResourceVersion.empty()) {
            std::this_thread::sleep_for(std::chrono::seconds(wait));
            continue;
        }
        // Sleep on a watch: any pod added, changed or deleted may be ours or free room.
        try {
            m_client.watch(podsPath, m_podsResourceVersion, [](const WatchEvent& event) {
                return event.type == WatchEvent::Type::Bookmark; // anything else: pass again
            }, &stop, wait);
        } catch (const LiveError& error) {
            if (status)
                status(std::string("watch: ") + error.what());
            std::this_thread::sleep_for(std::chrono::seconds(1));
        }
    }
    if (m_lease)
        m_lease->release();
}

} // namespace orrery::live
