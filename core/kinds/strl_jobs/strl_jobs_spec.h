#pragma once
#include "model/kind_spec.h"
#include "sim/sim_time.h"
#include "strl/job_type_spec.h"
#include "strl/strl_template.h"

#include <map>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace orrery::kinds::strl_jobs {

//! A class of jobs (`types:`): one of seed 003's placement preferences with its size, run time
//! and worth. The slowdown is the one the STRL generator plans with and the one the simulator
//! charges off the preferred placement.
struct JobClass {
    std::string name;
    strl::JobType type = strl::JobType::BestEffort;
    std::int32_t nodes = 1;               //!< k whole nodes (availability: k racks, one node each)
    sim::SimTime duration = 0;            //!< run time on the preferred placement
    double durationSpread = 0.0;          //!< a job's duration is uniform in duration × [1 − s, 1 + s]
    double slowdown = 1.0;                //!< gpu: without a GPU on every node; mpi: across racks
    double value = 1.0;
    std::optional<sim::SimTime> deadline; //!< relative to submission (slo jobs)
    double share = 1.0;                   //!< relative frequency in the random stream
    //! Instead of `type`: a user generator of `generators:` with values for its parameters, or a
    //! hand-written expression (template); the job is then planned with it (BatchJob::request).
    std::string generator;
    std::map<std::string, double> args;   //!< the generator's parameters (defaults filled in)
    std::shared_ptr<const strl::ExpressionTemplate> expression;
    model::SourceLocation location;

    //! Planned with its own STRL (a generator or an expression) rather than `type`'s generator.
    [[nodiscard]] bool custom() const { return !generator.empty() || expression != nullptr; }
    //! The type's name, the generator's name, or "expression": annotations strl.run.<label>.
    [[nodiscard]] std::string label() const { return !generator.empty() ? generator : expression ? "expression" : strl::toString(type); }
};

//! One job submitted at a fixed time (`jobs:`), in addition to the random stream.
struct ScriptedJob {
    std::string name;
    std::string jobClass;
    sim::SimTime submitAt = 0;
    std::optional<sim::SimTime> duration; //!< overrides the class's
    std::shared_ptr<const strl::ExpressionTemplate> expression; //!< a hand-written request; overrides the class's
    model::SourceLocation location;
};

//! `kind: strl-jobs` (seed 003): whole-node batch jobs of the job classes, arriving as a Poisson
//! stream whose rate gives the offered `load`, placed every `cycle` by the placement policy —
//! a batch policy (TetriSched) sees every pending job at once; a per-unit policy (first-fit,
//! kube) places them one job at a time, one node per unit, blind to GPUs and racks.
struct StrlJobsSpec final : model::KindSpec {
    sim::SimTime cycle = 10 * sim::kSecond; //!< scheduling period
    std::string rackLabel = "rack";         //!< the node-pool label naming a node's rack
    double load = 0.0;                      //!< offered load: Σ k·duration arriving per second / nodes (0 = none)
    sim::SimTime arrivalsFrom = 0;
    std::optional<sim::SimTime> arrivalsUntil; //!< unset: the scenario's horizon
    std::vector<strl::StrlGenerator> generators; //!< user generators (`generators:`)
    std::vector<JobClass> classes;
    std::vector<ScriptedJob> jobs;
    bool dropLateJobs = true;              //!< drop a pending deadline job that can no longer finish in time
    bool planAnnotations = true;           //!< record each cycle's future plan as strl.plan.* annotations

    [[nodiscard]] std::unique_ptr<model::KindSpec> clone() const override { return std::make_unique<StrlJobsSpec>(*this); }
    bool scaleArrivals(double factor) override;
    [[nodiscard]] const JobClass* findClass(const std::string& name) const;
    [[nodiscard]] const strl::StrlGenerator* findGenerator(const std::string& name) const;
    //! Mean node-seconds a random job asks for (Σ share·k·duration / Σ share), on its preferred placement.
    [[nodiscard]] double meanNodeSeconds() const;
};

} // namespace orrery::kinds::strl_jobs
