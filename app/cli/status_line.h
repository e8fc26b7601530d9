#pragma once
#include <cstdio>
#include <string>

namespace orrery::app {

//! A progress line on stderr that reads well wherever it goes: on a terminal each update
//! overwrites the last ("\r" and erase to the end of the line); in a log, a pipe or a CI job a
//! plain line per update, so updates never run together. Other output must call breakLine()
//! first so it starts on a line of its own.
class StatusLine {
public:
    //! `out` is stderr unless a test hands another stream; `terminal` says whether it is one.
    explicit StatusLine(std::FILE* out = stderr);
    StatusLine(std::FILE* out, bool terminal);
    ~StatusLine();
    StatusLine(const StatusLine&) = delete;
    StatusLine& operator=(const StatusLine&) = delete;

    void update(const std::string& text);
    //! The last line, kept: ends the overwritten line on a terminal.
    void finish(const std::string& text);
    //! Ends an overwritten line so that what is printed next starts on its own line.
    void breakLine();
    [[nodiscard]] bool isTerminal() const { return m_terminal; }

private:
    std::FILE* m_out;
    bool m_terminal;
    bool m_open = false; //!< a terminal line is shown and not ended yet
};

} // namespace orrery::app
