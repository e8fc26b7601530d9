#include "live/promql_template.h"

#include <algorithm>
#include <vector>

namespace orrery::live {

std::string expandPromql(const std::string& text, const std::map<std::string, std::string>& values)
{
    std::vector<const std::pair<const std::string, std::string>*> byLength;
    for (const auto& entry : values)
        byLength.push_back(&entry);
    std::stable_sort(byLength.begin(), byLength.end(),
                     [](const auto* a, const auto* b) { return a->first.size() > b->first.size(); });
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        bool replaced = false;
        if (text[i] == '$') {
            for (const auto* entry : byLength) {
                if (text.compare(i + 1, entry->first.size(), entry->first) == 0) {
                    out += entry->second;
                    i += 1 + entry->first.size();
                    replaced = true;
                    break;
                }
            }
        }
        if (!replaced)
            out += text[i++];
    }
    return out;
}

std::string promqlRange(std::int64_t nanoseconds)
{
    if (nanoseconds % 1'000'000'000 == 0)
        return std::to_string(nanoseconds / 1'000'000'000) + "s";
    return std::to_string(std::max<std::int64_t>(1, nanoseconds / 1'000'000)) + "ms";
}

} // namespace orrery::live
