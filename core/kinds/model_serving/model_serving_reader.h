#pragma once
#include "kinds/model_serving/model_serving_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::model_serving {

//! The keys a `kind: model-serving` workload may have.
const std::vector<std::string>& modelServingKeys();

//! Reads a `kind: model-serving` workload; diagnostics name file, line and field. Null on error.
std::unique_ptr<ModelServingSpec> readModelServingWorkload(scenario::MapReader& reader, scenario::ParseContext& context,
                                                           const model::ClusterSpec* cluster);

} // namespace orrery::kinds::model_serving
