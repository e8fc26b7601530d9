#include "env/workload_generator_factory.h"

#include "env/batch_jobs_generator.h"
#include "env/workload_kind_runtimes.h"

#include <variant>

namespace orrery::env {
namespace {

//! One overload per workload kind; a new alternative of model::WorkloadSpec fails to compile here
//! until it has a generator.
struct GeneratorMaker {
    std::uint64_t seed;

    std::unique_ptr<WorkloadGenerator> operator()(const model::BatchJobsSpec& spec) const
    {
        return std::make_unique<BatchJobsGenerator>(spec, seed);
    }

    //! A registered kind of jobs (JobStreams) brings its generator; the others drive themselves
    //! (env/workload_kind_runtimes.h).
    std::unique_ptr<WorkloadGenerator> operator()(const model::KindWorkload& workload) const
    {
        const WorkloadKindRuntime* runtime = findWorkloadKindRuntime(workload.spec->kind);
        return runtime && runtime->makeGenerator ? runtime->makeGenerator(*workload.spec, seed) : nullptr;
    }
};

} // namespace

std::unique_ptr<WorkloadGenerator> makeWorkloadGenerator(const model::WorkloadSpec& spec, std::uint64_t seed)
{
    return std::visit(GeneratorMaker{seed}, spec);
}

} // namespace orrery::env
