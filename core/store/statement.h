#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

struct sqlite3_stmt;

namespace orrery::store {

class Database;

//! A prepared SQL statement (RAII over sqlite3_stmt*). Parameters are bound by 1-based index,
//! never spliced into the SQL text; columns are read by 0-based index, as in SQLite's C API.
//!
//! Typical use: bind…, then step() until it returns false; reset() to run it again.
class Statement {
public:
    Statement(Database& db, std::string_view sql);
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    Statement& bindInt64(int index, std::int64_t value);
    Statement& bindDouble(int index, double value);
    //! The text is copied, so the view need not outlive the call.
    Statement& bindText(int index, std::string_view value);
    //! The bytes are copied, so the span need not outlive the call.
    Statement& bindBlob(int index, std::span<const std::byte> value);
    Statement& bindNull(int index);

    //! Advances to the next row: true while a row is available, false when done.
    bool step();
    //! Steps a statement that returns no rows (INSERT, UPDATE, …) to completion, then resets
    //! it and clears its bindings, ready for the next set of parameters.
    void run();
    //! Rewinds the statement and clears its bindings.
    void reset();

    [[nodiscard]] bool columnIsNull(int column) const;
    [[nodiscard]] std::int64_t columnInt64(int column) const;
    [[nodiscard]] double columnDouble(int column) const;
    //! NULL reads as the empty string.
    [[nodiscard]] std::string columnText(int column) const;
    //! Valid until the next step(), reset() or destruction.
    [[nodiscard]] std::span<const std::byte> columnBlob(int column) const;

private:
    void check(int rc, std::string_view what) const;

    Database* m_db = nullptr;
    sqlite3_stmt* m_statement = nullptr;
};

} // namespace orrery::store
