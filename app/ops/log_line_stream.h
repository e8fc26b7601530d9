#pragma once
#include <functional>
#include <ostream>
#include <streambuf>
#include <string>

namespace orrery::app {

//! A std::ostream that hands each complete line to a function: the remote backends write their
//! log to a stream, the front ends take lines (the CLI prints them, the window's log lists them).
//! A last line without a newline is handed over when the stream is destroyed.
class LogLineStream {
public:
    explicit LogLineStream(std::function<void(const std::string&)> sink);
    ~LogLineStream();
    LogLineStream(const LogLineStream&) = delete;
    LogLineStream& operator=(const LogLineStream&) = delete;

    [[nodiscard]] std::ostream& stream() { return m_stream; }

private:
    class Buffer : public std::streambuf {
    public:
        explicit Buffer(std::function<void(const std::string&)> sink) : m_sink(std::move(sink)) {}
        void flushLine();

    protected:
        int_type overflow(int_type c) override;

    private:
        std::function<void(const std::string&)> m_sink;
        std::string m_line;
    };

    Buffer m_buffer;
    std::ostream m_stream;
};

} // namespace orrery::app
