#include "gui/kinds/strl_jobs/strl_plan_data.h"

#include "kinds/strl_jobs/job_stream.h"
#include "kinds/strl_jobs/strl_jobs_spec.h"
#include "model/cluster.h"
#include "model/scenario.h"
#include "model/units.h"
#include "kinds/strl_jobs/strl_jobs_kind.h"
#include "ops/stored_run.h"
#include "store/project.h"
#include "strl/generator_context.h"
#include "strl/job_generators.h"
#include "strl/node_attributes.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <map>
#include <variant>

namespace orrery::app {
namespace {

constexpr std::string_view kRunPrefix = "strl.run.";
constexpr std::string_view kPlanPrefix = "strl.plan.";

QString translate(const char* text)
{
    return QCoreApplication::translate("orrery::app::StrlPlanRunData", text);
}

const kinds::strl_jobs::StrlJobsSpec* strlWorkload(const model::Scenario& scenario)
{
    for (const model::WorkloadSpec& workload : scenario.workloads) {
        if (const auto* kind = std::get_if<model::KindWorkload>(&workload)) {
            if (const auto* spec = dynamic_cast<const kinds::strl_jobs::StrlJobsSpec*>(kind->spec.get()))
                return spec;
        }
    }
    return nullptr;
}

//! The policy's slice and window as TetriSchedOptions::fromParams reads them, with the plugins'
//! defaults (slot 10 s; window 8, tetrisched-np 1).
void readPolicy(const model::Scenario& scenario, StrlPlanRunData& data)
{
    const auto it = scenario.policies.find("placement");
    if (it == scenario.policies.end())
        return;
    data.policy = QString::fromStdString(it->second.plugin);
    data.plansStrl = data.policy.startsWith(QLatin1String("tetrisched"));
    data.window = data.policy == QLatin1String("tetrisched-np") ? 1 : 8;
    for (const model::PolicyParam& param : it->second.params) {
        if (param.name == "slot") {
            if (const auto slot = model::parseDuration(param.value); slot && *slot > 0)
                data.slot = *slot;
        } else if (param.name == "window" && data.policy != QLatin1String("tetrisched-np")) {
            try {
                data.window = std::max(1, std::stoi(param.value));
            } catch (const std::exception&) { // checked when the run started; keep the default
            }
        }
    }
}

void readNodes(const model::Scenario& scenario, StrlPlanRunData& data)
{
    const std::vector<strl::NodeAttributes> attributes = strl::NodeAttributes::ofCluster(model::Cluster(scenario.cluster));
    data.racks = strl::GeneratorContext::racksOf(attributes, data.rackLabel);
    std::vector<std::size_t> order(attributes.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const auto rackOf = [&](std::size_t i) -> std::string {
        const auto label = attributes[i].labels.find(data.rackLabel);
        return label == attributes[i].labels.end() ? std::string() : label->second;
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const std::string ra = rackOf(a), rb = rackOf(b);
        if (ra.empty() != rb.empty())
            return rb.empty(); // nodes without a rack last
        return ra < rb;
    });
    for (const std::size_t i : order)
        data.nodes.push_back({QString::fromStdString(attributes[i].name), QString::fromStdString(rackOf(i)),
                              static_cast<int>(attributes[i].gpus)});
}

void readJobs(const model::Scenario& scenario, const kinds::strl_jobs::StrlJobsSpec& spec, StrlPlanRunData& data)
{
    for (const kinds::strl_jobs::JobClass& jobClass : spec.classes)
        data.classes.push_back({QString::fromStdString(jobClass.name), jobClass.type, jobClass.nodes, jobClass.duration,
                                jobClass.slowdown, jobClass.value, jobClass.deadline});
    const int nodeCount = static_cast<int>(data.nodes.size());
    for (const kinds::strl_jobs::SubmittedJob& submitted :
         kinds::strl_jobs::submittedJobs(spec, scenario.seed, nodeCount, scenario.horizon)) {
        const kinds::strl_jobs::JobClass& jobClass = spec.classes[submitted.jobClass];
        StrlPlanRunData::Job job;
        job.name = QString::fromStdString(submitted.name);
        job.className = QString::fromStdString(jobClass.name);
        job.type = jobClass.type;
        job.nodes = jobClass.nodes;
        job.submitAt = submitted.submitAt;
        job.duration = submitted.duration;
        job.slowdown = jobClass.slowdown;
        job.value = jobClass.value;
        if (jobClass.deadline)
            job.deadline = submitted.submitAt + *jobClass.deadline;
        job.request = kinds::strl_jobs::requestOf(spec, submitted, job.deadline);
        data.jobIndex.emplace(submitted.name, static_cast<int>(data.jobs.size()));
        data.jobs.push_back(std::move(job));
    }
}

//! "job@a+b" → job name and node names.
bool splitTarget(const std::string& target, QString& job, QStringList& nodes)
{
    const std::size_t at = target.rfind('@');
    if (at == std::string::npos)
        return false;
    job = QString::fromStdString(target.substr(0, at));
    nodes = QString::fromStdString(target.substr(at + 1)).split(QLatin1Char('+'), Qt::SkipEmptyParts);
    return true;
}

void readAnnotations(const store::Project& project, StrlPlanRunData& data)
{
    QHash<QString, int> rowOf;
    for (std::size_t i = 0; i < data.nodes.size(); ++i)
        rowOf.emplace(data.nodes[i].name, static_cast<int>(i));
    const double cycleSeconds = sim::toSeconds(data.cycle);
    double end = data.horizon;
    for (const sim::RunAnnotation& annotation : project.annotations(data.runId)) {
        const std::string_view kind = annotation.kind;
        const bool run = kind.starts_with(kRunPrefix);
        if (!run && !kind.starts_with(kPlanPrefix))
            continue;
        StrlPlanRunData::Block block;
        if (!splitTarget(annotation.target, block.job, block.nodeNames))
            continue;
        block.type = QString::fromUtf8(kind.substr(run ? kRunPrefix.size() : kPlanPrefix.size()));
        block.start = sim::toSeconds(annotation.start);
        block.end = sim::toSeconds(annotation.end);
        end = std::max(end, block.end);
        for (const QString& node : block.nodeNames) {
            if (const auto it = rowOf.constFind(node); it != rowOf.constEnd())
                block.rows.push_back(it.value());
        }
        if (!data.types.contains(block.type))
            data.types.append(block.type);
        if (run) {
            block.slowdown = annotation.intensity;
            data.executed.push_back(std::move(block));
        } else {
            block.cycle = cycleSeconds > 0 ? static_cast<int>(std::llround(annotation.intensity / cycleSeconds)) : 0;
            data.planned.push_back(std::move(block));
        }
    }
    // Cycles run at 0, cycle, 2·cycle, … before the horizon (fewer when every job is done sooner);
    // the canvas spans the placements that end after it too.
    int cycleCount = cycleSeconds > 0 ? static_cast<int>(std::ceil(data.horizon / cycleSeconds - 1e-9)) : 1;
    data.horizon = end;
    for (const StrlPlanRunData::Block& block : data.planned)
        cycleCount = std::max(cycleCount, block.cycle + 1);
    cycleCount = std::max(cycleCount, 1);
    for (int c = 0; c < cycleCount; ++c)
        data.cycles.push_back(c * cycleSeconds);
    std::stable_sort(data.executed.begin(), data.executed.end(),
                     [](const auto& a, const auto& b) { return a.start < b.start; });
    std::stable_sort(data.planned.begin(), data.planned.end(), [](const auto& a, const auto& b) {
        return a.cycle != b.cycle ? a.cycle < b.cycle : a.start < b.start;
    });
    data.plannedOfCycle.assign(data.cycles.size(), {0, 0});
    std::size_t next = 0;
    for (std::size_t c = 0; c < data.cycles.size(); ++c) {
        while (next < data.planned.size() && data.planned[next].cycle < static_cast<int>(c))
            ++next; // a negative cycle (a damaged record) is skipped
        const std::size_t first = next;
        while (next < data.planned.size() && data.planned[next].cycle == static_cast<int>(c))
            ++next;
        data.plannedOfCycle[c] = {static_cast<int>(first), static_cast<int>(next)};
    }
    // Legend order: the generators' types first, then anything else recorded.
    QStringList ordered;
    for (const QString& type : strlTypeOrder())
        if (data.types.contains(type))
            ordered << type;
    for (const QString& type : data.types)
        if (!ordered.contains(type))
            ordered << type;
    data.types = ordered;
}

} // namespace

const StrlPlanRunData::Job* StrlPlanRunData::findJob(const QString& name) const
{
    const auto it = jobIndex.find(name.toStdString());
    return it == jobIndex.end() ? nullptr : &jobs[static_cast<std::size_t>(it->second)];
}

const QStringList& strlTypeOrder()
{
    static const QStringList order = {QStringLiteral("gpu"), QStringLiteral("mpi"), QStringLiteral("availability"),
                                      QStringLiteral("slo"), QStringLiteral("best-effort")};
    return order;
}

StrlPlanRunData loadStrlPlanRunData(const std::string& projectPath, store::RunId runId)
{
    StrlPlanRunData data;
    data.runId = runId;
    std::error_code error;
    if (!std::filesystem::exists(projectPath, error)) {
        data.error = translate("%1: the project file no longer exists").arg(QString::fromStdString(projectPath));
        return data;
    }
    try {
        const store::Project project = store::Project::open(projectPath);
        const std::optional<store::RunSummary> summary = project.run(runId);
        data.runFound = summary.has_value();
        if (!data.runFound)
            return data;
        // A run that recorded no STRL workload is not read further; one that did shows its jobs'
        // expressions, which only the scenario holds.
        if (!runMayHaveKind(project, runId, kinds::strl_jobs::kStrlJobsKind))
            return data;
        const StoredRunScenario stored = storedRunScenario(project, runId);
        if (!stored.scenario) {
            data.error = QString::fromStdString(stored.error);
            return data;
        }
        const model::Scenario& scenario = *stored.scenario;
        const kinds::strl_jobs::StrlJobsSpec* spec = strlWorkload(scenario);
        if (!spec)
            return data;
        data.isStrl = true;
        data.workload = QString::fromStdString(spec->name);
        data.cycle = spec->cycle > 0 ? spec->cycle : 10 * sim::kSecond;
        data.rackLabel = spec->rackLabel;
        data.horizon = sim::toSeconds(scenario.horizon);
        readPolicy(scenario, data);
        readNodes(scenario, data);
        readJobs(scenario, *spec, data);
        readAnnotations(project, data);
    } catch (const std::exception& failure) {
        data.error = QString::fromStdString(failure.what());
    }
    return data;
}

std::optional<RebuiltExpression> rebuildJobExpression(const StrlPlanRunData& data, const QString& job,
                                                      const StrlPlanRunData::Block* executed,
                                                      RebuiltExpression::Source source)
{
    RebuiltExpression out;
    out.policyPlansStrl = data.plansStrl;
    strl::JobTypeSpec spec;
    const StrlPlanRunData::Job* custom = nullptr;
    if (const StrlPlanRunData::Job* submitted = data.findJob(job)) {
        custom = submitted->request ? submitted : nullptr;
        spec.type = submitted->type;
        spec.k = submitted->nodes;
        spec.duration = submitted->duration;
        spec.slowdown = submitted->slowdown;
        spec.value = submitted->value;
        spec.deadline = submitted->deadline;
        if (source == RebuiltExpression::Source::Start && executed) {
            out.source = RebuiltExpression::Source::Start;
            out.at = sim::fromSeconds(executed->start);
        } else {
            // The first cycle at or after submission: cycles run at 0, cycle, 2·cycle, … and a
            // job submitted at a cycle's time is pending by then (submissions are queued first).
            out.source = RebuiltExpression::Source::Submission;
            const sim::SimTime cycle = std::max<sim::SimTime>(1, data.cycle);
            out.at = (submitted->submitAt + cycle - 1) / cycle * cycle;
        }
    } else {
        // Not in the stream the scenario draws (a record from another version of the kind):
        // the class named by the job's prefix ("gpu-12" → gpu) at the job's recorded start.
        const StrlPlanRunData::JobClass* found = nullptr;
        for (const StrlPlanRunData::JobClass& jobClass : data.classes) {
            if (job.startsWith(jobClass.name + QLatin1Char('-')) && (!found || jobClass.name.size() > found->name.size()))
                found = &jobClass;
        }
        if (!found || !executed)
            return std::nullopt;
        out.source = RebuiltExpression::Source::ClassAtStart;
        out.at = sim::fromSeconds(executed->start);
        spec.type = found->type;
        spec.k = found->nodes;
        spec.duration = found->duration;
        spec.slowdown = found->slowdown;
        spec.value = found->value;
        if (found->deadline)
            spec.deadline = out.at + *found->deadline; // submission unknown: as if submitted at the start
    }
    strl::GeneratorContext context;
    context.now = out.at;
    context.slotLength = data.slot;
    context.windowSlots = std::max(1, data.window);
    context.racks = data.racks;
    context.rackLabel = data.rackLabel;
    // A user generator or hand-written expression: the same template the policy was given.
    out.expression = custom ? custom->request->forWindow(context) : strl::generateJob(spec, context);
    out.spec = spec;
    return out;
}

} // namespace orrery::app
