#pragma once
#include "experiment/arm_spec.h"
#include "experiment/live_target.h"
#include "experiment/metric_spec.h"
#include "experiment/sweep_spec.h"
#include "model/diagnostic.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orrery::experiment {

//! A validated experiment file (`kind: Experiment`, docs/experiment-format.md): which scenario,
//! which arms, seeds, repeats, metrics and sweep. No YAML left in it.
struct ExperimentSpec {
    std::string name;
    std::string description;
    std::string sourceFile; //!< the experiment file's path, for messages
    std::string sourceText; //!< the file's text, stored with the experiment

    std::string scenarioReference; //!< `spec.scenario` as written
    std::string scenarioFile;      //!< the path it resolved to (relative to the experiment file's directory)
    model::SourceLocation scenarioLocation;

    std::vector<ArmSpec> arms;    //!< at least one, names unique, in file order
    std::size_t baseline = 0;     //!< index into arms: `spec.baseline`, default the first arm
    std::size_t treatment = 0;    //!< index into arms: `spec.treatment`, default the last arm
    std::vector<std::uint64_t> seeds; //!< unique, in file order; the scenario's seed when not given
    int repeats = 1;
    std::vector<MetricSpec> metrics;  //!< unique, in file order
    std::optional<SweepSpec> sweep;
    //! `spec.target: live`: the arms take turns on a live namespace instead of simulating a
    //! scenario (no scenario then; seeds are the window numbers 1 … windowsPerArm).
    std::optional<LiveTarget> live;

    //! Sweep points (1 without a sweep).
    [[nodiscard]] std::size_t pointCount() const { return sweep ? sweep->points.size() : 1; }
    //! Runs in all: points × arms × seeds × repeats.
    [[nodiscard]] std::size_t cellCount() const
    {
        return pointCount() * arms.size() * seeds.size() * static_cast<std::size_t>(repeats);
    }
};

} // namespace orrery::experiment
