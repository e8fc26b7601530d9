#pragma once
#include "kinds/training_jobs/convergence_rule.h"
#include "kinds/training_jobs/training_model.h"
#include "model/kind_spec.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::training_jobs {

//! One job submitted at a fixed time (`jobs:` in the scenario).
struct ScriptedJob {
    std::string name;
    std::string model;
    sim::SimTime submitAt = 0;
    model::SourceLocation location;
};

//! `kind: training-jobs` (seed 004 §6): deep-learning training containers on worker nodes, each
//! training one model until its convergence rule holds; limits set by a control policy.
struct TrainingJobsSpec final : model::KindSpec {
    std::string workerPool;                   //!< nodes of this pool are workers; empty = every node
    sim::SimTime controlPeriod = 5 * sim::kSecond; //!< how often the control policy is called
    std::vector<TrainingModel> models;        //!< built-in and the scenario's own
    ConvergenceRule convergence;
    //! Random jobs (§6.2): `count` jobs of models drawn uniformly from `mix`, submitted at times
    //! uniform in [submitFrom, submitTo], from their own random stream.
    std::int32_t count = 0;
    std::vector<std::string> mix;
    sim::SimTime submitFrom = 0;
    sim::SimTime submitTo = 0;
    std::vector<ScriptedJob> jobs;            //!< fixed jobs, in addition to the random ones
    bool evaluationSeries = true;             //!< record train.<job>.evaluation series

    [[nodiscard]] std::unique_ptr<model::KindSpec> clone() const override { return std::make_unique<TrainingJobsSpec>(*this); }
    [[nodiscard]] const TrainingModel* findModel(const std::string& name) const;
};

} // namespace orrery::kinds::training_jobs
