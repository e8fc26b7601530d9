#include "env/workload_generator_factory.h"

#include "env/batch_jobs_generator.h"
#include "env/job_streams_generator.h"

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

    std::unique_ptr<WorkloadGenerator> operator()(const model::JobStreamsSpec& spec) const
    {
        return makeJobStreamsGenerator(spec, seed);
    }

    //! Microservice requests are driven by MicroserviceSimulator, not by a job generator.
    std::unique_ptr<WorkloadGenerator> operator()(const model::MicroservicesSpec&) const { return nullptr; }
    //! Registered kinds drive themselves (env/workload_kind_runtimes.h).
    std::unique_ptr<WorkloadGenerator> operator()(const model::KindWorkload&) const { return nullptr; }
};

} // namespace

std::unique_ptr<WorkloadGenerator> makeWorkloadGenerator(const model::WorkloadSpec& spec, std::uint64_t seed)
{
    return std::visit(GeneratorMaker{seed}, spec);
}

} // namespace orrery::env
