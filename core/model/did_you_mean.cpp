#include "model/did_you_mean.h"

#include <algorithm>
#include <cctype>

namespace orrery::model {

int editDistance(std::string_view a, std::string_view b)
{
    // Optimal string alignment distance over three rolling rows.
    const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    const std::size_t n = b.size();
    std::vector<int> previous2(n + 1), previous(n + 1), current(n + 1);
    for (std::size_t j = 0; j <= n; ++j)
        previous[j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = static_cast<int>(i);
        for (std::size_t j = 1; j <= n; ++j) {
            const int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
                current[j] = std::min(current[j], previous2[j - 2] + 1);
        }
        std::swap(previous2, previous);
        std::swap(previous, current);
    }
    return previous[n];
}

std::string closestMatch(std::string_view word, const std::vector<std::string>& candidates)
{
    const int limit = std::max<int>(1, static_cast<int>(word.size()) / 3);
    std::string best;
    int bestDistance = limit + 1;
    for (const auto& candidate : candidates) {
        const int distance = editDistance(word, candidate);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
        }
    }
    return best;
}

std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates)
{
    const std::string match = closestMatch(word, candidates);
    return match.empty() ? std::string() : " (did you mean '" + match + "'?)";
}

} // namespace orrery::model
