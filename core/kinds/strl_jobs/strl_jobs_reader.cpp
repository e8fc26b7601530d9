#include "kinds/strl_jobs/strl_jobs_reader.h"

#include "model/did_you_mean.h"
#include "scenario/field_path.h"
#include "scenario/value_readers.h"

#include <set>

namespace orrery::kinds::strl_jobs {

using scenario::MapReader;
using scenario::ParseContext;
using scenario::YamlNode;

namespace {

constexpr sim::SimTime kYear = 365 * 24 * sim::kHour;
constexpr std::int64_t kMaxNodesPerJob = 100'000;

std::vector<std::string> classNames(const StrlJobsSpec& spec)
{
    std::vector<std::string> names;
    for (const JobClass& jobClass : spec.classes)
        names.push_back(jobClass.name);
    return names;
}

void readClass(const YamlNode& node, const std::string& path, ParseContext& context, StrlJobsSpec& spec,
               std::set<std::string>& seen)
{
    MapReader m(node, path, context, {"name", "type", "nodes", "duration", "durationSpread", "slowdown", "value", "deadline", "share"},
                "a job class: a mapping {name, type, nodes, duration, slowdown, value, deadline, share}");
    if (!m.isMap())
        return;
    JobClass jobClass;
    jobClass.location = context.locationOf(node);
    if (const YamlNode* name = m.require("name", "a class name such as gpu-train")) {
        if (const auto value = scenario::readName(*name, m.pathOf("name"), context)) {
            jobClass.name = *value;
            if (!seen.insert(*value).second)
                context.error(*name, m.pathOf("name"), "duplicate job class '" + *value + "'");
        }
    }
    const YamlNode* type = m.require("type", "a job type: gpu, mpi, availability, slo or best-effort");
    if (type) {
        if (const auto text = scenario::readString(*type, m.pathOf("type"), context, "a job type")) {
            if (const auto parsed = strl::parseJobType(*text))
                jobClass.type = *parsed;
            else
                context.error(*type, m.pathOf("type"), "unknown job type '" + *text + "'"
                                  + model::didYouMean(*text, {"gpu", "mpi", "availability", "slo", "best-effort"})
                                  + "; expected gpu, mpi, availability, slo or best-effort");
        }
    }
    if (const YamlNode* nodes = m.get("nodes"))
        jobClass.nodes = static_cast<std::int32_t>(scenario::readInteger(*nodes, m.pathOf("nodes"), context, 1, kMaxNodesPerJob).value_or(1));
    if (const YamlNode* duration = m.require("duration", "the run time on the preferred placement, such as 2m"))
        jobClass.duration = scenario::readDuration(*duration, m.pathOf("duration"), context, sim::kMillisecond, kYear).value_or(0);
    if (const YamlNode* spread = m.get("durationSpread"))
        jobClass.durationSpread = scenario::readNumber(*spread, m.pathOf("durationSpread"), context, 0.0, 0.99, "").value_or(0.0);
    if (const YamlNode* slowdown = m.get("slowdown"))
        jobClass.slowdown = scenario::readNumber(*slowdown, m.pathOf("slowdown"), context, 1.0, 1000.0, "×").value_or(1.0);
    if (const YamlNode* value = m.get("value"))
        jobClass.value = scenario::readNumber(*value, m.pathOf("value"), context, 0.0, 1e9, "").value_or(1.0);
    if (const YamlNode* deadline = m.get("deadline"))
        jobClass.deadline = scenario::readDuration(*deadline, m.pathOf("deadline"), context, sim::kMillisecond, kYear);
    if (const YamlNode* share = m.get("share"))
        jobClass.share = scenario::readNumber(*share, m.pathOf("share"), context, 0.0, 1e6, "").value_or(1.0);
    if (type && jobClass.type == strl::JobType::Slo && !m.get("deadline") && !jobClass.name.empty())
        context.error(node, m.pathOf("deadline"), "an slo job class needs a deadline (relative to submission, such as 5m)");
    if (jobClass.deadline && jobClass.duration > 0 && *jobClass.deadline < jobClass.duration)
        context.error(*m.get("deadline"), m.pathOf("deadline"), "deadline is shorter than the duration: no job of this class could meet it");
    if (!jobClass.name.empty())
        spec.classes.push_back(std::move(jobClass));
}

void readJobs(const YamlNode& node, const std::string& path, ParseContext& context, StrlJobsSpec& spec)
{
    if (!node.isSequence()) {
        context.error(node, path, "expected a sequence of jobs {name, class, at}, got " + node.describe());
        return;
    }
    std::set<std::string> seen;
    const std::vector<std::string> names = classNames(spec);
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& item = *node.items()[i];
        MapReader j(item, scenario::indexPath(path, i), context, {"name", "class", "at", "duration"},
                    "a job: a mapping {name, class, at}");
        if (!j.isMap())
            continue;
        ScriptedJob job;
        job.location = context.locationOf(item);
        if (const YamlNode* name = j.require("name", "a job name such as job-1")) {
            if (const auto value = scenario::readName(*name, j.pathOf("name"), context)) {
                job.name = *value;
                if (!seen.insert(*value).second)
                    context.error(*name, j.pathOf("name"), "duplicate job name '" + *value + "'");
            }
        }
        if (const YamlNode* jobClass = j.require("class", "a job class of types:")) {
            if (const auto value = scenario::readString(*jobClass, j.pathOf("class"), context, "a job class name")) {
                if (!spec.findClass(*value))
                    context.error(*jobClass, j.pathOf("class"), "unknown job class '" + *value + "'" + model::didYouMean(*value, names));
                job.jobClass = *value;
            }
        }
        if (const YamlNode* at = j.get("at"))
            job.submitAt = scenario::readDuration(*at, j.pathOf("at"), context, 0, kYear).value_or(0);
        if (const YamlNode* duration = j.get("duration"))
            job.duration = scenario::readDuration(*duration, j.pathOf("duration"), context, sim::kMillisecond, kYear);
        spec.jobs.push_back(std::move(job));
    }
}

void readArrivals(const YamlNode& node, const std::string& path, ParseContext& context, StrlJobsSpec& spec)
{
    MapReader a(node, path, context, {"load", "from", "until"},
                "arrivals: a mapping {load: 0.8, from: 0s, until: 30m} (load: offered node-seconds per node-second)");
    if (!a.isMap())
        return;
    if (const YamlNode* load = a.require("load", "the offered load, such as 0.8"))
        spec.load = scenario::readNumber(*load, a.pathOf("load"), context, 0.0, 100.0, "").value_or(0.0);
    if (const YamlNode* from = a.get("from"))
        spec.arrivalsFrom = scenario::readDuration(*from, a.pathOf("from"), context, 0, kYear).value_or(0);
    if (const YamlNode* until = a.get("until")) {
        spec.arrivalsUntil = scenario::readDuration(*until, a.pathOf("until"), context, 0, kYear);
        if (spec.arrivalsUntil && *spec.arrivalsUntil < spec.arrivalsFrom)
            context.error(*until, a.pathOf("until"), "arrivals end before they begin");
    }
}

} // namespace

const std::vector<std::string>& strlJobsKeys()
{
    static const std::vector<std::string> kKeys = {"name", "kind", "cycle", "rackLabel", "types", "arrivals", "jobs",
                                                   "dropLateJobs", "planAnnotations"};
    return kKeys;
}

std::unique_ptr<StrlJobsSpec> readStrlJobsWorkload(MapReader& reader, ParseContext& context, const model::ClusterSpec* cluster)
{
    auto spec = std::make_unique<StrlJobsSpec>();
    const std::size_t errorsBefore = context.errorCount();
    if (const YamlNode* cycle = reader.get("cycle"))
        spec->cycle = scenario::readDuration(*cycle, reader.pathOf("cycle"), context, sim::kMillisecond, sim::kHour).value_or(spec->cycle);
    if (const YamlNode* label = reader.get("rackLabel"))
        spec->rackLabel = scenario::readString(*label, reader.pathOf("rackLabel"), context, "a node-pool label").value_or(spec->rackLabel);
    if (const YamlNode* types = reader.require("types", "a sequence of job classes {name, type, nodes, duration, ...}")) {
        if (!types->isSequence() || types->items().empty())
            context.error(*types, reader.pathOf("types"), "expected a non-empty sequence of job classes, got " + types->describe());
        else {
            std::set<std::string> seen;
            for (std::size_t i = 0; i < types->items().size(); ++i)
                readClass(*types->items()[i], scenario::indexPath(reader.pathOf("types"), i), context, *spec, seen);
        }
    }
    if (const YamlNode* arrivals = reader.get("arrivals"))
        readArrivals(*arrivals, reader.pathOf("arrivals"), context, *spec);
    if (const YamlNode* jobs = reader.get("jobs"))
        readJobs(*jobs, reader.pathOf("jobs"), context, *spec);
    if (const YamlNode* drop = reader.get("dropLateJobs"))
        spec->dropLateJobs = scenario::readSwitch(*drop, reader.pathOf("dropLateJobs"), context, true);
    if (const YamlNode* plan = reader.get("planAnnotations"))
        spec->planAnnotations = scenario::readSwitch(*plan, reader.pathOf("planAnnotations"), context, true);
    if (spec->load <= 0.0 && spec->jobs.empty())
        context.error(reader.node(), reader.path(), "a strl-jobs workload needs arrivals: {load} or jobs:");
    if (cluster && context.errorCount() == errorsBefore) {
        const int nodes = cluster->nodeCount();
        for (const JobClass& jobClass : spec->classes) {
            if (jobClass.nodes > nodes)
                context.error(jobClass.location, reader.pathOf("types") + "." + jobClass.name + ".nodes",
                              "asks for " + std::to_string(jobClass.nodes) + " nodes, but the cluster has " + std::to_string(nodes));
        }
    }
    if (context.errorCount() != errorsBefore)
        return nullptr;
    return spec;
}

} // namespace orrery::kinds::strl_jobs
