#include "scenario/line_index.h"

#include <algorithm>

namespace orrery::scenario {

namespace {

bool isContinuationByte(char c)
{
    return (static_cast<unsigned char>(c) & 0xc0) == 0x80;
}

} // namespace

LineIndex::LineIndex(std::string_view text)
    : m_text(text)
{
    // yaml-cpp skips a UTF-8 byte-order mark and counts columns from the byte after it.
    m_lineStarts.push_back(text.substr(0, 3) == "\xef\xbb\xbf" ? 3 : 0);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n')
            m_lineStarts.push_back(i + 1);
        else if (isContinuationByte(text[i]))
            m_continuations.push_back(i);
    }
}

LineIndex::Position LineIndex::fromOffset(std::size_t offset) const
{
    offset = std::min(offset, m_text.size());
    const auto next = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    const std::size_t lineIndex = next == m_lineStarts.begin() ? 0 : static_cast<std::size_t>(next - m_lineStarts.begin()) - 1;
    const std::size_t start = std::min(m_lineStarts[lineIndex], offset);
    // Characters before `offset` on its line: bytes minus the continuation bytes among them.
    const auto continuations = std::lower_bound(m_continuations.begin(), m_continuations.end(), offset)
        - std::lower_bound(m_continuations.begin(), m_continuations.end(), start);
    const auto characters = static_cast<std::ptrdiff_t>(offset - start) - continuations;
    return {static_cast<int>(lineIndex) + 1, static_cast<int>(characters) + 1};
}

LineIndex::Position LineIndex::fromMark(int line, int byteColumn) const
{
    if (line < 0 || byteColumn < 0)
        return {};
    const auto lineNumber = static_cast<std::size_t>(line);
    if (lineNumber >= m_lineStarts.size())
        return fromOffset(m_text.size());
    const std::size_t start = m_lineStarts[lineNumber];
    std::size_t contentEnd = lineNumber + 1 < m_lineStarts.size() ? m_lineStarts[lineNumber + 1] - 1 : m_text.size();
    contentEnd = std::max(start, contentEnd);
    // yaml-cpp reports some errors just past the end of a line; keep them on that line.
    return fromOffset(std::min(start + static_cast<std::size_t>(byteColumn), contentEnd));
}

} // namespace orrery::scenario
