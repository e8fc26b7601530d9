#include "store/store_error.h"

#include <sqlite3.h>

namespace orrery::store {
namespace {

//! What to do about the SQLite failures a person can fix, appended to SQLite's own words.
std::string_view hintFor(int sqliteCode)
{
    switch (sqliteCode & 0xff) {
    case SQLITE_READONLY: return " (the project file is read-only: make it writable, or open a writable copy)";
    case SQLITE_FULL: return " (no space left for the project file: free disk space or raise the file size limit)";
    default: break;
    }
    // A write past RLIMIT_FSIZE fails with EFBIG, which SQLite reports as a write error.
    if (sqliteCode == SQLITE_IOERR_WRITE)
        return " (writing the project file failed: is the disk full, or the file over a size limit?)";
    return "";
}

std::string compose(const std::string& path, std::string_view message, int sqliteCode)
{
    std::string text = path.empty() ? std::string("(unnamed project)") : path;
    text += ": ";
    text += message;
    text += hintFor(sqliteCode);
    return text;
}

} // namespace

StoreError::StoreError(const std::string& path, std::string_view message, int sqliteCode)
    : std::runtime_error(compose(path, message, sqliteCode))
    , m_path(path)
    , m_detail(message)
    , m_sqliteCode(sqliteCode)
{
}

} // namespace orrery::store
