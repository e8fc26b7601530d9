#pragma once
#include "analysis/component_windows.h"

#include <cstddef>
#include <span>

namespace orrery::analysis {

//! Top-1 localization over windows with active anomalies (seed 001 §3.3.2): the instance with
//! the highest score in a window is the localized one; it is right when it was injected.
struct LocalizationScore {
    std::size_t singleWindows = 0;    //!< windows with one labelling anomaly and a labelled row
    std::size_t singleCorrect = 0;
    std::size_t multipleWindows = 0;  //!< windows with two or more labelling anomalies
    std::size_t multipleCorrect = 0;
    //! Windows whose anomalies hit no instance on the window's critical paths: no trace-based
    //! method can see them, so they are counted apart rather than as misses.
    std::size_t unobservableWindows = 0;
    //! Σ over scored windows of positives/rows: the expected top-1 accuracy of a random ranking.
    double chanceSum = 0.0;

    [[nodiscard]] double singleAccuracy() const { return ratio(singleCorrect, singleWindows); }
    [[nodiscard]] double multipleAccuracy() const { return ratio(multipleCorrect, multipleWindows); }
    [[nodiscard]] double overallAccuracy() const
    {
        return ratio(singleCorrect + multipleCorrect, singleWindows + multipleWindows);
    }
    [[nodiscard]] double chanceAccuracy() const
    {
        const std::size_t windows = singleWindows + multipleWindows;
        return windows == 0 ? 0.0 : chanceSum / static_cast<double>(windows);
    }

    //! Adds another run's counts.
    void add(const LocalizationScore& other);

private:
    static double ratio(std::size_t part, std::size_t whole)
    {
        return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
    }
};

//! Which windows with anomalies are scored.
enum class LocalizationWindows {
    All,          //!< every window an anomaly labels
    SloViolating  //!< only those whose traces violate an SLO (where FIRM's extractor runs)
};

//! Scores `scores` (one per row of `windows`, higher = more likely injected). Ties at the top
//! go to the first row (instance name order), so a constant score is no better than chance.
//! Throws std::invalid_argument when the sizes differ.
[[nodiscard]] LocalizationScore scoreLocalization(const ComponentWindowSet& windows, std::span<const double> scores,
                                                  LocalizationWindows which = LocalizationWindows::All);

} // namespace orrery::analysis
