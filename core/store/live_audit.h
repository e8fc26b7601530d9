#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace orrery::store {

class Database;

//! One row of the live_audit table: an attempted change to a live cluster and its outcome.
//! Never holds credentials.
struct LiveAuditEntry {
    std::int64_t id = 0;
    std::string at;                        //!< ISO-8601 UTC, set by append() when empty
    std::string context;
    std::string nameSpace;
    std::string target;
    std::string actionJson;                //!< must be valid JSON (the table checks it)
    bool dryRun = false;
    std::string outcome;                   //!< previewed, applied, rejected or failed
    std::string message;
};

//! Writes and reads the project's actuation audit log (live_audit, schema v5).
class LiveAuditLog {
public:
    explicit LiveAuditLog(Database& db) : m_db(db) {}

    //! Appends one entry; returns its id. Throws StoreError on a bad outcome or invalid JSON.
    std::int64_t append(const LiveAuditEntry& entry);
    //! Newest first, at most `limit` entries, optionally only those of one context.
    [[nodiscard]] std::vector<LiveAuditEntry> recent(std::size_t limit = 100, const std::string& context = {}) const;

private:
    Database& m_db;
};

} // namespace orrery::store
