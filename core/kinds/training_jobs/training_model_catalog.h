#pragma once
#include "kinds/training_jobs/training_model.h"

#include <vector>

namespace orrery::kinds::training_jobs {

//! The built-in models, after seed 004 Table 1's PyTorch/TensorFlow examples, with curve
//! parameters fitted to published training output (sources in each model and in docs/model.md,
//! "Training jobs").
[[nodiscard]] const std::vector<TrainingModel>& builtInTrainingModels();

} // namespace orrery::kinds::training_jobs
