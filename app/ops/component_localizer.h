#pragma once
#include "analysis/component_windows.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace orrery::app {

//! Settings of ComponentLocalizer.
struct ComponentLocalizerConfig {
    std::uint64_t seed = 0;
    std::size_t epochs = 5;           //!< passes over the training runs
    std::size_t windowsPerBatch = 10; //!< windows per partialFit call (incremental training)
    std::size_t maxPositiveWeight = 50;
};

//! How the training set was balanced.
struct ClassBalance {
    std::size_t positives = 0;
    std::size_t negatives = 0;
    std::size_t positiveWeight = 1;   //!< copies of each positive row fed to the SVM
};

//! FIRM's critical-component classifier (seed 001 §3.2.3) over windowed (RI, CI) features:
//! standardizes the features with the training rows' mean and deviation, and trains a
//! learn::RandomFourierSvm incrementally, window batch after window batch, run after run.
//! Positives (injected instances) are rare, so each is fed positiveWeight = round(negatives /
//! positives) times (capped), which gives both classes the same total weight in the hinge loss.
class ComponentLocalizer {
public:
    explicit ComponentLocalizer(const ComponentLocalizerConfig& config);
    ~ComponentLocalizer();

    //! Trains on the rows of `runs`. Throws std::invalid_argument when they hold no positive or
    //! no negative row.
    void train(const std::vector<const analysis::ComponentWindowSet*>& runs);
    //! SVM decision per row (> 0: critical component).
    [[nodiscard]] std::vector<double> decisions(const analysis::ComponentWindowSet& run) const;

    [[nodiscard]] const ClassBalance& balance() const { return m_balance; }
    [[nodiscard]] const std::vector<double>& mean() const { return m_mean; }
    [[nodiscard]] const std::vector<double>& deviation() const { return m_deviation; }

    //! The features of a row before standardization: (RI, ln max(CI, 1)).
    static void features(const analysis::ComponentWindowRow& row, float* out);
    static constexpr std::size_t kFeatures = 2;

private:
    void standardize(const analysis::ComponentWindowRow& row, float* out) const;

    struct Impl;
    ComponentLocalizerConfig m_config;
    ClassBalance m_balance;
    std::vector<double> m_mean;
    std::vector<double> m_deviation;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::app
