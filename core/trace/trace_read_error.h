#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>

namespace orrery::trace {

//! A trace file that cannot be read: names the file, the 1-based line (0 when unknown) and the
//! field path (e.g. `data[3].spans[7].processID`); what() is `FILE:LINE: FIELD: message`.
class TraceReadError : public std::runtime_error {
public:
    TraceReadError(std::string file, std::size_t line, std::string field, const std::string& message);

    [[nodiscard]] const std::string& file() const { return m_file; }
    [[nodiscard]] std::size_t line() const { return m_line; }
    [[nodiscard]] const std::string& field() const { return m_field; }
    //! The message without the location prefix.
    [[nodiscard]] const std::string& message() const { return m_message; }

private:
    std::string m_file;
    std::size_t m_line = 0;
    std::string m_field;
    std::string m_message;
};

} // namespace orrery::trace
