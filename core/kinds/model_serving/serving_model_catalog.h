#pragma once
#include "kinds/model_serving/serving_model_profile.h"

#include <string_view>
#include <vector>

namespace orrery::kinds::model_serving {

//! The model zoo of seed 001 Table 6.1 (15 models, single-request latency on a V100 at the
//! default clock, sequence length 512), with operator mixes built from each model's published
//! architecture (docs/model.md, "Model serving: GPU frequency, latency and power").
[[nodiscard]] const std::vector<ServingModelProfile>& builtInServingModels();

//! The built-in model called `name` (case-sensitive), or nullptr.
[[nodiscard]] const ServingModelProfile* findServingModel(std::string_view name);

//! The built-in model called `name`; throws std::invalid_argument "model: unknown model '<name>'
//! (known: …)" when there is none.
[[nodiscard]] const ServingModelProfile& servingModel(std::string_view name);

} // namespace orrery::kinds::model_serving
