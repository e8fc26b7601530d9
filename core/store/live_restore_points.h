#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orrery::store {

class Database;

//! One row of live_restore_points (schema v8): the state of a live namespace's Deployments
//! before an experiment first changed them, as JSON, and when it was put back.
struct LiveRestorePoint {
    std::int64_t id = 0;
    std::string createdAt;     //!< ISO-8601 UTC, set by save()
    std::string context;
    std::string nameSpace;
    std::string experiment;    //!< the experiment's name
    std::string stateJson;     //!< must be valid JSON (the table checks it)
    std::optional<std::string> restoredAt;
    std::string restoreReason;
};

//! Keeps what a live experiment must restore, durably before the first action, so a killed
//! experiment's next start (or anyone opening the project) can put the cluster back.
class LiveRestorePoints {
public:
    explicit LiveRestorePoints(Database& db) : m_db(db) {}

    //! Saves a pending restore point; returns its id. Throws StoreError on invalid JSON.
    std::int64_t save(const LiveRestorePoint& point);
    //! Restore points of (context, namespace) not yet restored, oldest first (the oldest holds
    //! the original state when several experiments were killed in a row).
    [[nodiscard]] std::vector<LiveRestorePoint> pending(const std::string& context, const std::string& nameSpace) const;
    //! Every pending restore point of the project, oldest first.
    [[nodiscard]] std::vector<LiveRestorePoint> allPending() const;
    //! Marks a restore point as restored, with why (guard, cancel, completed, recovered after a kill).
    void markRestored(std::int64_t id, const std::string& reason);
    [[nodiscard]] std::optional<LiveRestorePoint> find(std::int64_t id) const;

private:
    Database& m_db;
};

} // namespace orrery::store
