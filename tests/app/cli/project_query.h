#pragma once
// Reading a project file the CLI wrote, read-only, straight through SQLite: what a test checks
// after `orrery experiment` (counts of runs, audit rows, metrics). Link SQLite::SQLite3.
#include <QString>

#include <limits>

#include <sqlite3.h>

namespace orrery::testing {

//! The first column of the first row of `sql` as a double; NaN when the file or the query fails.
inline double queryNumber(const QString& project, const QString& sql)
{
    sqlite3* db = nullptr;
    double value = std::numeric_limits<double>::quiet_NaN();
    if (sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &statement, nullptr) == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW)
            value = sqlite3_column_double(statement, 0);
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return value;
}

//! The same as an integer (counts); -1 when the file or the query fails.
inline qint64 queryInt(const QString& project, const QString& sql)
{
    const double value = queryNumber(project, sql);
    return value == value ? static_cast<qint64>(value) : -1;
}

} // namespace orrery::testing
