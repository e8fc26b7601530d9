#include "store/statement.h"

#include "store/database.h"
#include "store/store_error.h"

#include <sqlite3.h>

#include <climits>
#include <utility>

namespace orrery::store {

Statement::Statement(Database& db, std::string_view sql)
    : m_db(&db)
{
    if (sql.size() > static_cast<std::size_t>(INT_MAX))
        throw StoreError(db.path(), "SQL statement too long");
    const int rc = sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &m_statement, nullptr);
    if (rc != SQLITE_OK)
        db.fail("cannot prepare \"" + std::string(sql.substr(0, 60)) + (sql.size() > 60 ? "…" : "") + '"', rc);
    if (!m_statement)
        throw StoreError(db.path(), "empty SQL statement");
}

Statement::Statement(Statement&& other) noexcept
    : m_db(other.m_db)
    , m_statement(std::exchange(other.m_statement, nullptr))
{
}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_statement);
        m_db = other.m_db;
        m_statement = std::exchange(other.m_statement, nullptr);
    }
    return *this;
}

Statement::~Statement()
{
    sqlite3_finalize(m_statement);
}

void Statement::check(int rc, std::string_view what) const
{
    if (rc != SQLITE_OK)
        m_db->fail(what, rc);
}

Statement& Statement::bindInt64(int index, std::int64_t value)
{
    check(sqlite3_bind_int64(m_statement, index, value), "cannot bind integer parameter");
    return *this;
}

Statement& Statement::bindDouble(int index, double value)
{
    check(sqlite3_bind_double(m_statement, index, value), "cannot bind real parameter");
    return *this;
}

Statement& Statement::bindText(int index, std::string_view value)
{
    check(sqlite3_bind_text64(m_statement, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
          "cannot bind text parameter");
    return *this;
}

Statement& Statement::bindBlob(int index, std::span<const std::byte> value)
{
    // A zero-length blob must still be a blob, not NULL: SQLite maps a null pointer to NULL.
    static const std::byte empty{};
    const void* data = value.empty() ? &empty : value.data();
    check(sqlite3_bind_blob64(m_statement, index, data, value.size(), SQLITE_TRANSIENT), "cannot bind blob parameter");
    return *this;
}

Statement& Statement::bindNull(int index)
{
    check(sqlite3_bind_null(m_statement, index), "cannot bind NULL parameter");
    return *this;
}

bool Statement::step()
{
    const int rc = sqlite3_step(m_statement);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    // sqlite3_reset returns the same error; resetting here keeps the statement reusable and
    // releases any read lock it held before the exception unwinds.
    sqlite3_reset(m_statement);
    m_db->fail("cannot execute \"" + std::string(sqlite3_sql(m_statement)).substr(0, 60) + '"', rc);
}

void Statement::run()
{
    while (step()) {
    }
    reset();
}

void Statement::reset()
{
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

bool Statement::columnIsNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

std::int64_t Statement::columnInt64(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

double Statement::columnDouble(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

std::string Statement::columnText(int column) const
{
    const auto* text = sqlite3_column_text(m_statement, column);
    const int size = sqlite3_column_bytes(m_statement, column);
    return text ? std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size)) : std::string();
}

std::span<const std::byte> Statement::columnBlob(int column) const
{
    const void* data = sqlite3_column_blob(m_statement, column);
    const int size = sqlite3_column_bytes(m_statement, column);
    if (!data || size <= 0)
        return {};
    return {static_cast<const std::byte*>(data), static_cast<std::size_t>(size)};
}

} // namespace orrery::store
