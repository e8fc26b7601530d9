#include "kinds/strl_jobs/job_stream.h"

#include "sim/rng_stream.h"

#include <algorithm>

namespace orrery::kinds::strl_jobs {

std::vector<SubmittedJob> submittedJobs(const StrlJobsSpec& spec, std::uint64_t seed, int nodeCount, sim::SimTime horizon)
{
    std::vector<SubmittedJob> jobs;
    for (const ScriptedJob& scripted : spec.jobs) {
        const JobClass* jobClass = spec.findClass(scripted.jobClass);
        if (!jobClass)
            continue; // the reader rejected it
        jobs.push_back({scripted.name, static_cast<std::uint32_t>(jobClass - spec.classes.data()), scripted.submitAt,
                        scripted.duration.value_or(jobClass->duration), scripted.expression});
    }
    const double meanNodeSeconds = spec.meanNodeSeconds();
    double shares = 0.0;
    for (const JobClass& jobClass : spec.classes)
        shares += jobClass.share;
    if (spec.load > 0.0 && meanNodeSeconds > 0.0 && shares > 0.0 && nodeCount > 0) {
        const double meanGapSeconds = meanNodeSeconds / (spec.load * nodeCount);
        sim::RngStream arrivals(seed, "strl-jobs/" + spec.name + "/arrivals");
        sim::RngStream classes(seed, "strl-jobs/" + spec.name + "/classes");
        sim::RngStream durations(seed, "strl-jobs/" + spec.name + "/durations");
        const sim::SimTime until = spec.arrivalsUntil.value_or(horizon);
        sim::SimTime at = spec.arrivalsFrom;
        for (std::uint64_t n = 1;; ++n) {
            at += sim::fromSeconds(arrivals.exponential(meanGapSeconds));
            if (at >= until)
                break;
            double draw = classes.uniform() * shares;
            std::uint32_t chosen = 0;
            for (; chosen + 1 < spec.classes.size(); ++chosen) {
                draw -= spec.classes[chosen].share;
                if (draw < 0.0)
                    break;
            }
            const JobClass& jobClass = spec.classes[chosen];
            const double spread = jobClass.durationSpread;
            const double factor = durations.uniform(1.0 - spread, 1.0 + spread);
            const auto duration = std::max<sim::SimTime>(sim::kMillisecond, static_cast<sim::SimTime>(static_cast<double>(jobClass.duration) * factor));
            jobs.push_back({jobClass.name + "-" + std::to_string(n), chosen, at, duration, nullptr});
        }
    }
    std::stable_sort(jobs.begin(), jobs.end(), [](const SubmittedJob& a, const SubmittedJob& b) { return a.submitAt < b.submitAt; });
    return jobs;
}

std::shared_ptr<const strl::RequestTemplate> requestOf(const StrlJobsSpec& spec, const SubmittedJob& job,
                                                       std::optional<sim::SimTime> deadline)
{
    const JobClass& jobClass = spec.classes[job.jobClass];
    if (!job.expression && !jobClass.custom())
        return nullptr;
    auto request = std::make_shared<strl::RequestTemplate>();
    request->label = job.expression ? "expression" : jobClass.label();
    request->submittedAt = job.submitAt;
    request->deadline = deadline;
    request->bindings = {{"k", static_cast<double>(jobClass.nodes)},
                         {"duration", static_cast<double>(job.duration)},
                         {"slowdown", jobClass.slowdown},
                         {"value", jobClass.value}};
    if (job.expression) {
        request->expression = job.expression;
    } else if (jobClass.expression) {
        request->expression = jobClass.expression;
    } else if (const strl::StrlGenerator* generator = spec.findGenerator(jobClass.generator)) {
        request->expression = generator->expression;
        for (const auto& [name, value] : jobClass.args)
            request->bindings[name] = value;
    }
    return request;
}

} // namespace orrery::kinds::strl_jobs

