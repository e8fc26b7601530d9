#pragma once
#include "live/token_bucket.h"

#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <utility>

namespace orrery::live {

//! One entry of the actuation audit log (written by store::LiveAuditLog in the project).
struct ActuationRecord {
    enum class Outcome { Previewed, Applied, Rejected, Failed };
    std::string context;
    std::string nameSpace;
    std::string target;                    //!< "namespace/deployment"
    std::string actionJson;                //!< {"kind":"SetReplicas","value":3,…}
    bool dryRun = false;
    Outcome outcome = Outcome::Rejected;
    std::string message;
};

[[nodiscard]] const char* toString(ActuationRecord::Outcome outcome);

//! Where actuation records go (the app connects it to the project's live_audit table).
using ActuationAuditSink = std::function<void(const ActuationRecord&)>;

//! Actuation is off until a person enables it for a (context, namespace); every action then
//! spends a token of a shared bucket, so a runaway policy cannot flood the API server.
class ActuationGuard {
public:
    explicit ActuationGuard(double burst = 5, double actionsPerSecond = 0.2) : m_bucket(burst, actionsPerSecond) {}

    void enable(const std::string& context, const std::string& nameSpace);
    void disable(const std::string& context, const std::string& nameSpace);
    [[nodiscard]] bool enabled(const std::string& context, const std::string& nameSpace) const;
    //! Spends one token; false when the rate limit is reached.
    bool tryAcquire(TokenBucket::Clock::time_point now = TokenBucket::Clock::now());

private:
    mutable std::mutex m_mutex;
    std::set<std::pair<std::string, std::string>> m_enabled;
    TokenBucket m_bucket;
};

} // namespace orrery::live
