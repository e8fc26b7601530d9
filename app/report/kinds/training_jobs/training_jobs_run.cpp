#include "report/kinds/training_jobs/training_jobs_run.h"

#include "env/target_label_log.h"
#include "report/stored_series_points.h"

#include <algorithm>
#include <map>
#include <string_view>

namespace orrery::app {
namespace {

constexpr std::string_view kPrefix = "train.";
constexpr std::string_view kLimitSuffix = ".cpu_limit";
constexpr std::string_view kEvaluationSuffix = ".evaluation";
constexpr std::string_view kCpuSuffix = ".cpu";

//! The last value of `points` at or before `x` (0 before the first).
double valueAt(const TrainingJobsRun::Points& points, double x)
{
    const auto after = std::upper_bound(points.begin(), points.end(), x,
                                        [](double value, const auto& point) { return value < point.first; });
    return after == points.begin() ? 0.0 : std::prev(after)->second;
}

void fillShown(TrainingJobsRun::Job& job)
{
    job.cpuShown.reserve(job.cpuLimit.size());
    for (const auto& [x, limit] : job.cpuLimit) {
        if (limit > 0.0) {
            job.cpuShown.emplace_back(x, limit);
        } else {
            job.everUnlimited = true;
            job.cpuShown.emplace_back(x, valueAt(job.cpuUsed, x));
        }
    }
}

//! The job name of `train.<job><suffix>`, or empty.
std::string jobOf(const std::string& series, std::string_view suffix)
{
    if (series.size() <= kPrefix.size() + suffix.size() || !series.starts_with(kPrefix) || !series.ends_with(suffix))
        return {};
    return series.substr(kPrefix.size(), series.size() - kPrefix.size() - suffix.size());
}

} // namespace

TrainingJobsRun loadTrainingJobsRun(const store::Project& project, store::RunId runId)
{
    TrainingJobsRun run;
    std::map<std::string, TrainingJobsRun::Job> jobs;
    for (const store::SeriesInfo& info : project.series(runId)) {
        TrainingJobsRun::Points TrainingJobsRun::Job::*member = nullptr;
        std::string job;
        if (job = jobOf(info.name, kLimitSuffix); !job.empty())
            member = &TrainingJobsRun::Job::cpuLimit;
        else if (job = jobOf(info.name, kEvaluationSuffix); !job.empty())
            member = &TrainingJobsRun::Job::evaluation;
        else if (job = jobOf(info.name, kCpuSuffix); !job.empty())
            member = &TrainingJobsRun::Job::cpuUsed;
        else
            continue;
        auto& entry = jobs[job];
        entry.name = job;
        entry.*member = storedSeriesPoints(project, info.id);
    }
    // train.placement: "<job>@<worker>", recorded when the job finishes; policy.label:
    // "<job>=<label>" over the stretch the job held that label.
    std::map<std::string, std::string> workerOf;
    for (const sim::RunAnnotation& annotation : project.annotations(runId)) {
        if (annotation.kind == "train.placement") {
            const auto at = annotation.target.rfind('@');
            if (at != std::string::npos)
                workerOf[annotation.target.substr(0, at)] = annotation.target.substr(at + 1);
        } else if (annotation.kind == env::TargetLabelLog::kAnnotationKind) {
            std::string job, label;
            const auto it = env::TargetLabelLog::split(annotation.target, job, label) ? jobs.find(job) : jobs.end();
            if (it == jobs.end())
                continue;
            it->second.classes.push_back({sim::toSeconds(annotation.start), sim::toSeconds(annotation.end), label});
            if (std::find(run.labels.begin(), run.labels.end(), label) == run.labels.end())
                run.labels.push_back(label);
        }
    }
    std::map<std::string, TrainingJobsRun::Worker> workers;
    TrainingJobsRun::Worker unplaced;
    for (auto& [name, job] : jobs) {
        if (job.cpuLimit.empty() && job.evaluation.empty())
            continue;
        ++run.jobCount;
        fillShown(job);
        std::sort(job.classes.begin(), job.classes.end(),
                  [](const auto& a, const auto& b) { return a.fromSeconds < b.fromSeconds; });
        const auto placed = workerOf.find(name);
        TrainingJobsRun::Worker& worker = placed == workerOf.end() ? unplaced : workers[placed->second];
        if (placed != workerOf.end())
            worker.name = placed->second;
        worker.jobs.push_back(std::move(job));
    }
    const auto firstSample = [](const TrainingJobsRun::Job& job) { return job.cpuLimit.empty() ? 0.0 : job.cpuLimit.front().first; };
    const auto byStart = [&](const TrainingJobsRun::Job& a, const TrainingJobsRun::Job& b) {
        return firstSample(a) < firstSample(b) || (firstSample(a) == firstSample(b) && a.name < b.name);
    };
    for (auto& [name, worker] : workers) {
        std::stable_sort(worker.jobs.begin(), worker.jobs.end(), byStart);
        run.workers.push_back(std::move(worker));
    }
    if (!unplaced.jobs.empty()) {
        std::stable_sort(unplaced.jobs.begin(), unplaced.jobs.end(), byStart);
        run.workers.push_back(std::move(unplaced));
    }
    return run;
}

TrainingJobsRun::Points trainingProgress(const TrainingJobsRun::Points& evaluation)
{
    TrainingJobsRun::Points progress;
    if (evaluation.empty())
        return progress;
    const double first = evaluation.front().second;
    const double span = evaluation.back().second - first;
    progress.reserve(evaluation.size());
    for (const auto& [x, y] : evaluation)
        progress.emplace_back(x, span != 0.0 ? (y - first) / span : 0.0);
    return progress;
}

} // namespace orrery::app
