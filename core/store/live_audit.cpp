#include "store/live_audit.h"

#include "store/database.h"
#include "store/statement.h"
#include "store/utc_time.h"

namespace orrery::store {

std::int64_t LiveAuditLog::append(const LiveAuditEntry& entry)
{
    Statement insert(m_db, "INSERT INTO live_audit (at, context, namespace, target, action, dry_run, outcome, message) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bindText(1, entry.at.empty() ? utcNow() : entry.at)
        .bindText(2, entry.context)
        .bindText(3, entry.nameSpace)
        .bindText(4, entry.target)
        .bindText(5, entry.actionJson)
        .bindInt64(6, entry.dryRun ? 1 : 0)
        .bindText(7, entry.outcome)
        .bindText(8, entry.message);
    insert.run();
    return m_db.lastInsertRowId();
}

std::vector<LiveAuditEntry> LiveAuditLog::recent(std::size_t limit, const std::string& context) const
{
    Statement select(m_db, "SELECT id, at, context, namespace, target, action, dry_run, outcome, message FROM live_audit "
                           "WHERE (?1 = '' OR context = ?1) ORDER BY id DESC LIMIT ?2");
    select.bindText(1, context).bindInt64(2, static_cast<std::int64_t>(limit));
    std::vector<LiveAuditEntry> entries;
    while (select.step()) {
        entries.push_back({select.columnInt64(0), select.columnText(1), select.columnText(2), select.columnText(3),
                           select.columnText(4), select.columnText(5), select.columnInt64(6) != 0, select.columnText(7),
                           select.columnText(8)});
    }
    return entries;
}

} // namespace orrery::store
