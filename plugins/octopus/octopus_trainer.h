#pragma once
#include "latency_model.h"
#include "octopus_params.h"
#include "policy/placement_sample.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace orrery::plugins::octopus {

//! The samples used for training and those held out to measure the model.
struct SampleSplit {
    std::vector<std::size_t> train;   //!< indices into the sample vector, ascending
    std::vector<std::size_t> heldOut; //!< indices into the sample vector, ascending
    std::size_t skipped = 0;          //!< samples without a finite latency > 0 (neither set)
};

//! Shuffles the usable samples with RngStream(seed, "octopus-split") and holds out
//! max(1, round(share × usable)) of them. Throws std::invalid_argument when fewer than
//! kMinimumSamples are usable.
SampleSplit splitSamples(const std::vector<policy::PlacementSample>& samples, double heldOutShare, std::uint64_t seed);
inline constexpr std::size_t kMinimumSamples = 10;

//! How well a model predicts a set of samples.
struct Evaluation {
    std::size_t count = 0;
    //! Share of samples with |predicted − observed| ≤ tolerance × observed.
    double accuracy = 0.0;
    //! Mean of |predicted − observed| / observed.
    double mape = 0.0;
    //! Groups of samples with equal features except the compute kind, observed on ≥ 2 kinds.
    std::size_t rankGroups = 0;
    //! Share of those groups whose predicted fastest kind is the observed fastest (lowest mean
    //! latency); unset when there is no such group.
    std::optional<double> rankAccuracy;
};

//! How noisy the observations are, which bounds any predictor's accuracy, from the groups of
//! samples with identical features (compute kind included).
struct NoiseEstimate {
    //! Pooled standard deviation of log(latency) within the groups.
    double logSigma = 0.0;
    //! The accuracy a perfect predictor of each group's median would reach if the noise is
    //! log-normal: Φ(−ln(1−t)/σ_g) − Φ(−ln(1+t)/σ_g) for tolerance t and group σ_g, averaged
    //! over the groups weighted by their sizes.
    double accuracyCeiling = 1.0;
    std::size_t groups = 0; //!< groups with two or more samples that entered the estimate
};

//! Unset when no two samples share their features (rows are then all distinct, and noise
//! cannot be told from structure).
std::optional<NoiseEstimate> estimateNoise(const std::vector<policy::PlacementSample>& samples,
                                           std::span<const std::size_t> rows, double tolerance);

Evaluation evaluate(const LatencyModel& model, const std::vector<policy::PlacementSample>& samples,
                    std::span<const std::size_t> rows, double tolerance);

//! Octopus's trainPlacement: split, train on the training share, measure on the held-out one.
//! Returns the model bytes, the metrics heldout_accuracy, heldout_mape, heldout_rank_accuracy
//! (when defined), heldout_rank_groups, train_accuracy, noise_log_sigma and
//! heldout_accuracy_ceiling (when defined), train_samples, heldout_samples, skipped_samples, and
//! a report. Throws std::invalid_argument / XGBoostError on failure.
policy::TrainingResult trainOctopus(const policy::PlacementTrainingSet& data, const TrainerOptions& options);

} // namespace orrery::plugins::octopus
