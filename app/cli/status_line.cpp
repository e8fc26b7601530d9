#include "cli/status_line.h"

#include <unistd.h>

namespace orrery::app {

StatusLine::StatusLine(std::FILE* out)
    : StatusLine(out, ::isatty(::fileno(out)) == 1)
{
}

StatusLine::StatusLine(std::FILE* out, bool terminal)
    : m_out(out)
    , m_terminal(terminal)
{
}

StatusLine::~StatusLine()
{
    breakLine();
}

void StatusLine::update(const std::string& text)
{
    if (m_terminal) {
        std::fprintf(m_out, "\r%s\033[K", text.c_str());
        m_open = true;
    } else {
        std::fprintf(m_out, "%s\n", text.c_str());
    }
    std::fflush(m_out);
}

void StatusLine::finish(const std::string& text)
{
    update(text);
    breakLine();
}

void StatusLine::breakLine()
{
    if (!m_open)
        return;
    std::fputc('\n', m_out);
    std::fflush(m_out);
    m_open = false;
}

} // namespace orrery::app
