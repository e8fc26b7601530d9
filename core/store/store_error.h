#pragma once
#include <stdexcept>
#include <string>
#include <string_view>

namespace orrery::store {

//! Any failure of the project store: the message always begins with the project file's path,
//! followed by what was being done and, where SQLite reported it, SQLite's own message.
class StoreError : public std::runtime_error {
public:
    //! `sqliteCode` is SQLite's (extended) result code, or 0 when the error is the store's own.
    StoreError(const std::string& path, std::string_view message, int sqliteCode = 0);

    [[nodiscard]] const std::string& path() const { return m_path; }
    //! The message without the leading path.
    [[nodiscard]] const std::string& detail() const { return m_detail; }
    [[nodiscard]] int sqliteCode() const { return m_sqliteCode; }

private:
    std::string m_path;
    std::string m_detail;
    int m_sqliteCode = 0;
};

} // namespace orrery::store
