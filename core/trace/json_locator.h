#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace orrery::trace {

//! Finds where things are in JSON text, for error messages: nlohmann's DOM keeps no positions,
//! so on an error the text is scanned again (cheap, and only then). Tolerates truncated text.
class JsonLocator {
public:
    explicit JsonLocator(std::string_view text)
        : m_text(text)
    {
    }

    //! Byte offset where the value at `path` (e.g. `data[3].spans[7].processID`, "" for the
    //! document) begins, or npos if there is none.
    [[nodiscard]] std::size_t offsetOf(std::string_view path) const;
    //! The path of the innermost value being read at byte `offset` (where a parser gave up).
    [[nodiscard]] std::string pathAt(std::size_t offset) const;
    //! 1-based line of byte `offset`.
    [[nodiscard]] std::size_t lineOf(std::size_t offset) const;

private:
    std::string_view m_text;
};

} // namespace orrery::trace
