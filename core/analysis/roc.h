#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace orrery::analysis {

//! One operating point of a binary classifier: rows scoring ≥ threshold are called positive.
struct RocPoint {
    double threshold = 0.0;        //!< +∞ for the first point (nothing called positive)
    double falsePositiveRate = 0.0;
    double truePositiveRate = 0.0;
};

//! A receiver operating characteristic curve (seed 001 Fig. 3.5a).
struct RocCurve {
    //! From (0, 0) at threshold +∞ to (1, 1), one point per distinct score, thresholds descending.
    std::vector<RocPoint> points;
    //! Area under the curve by the trapezoid rule: tied scores give a diagonal step (half
    //! credit), so AUC = P(score⁺ > score⁻) + ½·P(score⁺ = score⁻). NaN without positives or
    //! without negatives.
    double auc = 0.0;
    std::size_t positives = 0;
    std::size_t negatives = 0;
};

//! The ROC curve of `scores` against `labels` (> 0 positive). Throws std::invalid_argument when
//! the sizes differ or a score is NaN.
[[nodiscard]] RocCurve rocCurve(std::span<const double> scores, std::span<const int> labels);

//! Counts of a classification at one threshold.
struct ConfusionCounts {
    std::size_t truePositives = 0;
    std::size_t falsePositives = 0;
    std::size_t trueNegatives = 0;
    std::size_t falseNegatives = 0;

    //! TP / (TP + FP); 0 when nothing is called positive.
    [[nodiscard]] double precision() const;
    //! TP / (TP + FN); 0 without positives.
    [[nodiscard]] double recall() const;
    //! (TP + TN) / all; 0 when empty.
    [[nodiscard]] double accuracy() const;
};

//! Rows with score > threshold called positive (the SVM's own rule at threshold 0). Throws
//! std::invalid_argument when the sizes differ.
[[nodiscard]] ConfusionCounts confusionAt(std::span<const double> scores, std::span<const int> labels,
                                          double threshold);

} // namespace orrery::analysis
