#pragma once
#include "store/stored_model.h"

#include <string>
#include <string_view>

namespace orrery::store {

//! The canonical text of a model's metrics stored in `models.metrics`: a compact JSON object
//! from name to number with keys sorted, e.g. {"heldout_accuracy":0.94,"heldout_mape":0.031}.
//! Numbers round-trip exactly (shortest representation that reads back to the same double);
//! NaN and infinities, which JSON cannot hold, are written as null.
//! Throws std::invalid_argument when a name is listed twice.
std::string canonicalMetricsText(const ModelMetrics& metrics);

//! The inverse: pairs sorted by name, null read as a quiet NaN. Throws std::invalid_argument on
//! text that is not such an object.
ModelMetrics parseMetricsText(std::string_view text);

} // namespace orrery::store
