#include "trace/trace_read_error.h"

namespace orrery::trace {
namespace {

std::string formatError(const std::string& file, std::size_t line, const std::string& field, const std::string& message)
{
    std::string text = file + ':' + std::to_string(line) + ": ";
    if (!field.empty())
        text += field + ": ";
    return text + message;
}

} // namespace

TraceReadError::TraceReadError(std::string file, std::size_t line, std::string field, const std::string& message)
    : std::runtime_error(formatError(file, line, field, message))
    , m_file(std::move(file))
    , m_line(line)
    , m_field(std::move(field))
    , m_message(message)
{
}

} // namespace orrery::trace
