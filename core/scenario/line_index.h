#pragma once
#include <cstddef>
#include <string_view>
#include <vector>

namespace orrery::scenario {

//! Maps byte positions in a UTF-8 text to 1-based line and column numbers, counting columns in
//! characters (code points), so a position means the same thing in an editor as in a message.
//! Each lookup takes O(log n), so long lines (a big flow sequence) stay linear to parse.
class LineIndex {
public:
    explicit LineIndex(std::string_view text);

    struct Position {
        int line = 0;   //!< 1-based
        int column = 0; //!< 1-based, in characters
    };

    //! Position of the byte at `offset` (clamped to the end of the text).
    [[nodiscard]] Position fromOffset(std::size_t offset) const;
    //! Converts a yaml-cpp mark (0-based line, 0-based byte column after any byte-order mark).
    [[nodiscard]] Position fromMark(int line, int byteColumn) const;

private:
    std::string_view m_text;
    std::vector<std::size_t> m_lineStarts;   //!< byte offset of each line's first byte
    std::vector<std::size_t> m_continuations; //!< offsets of UTF-8 continuation bytes, ascending
};

} // namespace orrery::scenario
