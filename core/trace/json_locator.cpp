#include "trace/json_locator.h"

#include <algorithm>
#include <vector>

namespace orrery::trace {
namespace {

struct Frame {
    bool array = false;
    bool expectKey = false;  // objects: the next string is a key
    std::size_t index = 0;
    std::string key;
};

std::string render(const std::vector<Frame>& frames)
{
    std::string path;
    for (const Frame& frame : frames) {
        if (frame.array) {
            path += '[' + std::to_string(frame.index) + ']';
        } else {
            if (!path.empty())
                path += '.';
            path += frame.key;
        }
    }
    return path;
}

//! Walks the tokens of `text` and calls `onValue(path frames, offset)` where each value begins;
//! stops when it returns true or at `limit`. Returns the frames at the stopping point.
template <typename OnValue>
std::vector<Frame> walk(std::string_view text, std::size_t limit, OnValue onValue)
{
    std::vector<Frame> frames;
    limit = std::min(limit, text.size());
    std::size_t i = 0;
    auto skipString = [&] {
        for (++i; i < limit && text[i] != '"'; ++i) {
            if (text[i] == '\\')
                ++i;
        }
        ++i;
    };
    while (i < limit) {
        const char c = text[i];
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            ++i;
            continue;
        }
        if (c == ':') {
            ++i;
            continue;
        }
        if (c == ',') {
            if (!frames.empty()) {
                if (frames.back().array)
                    ++frames.back().index;
                else
                    frames.back().expectKey = true;
            }
            ++i;
            continue;
        }
        if (c == '}' || c == ']') {
            if (!frames.empty())
                frames.pop_back();
            ++i;
            continue;
        }
        if (c == '"' && !frames.empty() && frames.back().expectKey) {
            const std::size_t begin = i + 1;
            skipString();
            const std::size_t end = std::min(i - 1, text.size());
            frames.back().key.assign(text.substr(begin, end > begin ? end - begin : 0));
            frames.back().expectKey = false;
            continue;
        }
        // A value starts here.
        if (onValue(frames, i))
            return frames;
        if (c == '{' || c == '[') {
            frames.push_back(Frame{c == '[', c == '{', 0, {}});
            ++i;
        } else if (c == '"') {
            skipString();
        } else {
            while (i < limit && std::string_view(",}] \n\r\t").find(text[i]) == std::string_view::npos)
                ++i;
        }
    }
    return frames;
}

} // namespace

std::size_t JsonLocator::offsetOf(std::string_view path) const
{
    std::size_t found = std::string_view::npos;
    walk(m_text, m_text.size(), [&](const std::vector<Frame>& frames, std::size_t offset) {
        if (render(frames) != path)
            return false;
        found = offset;
        return true;
    });
    return found;
}

std::string JsonLocator::pathAt(std::size_t offset) const
{
    const std::vector<Frame> frames = walk(m_text, offset, [](const std::vector<Frame>&, std::size_t) { return false; });
    return render(frames);
}

std::size_t JsonLocator::lineOf(std::size_t offset) const
{
    offset = std::min(offset, m_text.size());
    return 1 + static_cast<std::size_t>(std::count(m_text.begin(), m_text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

} // namespace orrery::trace
