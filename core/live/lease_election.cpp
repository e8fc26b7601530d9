#include "live/lease_election.h"

#include "live/live_error.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ctime>

namespace orrery::live {
namespace {

bool sameRecord(const LeaseRecord& a, const LeaseRecord& b)
{
    return a.holder == b.holder && a.renewTime == b.renewTime && a.acquireTime == b.acquireTime &&
           a.transitions == b.transitions && a.durationSeconds == b.durationSeconds;
}

} // namespace

LeaseElection::LeaseElection(KubeClient& client, std::string nameSpace, std::string name, std::string identity,
                             int durationSeconds)
    : m_client(client)
    , m_nameSpace(std::move(nameSpace))
    , m_name(std::move(name))
    , m_identity(std::move(identity))
    , m_durationSeconds(durationSeconds)
{
}

std::string LeaseElection::path() const
{
    return "/apis/coordination.k8s.io/v1/namespaces/" + m_nameSpace + "/leases/" + m_name;
}

std::string LeaseElection::microTimeNow()
{
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() % 1000000;
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char buffer[96]; // room for any int the format could print, so GCC sees no truncation
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%06lldZ", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<long long>(micros));
    return buffer;
}

std::string LeaseElection::leaseJson(const LeaseRecord& record) const
{
    nlohmann::json lease{{"apiVersion", "coordination.k8s.io/v1"},
                         {"kind", "Lease"},
                         {"metadata", {{"name", m_name}, {"namespace", m_nameSpace}}},
                         {"spec",
                          {{"holderIdentity", record.holder},
                           {"leaseDurationSeconds", record.durationSeconds},
                           {"acquireTime", record.acquireTime},
                           {"renewTime", record.renewTime},
                           {"leaseTransitions", record.transitions}}}};
    if (!record.resourceVersion.empty())
        lease["metadata"]["resourceVersion"] = record.resourceVersion;
    return lease.dump();
}

LeaseRecord LeaseElection::parseLease(const std::string& json)
{
    nlohmann::json lease;
    try {
        lease = nlohmann::json::parse(json);
    } catch (const nlohmann::json::exception& error) {
        throw LiveError(LiveError::Kind::Protocol, std::string("Lease: not JSON: ") + error.what());
    }
    if (!lease.is_object() || lease.value("kind", std::string()) != "Lease")
        throw LiveError(LiveError::Kind::Protocol, "Lease: the answer is not a Lease");
    LeaseRecord record;
    const nlohmann::json spec = lease.value("spec", nlohmann::json::object());
    const auto text = [&](const char* key) {
        const auto it = spec.find(key);
        return it != spec.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    record.holder = text("holderIdentity");
    record.acquireTime = text("acquireTime");
    record.renewTime = text("renewTime");
    if (const auto it = spec.find("leaseDurationSeconds"); it != spec.end() && it->is_number_integer())
        record.durationSeconds = it->get<int>();
    if (const auto it = spec.find("leaseTransitions"); it != spec.end() && it->is_number_integer())
        record.transitions = it->get<int>();
    const nlohmann::json metadata = lease.value("metadata", nlohmann::json::object());
    if (const auto it = metadata.find("resourceVersion"); it != metadata.end() && it->is_string())
        record.resourceVersion = it->get<std::string>();
    return record;
}

bool LeaseElection::tryAcquireOrRenew(std::chrono::steady_clock::time_point now)
{
    std::optional<LeaseRecord> current;
    try {
        current = parseLease(m_client.get(path()));
    } catch (const LiveError& error) {
        if (error.kind() != LiveError::Kind::Http || error.httpStatus() != 404)
            throw;
    }
    const std::string time = microTimeNow();
    if (!current) { // nobody has created it: create it held by this instance
        LeaseRecord mine{m_identity, m_durationSeconds, time, time, 0, {}};
        try {
            m_client.post("/apis/coordination.k8s.io/v1/namespaces/" + m_nameSpace + "/leases", leaseJson(mine));
        } catch (const LiveError& error) {
            if (error.kind() != LiveError::Kind::Http || error.httpStatus() != 409)
                throw;
            m_leader = false; // another instance created it first
            return false;
        }
        m_observed = mine;
        m_observedAt = now;
        m_leader = true;
        return true;
    }
    if (!m_observed || !sameRecord(*m_observed, *current)) {
        m_observed = current;
        m_observedAt = now;
    }
    const bool heldByOther = !current->holder.empty() && current->holder != m_identity;
    if (heldByOther && now < m_observedAt + std::chrono::seconds(current->durationSeconds)) {
        m_leader = false;
        return false;
    }
    LeaseRecord next = *current;
    if (current->holder != m_identity) {
        next.acquireTime = time;
        ++next.transitions;
    }
    next.holder = m_identity;
    next.durationSeconds = m_durationSeconds;
    next.renewTime = time;
    try {
        const LeaseRecord written = parseLease(m_client.put(path(), leaseJson(next)));
        m_observed = written;
        m_observedAt = now;
    } catch (const LiveError& error) {
        if (error.kind() != LiveError::Kind::Http || error.httpStatus() != 409)
            throw;
        m_leader = false; // another instance wrote it since the read
        return false;
    }
    m_leader = true;
    return true;
}

void LeaseElection::release() noexcept
{
    if (!m_leader || !m_observed)
        return;
    try {
        LeaseRecord released = *m_observed;
        released.holder.clear();
        released.durationSeconds = 1;
        released.renewTime = microTimeNow();
        m_client.put(path(), leaseJson(released));
    } catch (...) {
        // Releasing is a courtesy: the lease expires on its own.
    }
    m_leader = false;
}

} // namespace orrery::live
