#pragma once
#include "kinds/strl_jobs/strl_jobs_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::strl_jobs {

//! Every key a `kind: strl-jobs` mapping may have.
[[nodiscard]] const std::vector<std::string>& strlJobsKeys();

//! Reads a `kind: strl-jobs` workload (docs/strl.md, "The strl-jobs kind"); reports every problem
//! with its file:line and field path, and returns nullptr when there were any.
std::unique_ptr<StrlJobsSpec> readStrlJobsWorkload(scenario::MapReader& reader, scenario::ParseContext& context,
                                                   const model::ClusterSpec* cluster);

} // namespace orrery::kinds::strl_jobs
