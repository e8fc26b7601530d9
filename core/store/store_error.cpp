#include "store/store_error.h"

namespace orrery::store {
namespace {

std::string compose(const std::string& path, std::string_view message)
{
    std::string text = path.empty() ? std::string("(unnamed project)") : path;
    text += ": ";
    text += message;
    return text;
}

} // namespace

StoreError::StoreError(const std::string& path, std::string_view message, int sqliteCode)
    : std::runtime_error(compose(path, message))
    , m_path(path)
    , m_detail(message)
    , m_sqliteCode(sqliteCode)
{
}

} // namespace orrery::store
