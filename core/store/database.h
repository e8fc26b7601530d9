#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3;

namespace orrery::store {

//! One SQLite connection (RAII over sqlite3*), with errors turned into StoreError.
//!
//! A Database does no configuration of its own beyond the busy timeout: Project decides the
//! pragmas and what the file must contain. Like a sqlite3 connection it is used from one
//! thread at a time; open one per thread (WAL lets readers and a writer run side by side).
class Database {
public:
    enum class OpenMode { ReadWriteCreate, ReadWrite, ReadOnly };

    static constexpr std::chrono::milliseconds kDefaultBusyTimeout{10'000};

    //! Opens (or, with ReadWriteCreate, creates) the file. SQLite opens lazily: a file that is
    //! not a database is only noticed by the first statement that reads it.
    static Database open(const std::string& path, OpenMode mode = OpenMode::ReadWriteCreate,
                         std::chrono::milliseconds busyTimeout = kDefaultBusyTimeout);

    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    //! Runs one or more SQL statements that take no parameters (DDL, pragmas, BEGIN/COMMIT).
    void exec(std::string_view sql);

    //! First column of the first row of a parameterless query (e.g. "PRAGMA user_version").
    //! Throws when the query yields no row.
    std::int64_t queryInt64(std::string_view sql);
    std::string queryText(std::string_view sql);

    [[nodiscard]] std::int64_t lastInsertRowId() const;
    //! Rows changed by the most recent INSERT, UPDATE or DELETE.
    [[nodiscard]] std::int64_t changes() const;
    [[nodiscard]] bool inTransaction() const;

    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] sqlite3* handle() const { return m_db; }

    //! Throws a StoreError for the connection's latest failure: "<path>: <what>: <sqlite message>".
    [[noreturn]] void fail(std::string_view what, int code) const;

private:
    Database(sqlite3* db, std::string path);

    sqlite3* m_db = nullptr;
    std::string m_path;
};

} // namespace orrery::store
