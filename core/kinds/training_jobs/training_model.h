#pragma once
#include "model/contended_resource.h"

#include <string>

namespace orrery::kinds::training_jobs {

//! One model's training behaviour: its evaluation function as a saturating curve in work done,
//! E(w) = a + b·e^(−w/τ) with w in epochs, and how fast a container turns CPU into epochs
//! (docs/model.md, "Training jobs").
struct TrainingModel {
    std::string name;             //!< e.g. mnist-pytorch
    std::string evaluation;       //!< what E measures, e.g. "test cross-entropy loss" or "test accuracy"
    double asymptote = 0;         //!< a: E as w → ∞
    double amplitude = 1;         //!< b: E(0) − a (positive for a loss, negative for an accuracy)
    double tauEpochs = 1;         //!< τ: epochs for the remaining gap to shrink by e
    double epochCoreSeconds = 60; //!< CPU work of one epoch on one reference core (core·s)
    double maxCores = 4;          //!< the most cores the job's threads keep busy alone
    //! Serial fraction σ of Amdahl's law: speed-up on c cores is c / (1 + σ·(c − 1)).
    double serialFraction = 0.1;
    double memoryBandwidthPerCore = 2e9; //!< bytes/s of memory traffic per busy core
    double diskBytesPerSecond = 5e6;     //!< data loading while it trains
    double networkBytesPerSecond = 0;    //!< e.g. dataset streaming, parameter exchange
    model::ResourceSensitivity sensitivity{{1.0, 0.4, 0.2, 0.05, 0.05, 0.0}};
    //! False: the container never reports an evaluation value (no hook in the training code).
    bool reportsEvaluation = true;
    std::string source;           //!< where the curve's parameters come from (docs/model.md)

    //! E(w), monotone in w (decreasing for a loss, increasing for an accuracy).
    [[nodiscard]] double evaluationAt(double epochs) const;
    //! Epochs per second on `cores` granted cores of relative speed `speed`, before contention.
    [[nodiscard]] double epochsPerSecond(double cores, double speed) const;
    //! The cores the job keeps busy when granted `grantCores`: min(grant, maxCores).
    [[nodiscard]] double busyCores(double grantCores) const;
};

} // namespace orrery::kinds::training_jobs
