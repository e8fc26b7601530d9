#pragma once
#include "kinds/functions/functions_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::functions {

//! The keys a `kind: Functions` workload mapping may have.
const std::vector<std::string>& functionsKeys();

//! Reads a `kind: Functions` workload (docs/scenario-format.md, "Functions"): the platform, the
//! functions with their profiles (the built-in catalog resources/profiles/functions.yaml plus
//! the scenario's own `profiles:`), arrivals, initial container settings and churn. Reports
//! problems with file:line and returns nullptr when there were any.
std::unique_ptr<FunctionsSpec> readFunctionsWorkload(scenario::MapReader& reader, scenario::ParseContext& context,
                                                     const model::ClusterSpec* cluster);

} // namespace orrery::kinds::functions
