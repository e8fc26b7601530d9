#pragma once
#include "strl/expression.h"
#include "strl/generator_context.h"
#include "strl/job_type_spec.h"

#include <optional>

namespace orrery::strl {

// Generators turn a job's type into its STRL expression for one planning window: a max over
// candidate start times (now + i × slot) of the placement options the type allows. Values:
// with a deadline, `value` for a completion at or before it and the option is left out after
// it; without one, value × W / (W + completion − now) with W the window length, so earlier
// completion is worth strictly more. Sets are the ones GeneratorContext::defineSets makes.

//! The worth of completing at `completion` (nullopt: worthless, leave the option out).
std::optional<double> completionValue(const JobTypeSpec& spec, const GeneratorContext& context, sim::SimTime completion);

//! max over starts of { nCk(gen:gpu, k, s, d, ·), nCk(gen:all, k, s, d × slowdown, ·) }.
Expression generateGpuJob(const JobTypeSpec& spec, const GeneratorContext& context);
//! max over starts of { max over racks nCk(gen:rack=r, k, s, d, ·), nCk(gen:all, k, s, d × slowdown, ·) }.
Expression generateMpiJob(const JobTypeSpec& spec, const GeneratorContext& context);
//! max over starts of scale(value / k, barrier(k, sum over racks nCk(gen:rack=r, 1, s, d, 1))):
//! one node on each of at least k different racks, worth nothing with fewer.
Expression generateAvailabilityJob(const JobTypeSpec& spec, const GeneratorContext& context);
//! max over starts finishing by the deadline of nCk(set, k, s, d, value).
Expression generateSloJob(const JobTypeSpec& spec, const GeneratorContext& context);
//! max over starts of nCk(set, k, s, d, decaying value).
Expression generateBestEffortJob(const JobTypeSpec& spec, const GeneratorContext& context);

//! Dispatches on spec.type. An expression with no options (nothing fits the window) is an
//! empty max, worth 0.
Expression generateJob(const JobTypeSpec& spec, const GeneratorContext& context);

} // namespace orrery::strl
