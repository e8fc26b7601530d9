#pragma once
#include "kinds/strl_jobs/strl_jobs_spec.h"
#include "strl/node_attributes.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::kinds::strl_jobs {

//! How much longer a job runs on `nodes` than on its preferred placement — the factor the STRL
//! generators plan with (strl/job_generators.h): a gpu job runs `slowdown` × longer unless every
//! node has a GPU; an mpi job unless all its nodes share one rack (value of `rackLabel`); other
//! types run at their duration anywhere.
double slowdownOn(const JobClass& jobClass, const std::vector<std::uint32_t>& nodes,
                  const std::vector<strl::NodeAttributes>& attributes, const std::string& rackLabel);

//! The number of distinct racks among `nodes` (an availability job needs k).
int racksSpanned(const std::vector<std::uint32_t>& nodes, const std::vector<strl::NodeAttributes>& attributes,
                 const std::string& rackLabel);

} // namespace orrery::kinds::strl_jobs
