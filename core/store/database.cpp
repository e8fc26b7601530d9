#include "store/database.h"

#include "store/statement.h"
#include "store/store_error.h"

#include <sqlite3.h>

#include <string>
#include <utility>

namespace orrery::store {

Database Database::open(const std::string& path, OpenMode mode, std::chrono::milliseconds busyTimeout)
{
    int flags = SQLITE_OPEN_EXRESCODE;
    switch (mode) {
    case OpenMode::ReadWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    case OpenMode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
    case OpenMode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    }
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        // sqlite3_open_v2 hands back a handle even on failure (unless out of memory); it only
        // carries the error message and must still be closed.
        std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
        sqlite3_close_v2(db);
        throw StoreError(path, "cannot open project file: " + message, rc);
    }
    // Project files come from other people and other versions (issue 22, docs/reliability.md):
    // defensive mode turns off the SQL that can deliberately corrupt a file (writable_schema,
    // journal_mode=OFF, schema_version=N, writes to sqlite_dbpage and to shadow tables).
    if (const int defensive = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr); defensive != SQLITE_OK) {
        sqlite3_close_v2(db);
        throw StoreError(path, std::string("cannot enable SQLite's defensive mode: ") + sqlite3_errstr(defensive),
                         defensive);
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, static_cast<int>(busyTimeout.count()));
    return Database(db, path);
}

Database::Database(sqlite3* db, std::string path)
    : m_db(db)
    , m_path(std::move(path))
{
}

Database::Database(Database&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_path(std::move(other.m_path))
{
}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        sqlite3_close_v2(m_db);
        m_db = std::exchange(other.m_db, nullptr);
        m_path = std::move(other.m_path);
    }
    return *this;
}

Database::~Database()
{
    // close_v2 defers the close until every statement is finalized, so an object destroyed
    // out of order never leaks the file handle nor fails with SQLITE_BUSY.
    sqlite3_close_v2(m_db);
}

void Database::exec(std::string_view sql)
{
    const std::string text(sql);
    char* error = nullptr;
    const int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw StoreError(m_path, "cannot execute \"" + text.substr(0, 60) + (text.size() > 60 ? "…" : "")
                                     + "\": " + message,
                         rc);
    }
}

std::int64_t Database::queryInt64(std::string_view sql)
{
    Statement statement(*this, sql);
    if (!statement.step())
        throw StoreError(m_path, "query returned no row: " + std::string(sql));
    return statement.columnInt64(0);
}

std::string Database::queryText(std::string_view sql)
{
    Statement statement(*this, sql);
    if (!statement.step())
        throw StoreError(m_path, "query returned no row: " + std::string(sql));
    return statement.columnText(0);
}

std::int64_t Database::lastInsertRowId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

std::int64_t Database::changes() const
{
    return sqlite3_changes64(m_db);
}

bool Database::inTransaction() const
{
    return sqlite3_get_autocommit(m_db) == 0;
}

void Database::fail(std::string_view what, int code) const
{
    std::string message(what);
    message += ": ";
    // The connection's message belongs to the latest failed call; fall back to the code's
    // generic text when a later successful call has already cleared it.
    message += (m_db && sqlite3_extended_errcode(m_db) == code) ? sqlite3_errmsg(m_db) : sqlite3_errstr(code);
    throw StoreError(m_path, message, code);
}

} // namespace orrery::store
