#include "kinds/job_streams/job_streams_kind.h"

#include "env/workload_kind_runtimes.h"
#include "kinds/job_streams/job_streams_generator.h"
#include "kinds/job_streams/job_streams_reader.h"
#include "scenario/workload_kind_readers.h"

#include <mutex>

namespace orrery::kinds::job_streams {

void registerJobStreamsKind()
{
    static std::once_flag once;
    std::call_once(once, [] {
        scenario::registerWorkloadKindReader({kJobStreamsKind, jobStreamsKeys(),
                                              [](scenario::MapReader& reader, scenario::ParseContext& context,
                                                 const model::ClusterSpec* cluster,
                                                 scenario::ServiceGraphCache& graphs) -> std::unique_ptr<model::KindSpec> {
                                                  return readJobStreams(reader, context, cluster, graphs);
                                              }});
        // Its jobs go through the simulation's own task path (queue, placement policy,
        // contention), so it records the jobs.* and job.* metrics every job workload does and
        // needs no runtime of its own.
        env::registerWorkloadKindRuntime({kJobStreamsKind,
                                          {},
                                          {},
                                          {},
                                          {},
                                          {},
                                          [](const model::KindSpec& spec, std::uint64_t seed) -> std::unique_ptr<env::WorkloadGenerator> {
                                              return std::make_unique<JobStreamsGenerator>(dynamic_cast<const JobStreamsSpec&>(spec), seed);
                                          }});
    });
}

} // namespace orrery::kinds::job_streams
