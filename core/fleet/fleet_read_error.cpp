#include "fleet/fleet_read_error.h"

namespace orrery::fleet {
namespace {

std::string composeMessage(const std::filesystem::path& path, std::size_t line, const std::string& field, const std::string& what)
{
    std::string message = path.string();
    if (line > 0)
        message += ':' + std::to_string(line);
    message += ": ";
    if (!field.empty())
        message += field + ": ";
    return message + what;
}

} // namespace

FleetReadError::FleetReadError(const std::filesystem::path& path, std::size_t line, const std::string& field, const std::string& what)
    : std::runtime_error(composeMessage(path, line, field, what)), m_path(path), m_line(line), m_field(field)
{
}

} // namespace orrery::fleet
