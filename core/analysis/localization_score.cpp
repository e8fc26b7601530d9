#include "analysis/localization_score.h"

#include <stdexcept>

namespace orrery::analysis {

void LocalizationScore::add(const LocalizationScore& other)
{
    singleWindows += other.singleWindows;
    singleCorrect += other.singleCorrect;
    multipleWindows += other.multipleWindows;
    multipleCorrect += other.multipleCorrect;
    unobservableWindows += other.unobservableWindows;
    chanceSum += other.chanceSum;
}

LocalizationScore scoreLocalization(const ComponentWindowSet& windows, std::span<const double> scores,
                                    LocalizationWindows which)
{
    if (scores.size() != windows.rows.size())
        throw std::invalid_argument("localization: " + std::to_string(scores.size()) + " scores for "
                                    + std::to_string(windows.rows.size()) + " rows");
    LocalizationScore score;
    for (const ComponentWindow& window : windows.windows) {
        if (window.anomalies.empty() || (which == LocalizationWindows::SloViolating && !window.sloViolated))
            continue;
        if (window.positives == 0 || window.rowCount == 0) {
            ++score.unobservableWindows;
            continue;
        }
        std::size_t best = window.firstRow;
        for (std::size_t r = window.firstRow + 1; r < window.firstRow + window.rowCount; ++r) {
            if (scores[r] > scores[best])
                best = r;
        }
        const bool correct = windows.rows[best].label > 0;
        if (window.anomalies.size() == 1) {
            ++score.singleWindows;
            score.singleCorrect += correct ? 1 : 0;
        } else {
            ++score.multipleWindows;
            score.multipleCorrect += correct ? 1 : 0;
        }
        score.chanceSum += static_cast<double>(window.positives) / static_cast<double>(window.rowCount);
    }
    return score;
}

} // namespace orrery::analysis
