#pragma once
#include "strl/strl_template.h"
#include "sim/sim_time.h"
#include "store/ids.h"
#include "strl/expression.h"
#include "strl/job_type_spec.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace orrery::app {

//! What the Plan tab shows of one run of a `kind: strl-jobs` scenario (docs/strl.md): the nodes
//! (grouped by rack), the executed placements (`strl.run.<type>` annotations), each cycle's
//! planned future placements (`strl.plan.<type>`, intensity = the cycle's time), and the jobs as
//! the run's stored scenario submits them, so that a job's STRL expression can be rebuilt.
struct StrlPlanRunData {
    struct Node {
        QString name;
        QString rack; //!< the value of the workload's rack label; empty: none
        int gpus = 0;
    };
    //! One placement: a job on one or more nodes over [start, end).
    struct Block {
        QString job;
        QString type;          //!< "gpu", "mpi", "availability", "slo", "best-effort"
        std::vector<int> rows; //!< indices into `nodes`
        QStringList nodeNames; //!< as recorded (a name not in the cluster has no row)
        double start = 0;      //!< simulated seconds
        double end = 0;
        double slowdown = 1;   //!< executed: the run-time factor charged
        int cycle = -1;        //!< planned: index into `cycles`
    };
    //! A job as the scenario submits it (kinds::strl_jobs::submittedJobs: the same seed, the same stream).
    struct Job {
        QString name;
        QString className;
        strl::JobType type = strl::JobType::BestEffort;
        int nodes = 1;
        sim::SimTime submitAt = 0;
        sim::SimTime duration = 0; //!< on its preferred placement
        double slowdown = 1;
        double value = 1;
        std::optional<sim::SimTime> deadline; //!< absolute
        //! Its user generator or hand-written expression (kinds::strl_jobs::requestOf); null for a built-in type.
        std::shared_ptr<const strl::RequestTemplate> request;
    };
    //! A job class (`types:`), for jobs the stream does not name.
    struct JobClass {
        QString name;
        strl::JobType type = strl::JobType::BestEffort;
        int nodes = 1;
        sim::SimTime duration = 0;
        double slowdown = 1;
        double value = 1;
        std::optional<sim::SimTime> deadline; //!< relative to submission
    };

    store::RunId runId = 0;
    bool runFound = false;
    bool isStrl = false; //!< the scenario has a strl-jobs workload
    QString workload;
    QString policy;              //!< the placement plugin
    bool plansStrl = false;      //!< the policy is one of TetriSched's (it plans with STRL)
    sim::SimTime cycle = 10 * sim::kSecond;
    sim::SimTime slot = 10 * sim::kSecond; //!< the policy's slice (its `slot`, default 10 s)
    int window = 8;                        //!< the policy's plan-ahead window in slices
    std::string rackLabel = "rack";
    std::vector<std::string> racks; //!< sorted, as GeneratorContext::racksOf gives them
    double horizon = 0;             //!< simulated seconds

    std::vector<Node> nodes;      //!< display order: by rack (sorted), then cluster order; no rack last
    std::vector<Block> executed;  //!< by start
    std::vector<Block> planned;   //!< by cycle, then start
    std::vector<double> cycles;   //!< every scheduling cycle's time (s): 0, cycle, 2·cycle, … < horizon
    std::vector<std::pair<int, int>> plannedOfCycle; //!< per cycle: [first, last) into `planned`
    std::vector<Job> jobs;
    std::unordered_map<std::string, int> jobIndex; //!< name → index into jobs
    std::vector<JobClass> classes;
    QStringList types; //!< job types that occur (run or plan), in kTypeOrder
    QString error;

    [[nodiscard]] const Job* findJob(const QString& name) const;
};

//! The job types in legend order.
const QStringList& strlTypeOrder();

//! Reads `runId`'s scenario and annotations through its own connection (any thread). Never
//! throws: failures land in StrlPlanRunData::error.
StrlPlanRunData loadStrlPlanRunData(const std::string& projectPath, store::RunId runId);

//! A job's STRL expression rebuilt from the run's scenario with core/strl's generators.
struct RebuiltExpression {
    enum class Source {
        Submission, //!< the job as submitted, at the first cycle it was pending: what the policy planned with first
        Start,      //!< the job as submitted, at the cycle it started
        ClassAtStart, //!< the job is not in the stream: its class's expression at its recorded start
    };
    Source source = Source::Submission;
    strl::Expression expression;
    sim::SimTime at = 0; //!< the generator's `now`
    bool policyPlansStrl = true; //!< false: the run's policy is not TetriSched's (what it would have asked for)
    std::optional<strl::JobTypeSpec> spec;
};

//! The expression of job `job` (whose executed block, if any, is `executed`) at `source`
//! (Submission or Start; a job the stream does not name falls back to ClassAtStart). nullopt:
//! neither the job nor its class is known.
std::optional<RebuiltExpression> rebuildJobExpression(const StrlPlanRunData& data, const QString& job,
                                                      const StrlPlanRunData::Block* executed,
                                                      RebuiltExpression::Source source);

} // namespace orrery::app
