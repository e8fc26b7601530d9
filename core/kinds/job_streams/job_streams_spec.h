#pragma once
#include "model/diagnostic.h"
#include "model/kind_spec.h"
#include "model/duration_distribution.h"
#include "model/resource_demand.h"
#include "model/resources.h"
#include "model/service_graph.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <memory>
#include <string>

namespace orrery::kinds::job_streams {

using model::DurationDistribution;
using model::ResourceDemand;
using model::Resources;
using model::ServiceGraph;
using model::SourceLocation;

//! The latency objective of a job-streams job.
struct JobSloSpec {
    enum class Kind {
        None,                 //!< no objective
        Absolute,             //!< `slo: 50ms`: every job has the same objective
        CriticalPathMultiple, //!< `slo: {criticalPathMultiple: 5}`: a multiple of the job's critical path
    };
    Kind kind = Kind::None;
    sim::SimTime absolute = 0; //!< for Absolute
    double multiple = 0.0;     //!< for CriticalPathMultiple
};

//! Long-running batch jobs mixed into a job stream (Octopus, seed 000 §III-A): single CPU tasks.
struct InjectedBatchSpec {
    double fraction = 0.0; //!< share of the stream's arrivals that are batch jobs; 0 = none
    Resources request;     //!< CPU and memory of each batch job
    ResourceDemand demand = ResourceDemand::batch(); //!< per requested core (contention model)
    DurationDistribution duration;

    [[nodiscard]] bool enabled() const { return fraction > 0.0; }
};

//! `kind: JobStreams`, the workload of the Octopus paper (seed 000 §III-A): jobs of a few
//! microservices sampled as connected subgraphs of a service graph, Poisson arrivals, each task
//! carrying {cpu, memory, disk, dependent microservice, accelerator kind}, plus injected batch
//! jobs. docs/model.md describes the sampling; docs/scenario-format.md the YAML.
struct JobStreamsSpec final : model::KindSpec {
    [[nodiscard]] std::unique_ptr<model::KindSpec> clone() const override { return std::make_unique<JobStreamsSpec>(*this); }
    //! Scales `arrivalRate` (a launchWindow's rate follows `jobs` instead).
    bool scaleArrivals(double factor) override;
    [[nodiscard]] double peakArrivalsPerSecond() const override { return arrivalsPerSecond; }
    bool setJobCount(std::int64_t jobs) override;
    [[nodiscard]] std::shared_ptr<const ServiceGraph> serviceGraph() const override { return graph; }

    std::string graphReference; //!< as written: a built-in name ("socialnetwork") or a path
    std::string graphFile;      //!< the file it resolved to
    std::shared_ptr<const ServiceGraph> graph;
    //! All arrivals (microservice and batch jobs together), per second. Unused when launchWindow is set.
    double arrivalsPerSecond = 0.0;
    std::int64_t maxJobs = 0;  //!< `jobs`: arrivals in all; 0 = unlimited within the horizon
    //! `launchWindow`: the `jobs` arrivals are spread over this window (Poisson at jobs / window),
    //! so a scenario with more jobs is a more loaded one — the Octopus job-scaling study. 0 = unset.
    sim::SimTime launchWindow = 0;

    //! The Poisson rate actually used: jobs / launchWindow when a window is set.
    [[nodiscard]] double effectiveArrivalsPerSecond() const
    {
        return launchWindow > 0 ? static_cast<double>(maxJobs) / sim::toSeconds(launchWindow) : arrivalsPerSecond;
    }
    int minServicesPerJob = 1; //!< services per microservice job, drawn uniformly in [min, max]
    int maxServicesPerJob = 4;
    //! σ of the log-normal factor (median 1) that scales each task's profile latency.
    double latencySigma = 0.3;
    JobSloSpec slo;
    InjectedBatchSpec batch;
};

} // namespace orrery::kinds::job_streams
