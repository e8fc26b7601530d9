#include "store/live_restore_points.h"

#include "store/database.h"
#include "store/statement.h"
#include "store/utc_time.h"

namespace orrery::store {
namespace {

constexpr const char* kColumns = "id, created_at, context, namespace, experiment, state, restored_at, restore_reason";

LiveRestorePoint rowOf(Statement& select)
{
    LiveRestorePoint point;
    point.id = select.columnInt64(0);
    point.createdAt = select.columnText(1);
    point.context = select.columnText(2);
    point.nameSpace = select.columnText(3);
    point.experiment = select.columnText(4);
    point.stateJson = select.columnText(5);
    if (!select.columnIsNull(6))
        point.restoredAt = select.columnText(6);
    point.restoreReason = select.columnText(7);
    return point;
}

} // namespace

std::int64_t LiveRestorePoints::save(const LiveRestorePoint& point)
{
    Statement insert(m_db, "INSERT INTO live_restore_points (created_at, context, namespace, experiment, state) "
                           "VALUES (?, ?, ?, ?, ?)");
    insert.bindText(1, point.createdAt.empty() ? utcNow() : point.createdAt)
        .bindText(2, point.context)
        .bindText(3, point.nameSpace)
        .bindText(4, point.experiment)
        .bindText(5, point.stateJson);
    insert.run();
    return m_db.lastInsertRowId();
}

std::vector<LiveRestorePoint> LiveRestorePoints::pending(const std::string& context, const std::string& nameSpace) const
{
    Statement select(m_db, std::string("SELECT ") + kColumns + " FROM live_restore_points "
                           "WHERE restored_at IS NULL AND context = ?1 AND namespace = ?2 ORDER BY id");
    select.bindText(1, context).bindText(2, nameSpace);
    std::vector<LiveRestorePoint> points;
    while (select.step())
        points.push_back(rowOf(select));
    return points;
}

std::vector<LiveRestorePoint> LiveRestorePoints::allPending() const
{
    Statement select(m_db, std::string("SELECT ") + kColumns + " FROM live_restore_points WHERE restored_at IS NULL ORDER BY id");
    std::vector<LiveRestorePoint> points;
    while (select.step())
        points.push_back(rowOf(select));
    return points;
}

void LiveRestorePoints::markRestored(std::int64_t id, const std::string& reason)
{
    Statement update(m_db, "UPDATE live_restore_points SET restored_at = ?1, restore_reason = ?2 WHERE id = ?3 AND restored_at IS NULL");
    update.bindText(1, utcNow()).bindText(2, reason).bindInt64(3, id);
    update.run();
}

std::optional<LiveRestorePoint> LiveRestorePoints::find(std::int64_t id) const
{
    Statement select(m_db, std::string("SELECT ") + kColumns + " FROM live_restore_points WHERE id = ?1");
    select.bindInt64(1, id);
    if (!select.step())
        return std::nullopt;
    return rowOf(select);
}

} // namespace orrery::store
