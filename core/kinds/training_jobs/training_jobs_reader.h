#pragma once
#include "kinds/training_jobs/training_jobs_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::training_jobs {

//! Every key a `kind: training-jobs` mapping may have.
[[nodiscard]] const std::vector<std::string>& trainingJobsKeys();

//! Reads a `kind: training-jobs` workload (docs/scenario-format.md, "Training jobs"); reports
//! every problem with its file:line and field path, and returns nullptr when there were any.
std::unique_ptr<TrainingJobsSpec> readTrainingJobsWorkload(scenario::MapReader& reader, scenario::ParseContext& context,
                                                           const model::ClusterSpec* cluster);

} // namespace orrery::kinds::training_jobs
