#include "ops/log_line_stream.h"

#include <utility>

namespace orrery::app {

LogLineStream::LogLineStream(std::function<void(const std::string&)> sink)
    : m_buffer(std::move(sink))
    , m_stream(&m_buffer)
{
}

LogLineStream::~LogLineStream()
{
    m_buffer.flushLine();
}

void LogLineStream::Buffer::flushLine()
{
    if (!m_line.empty())
        m_sink(std::exchange(m_line, {}));
}

LogLineStream::Buffer::int_type LogLineStream::Buffer::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return traits_type::not_eof(c);
    if (traits_type::to_char_type(c) == '\n') {
        m_sink(m_line);
        m_line.clear();
    } else {
        m_line.push_back(traits_type::to_char_type(c));
    }
    return c;
}

} // namespace orrery::app
