#include "kinds/strl_jobs/strl_jobs_reader.h"

#include "model/did_you_mean.h"
#include "scenario/field_path.h"
#include "scenario/value_readers.h"
#include "strl/strl_template_reader.h"

#include <algorithm>
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

std::vector<std::string> generatorNames(const StrlJobsSpec& spec)
{
    std::vector<std::string> names;
    for (const strl::StrlGenerator& generator : spec.generators)
        names.push_back(generator.name);
    return names;
}

//! A hand-written expression (template) of a class or a scripted job: only the built-in parameters.
std::shared_ptr<const strl::ExpressionTemplate> readOwnExpression(const YamlNode& node, const std::string& path, strl::TemplateReader& templates)
{
    auto expression = templates.readExpression(node, path, {});
    return expression ? std::make_shared<const strl::ExpressionTemplate>(std::move(*expression)) : nullptr;
}

//! `generator: <name>` and `args: {param: value}` of a class: every argument a declared parameter,
//! every parameter without a default given.
void readGeneratorUse(MapReader& m, const YamlNode& node, ParseContext& context, const StrlJobsSpec& spec,
                      strl::TemplateReader& templates, JobClass& jobClass)
{
    const YamlNode* name = m.get("generator");
    const auto text = scenario::readString(*name, m.pathOf("generator"), context, "a generator name of generators:");
    if (!text)
        return;
    const strl::StrlGenerator* generator = spec.findGenerator(*text);
    if (!generator) {
        context.error(*name, m.pathOf("generator"), "unknown generator '" + *text + "'" + model::didYouMean(*text, generatorNames(spec))
                                                        + "; expected the name of one of generators:");
        return;
    }
    jobClass.generator = *text;
    std::vector<std::string> declared;
    for (const auto& [param, fallback] : generator->params) {
        declared.push_back(param);
        if (fallback)
            jobClass.args[param] = *fallback;
    }
    std::set<std::string> given;
    if (const YamlNode* args = m.get("args")) {
        if (!args->isMap()) {
            context.error(*args, m.pathOf("args"), "expected a mapping of parameter to value such as {factor: 2}, got " + args->describe());
        } else {
            for (const auto& entry : args->entries()) {
                const std::string key = entry.key->isScalar() ? entry.key->scalar() : std::string();
                const std::string argPath = scenario::childPath(m.pathOf("args"), key);
                if (std::find(declared.begin(), declared.end(), key) == declared.end()) {
                    context.error(*entry.key, argPath, "generator '" + *text + "' has no parameter '" + key + "'" + model::didYouMean(key, declared)
                                                           + (declared.empty() ? std::string("; it takes none") : "; expected one of its params"));
                    continue;
                }
                if (const auto value = templates.readParameterValue(*entry.value, argPath)) {
                    jobClass.args[key] = *value;
                    given.insert(key);
                }
            }
        }
    }
    for (const auto& [param, fallback] : generator->params) {
        if (!fallback && !given.contains(param))
            context.error(node, m.pathOf("args"), "missing argument '" + param + "' of generator '" + *text + "' (it has no default)");
    }
}

void readClass(const YamlNode& node, const std::string& path, ParseContext& context, StrlJobsSpec& spec,
               std::set<std::string>& seen, strl::TemplateReader& templates)
{
    MapReader m(node, path, context, {"name", "type", "generator", "args", "expression", "nodes", "duration", "durationSpread", "slowdown",
                                      "value", "deadline", "share"},
                "a job class: a mapping {name, type | generator (with args) | expression, nodes, duration, slowdown, value, deadline, share}");
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
    const int ways = (m.get("type") ? 1 : 0) + (m.get("generator") ? 1 : 0) + (m.get("expression") ? 1 : 0);
    if (ways != 1)
        context.error(node, path, "expected exactly one of type (a built-in job type), generator (one of generators:) or expression (an STRL expression)");
    if (m.get("args") && !m.get("generator"))
        context.error(*m.get("args"), m.pathOf("args"), "args are a generator's parameters; expected them only beside generator:");
    if (ways == 1 && m.get("generator"))
        readGeneratorUse(m, node, context, spec, templates, jobClass);
    if (ways == 1 && m.get("expression"))
        jobClass.expression = readOwnExpression(*m.get("expression"), m.pathOf("expression"), templates);
    const YamlNode* type = ways == 1 ? m.get("type") : nullptr;
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

void readJobs(const YamlNode& node, const std::string& path, ParseContext& context, StrlJobsSpec& spec, strl::TemplateReader& templates)
{
    if (!node.isSequence()) {
        context.error(node, path, "expected a sequence of jobs {name, class, at}, got " + node.describe());
        return;
    }
    std::set<std::string> seen;
    const std::vector<std::string> names = classNames(spec);
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& item = *node.items()[i];
        MapReader j(item, scenario::indexPath(path, i), context, {"name", "class", "at", "duration", "expression"},
                    "a job: a mapping {name, class, at, duration, expression}");
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
        if (const YamlNode* expression = j.get("expression"))
            job.expression = readOwnExpression(*expression, j.pathOf("expression"), templates);
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
    static const std::vector<std::string> kKeys = {"name", "kind", "cycle", "rackLabel", "generators", "types", "arrivals", "jobs",
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
    strl::TemplateReader templates(context);
    if (const YamlNode* generators = reader.get("generators"))
        spec->generators = templates.readGenerators(*generators, reader.pathOf("generators"));
    if (const YamlNode* types = reader.require("types", "a sequence of job classes {name, type, nodes, duration, ...}")) {
        if (!types->isSequence() || types->items().empty())
            context.error(*types, reader.pathOf("types"), "expected a non-empty sequence of job classes, got " + types->describe());
        else {
            std::set<std::string> seen;
            for (std::size_t i = 0; i < types->items().size(); ++i)
                readClass(*types->items()[i], scenario::indexPath(reader.pathOf("types"), i), context, *spec, seen, templates);
        }
    }
    if (const YamlNode* arrivals = reader.get("arrivals"))
        readArrivals(*arrivals, reader.pathOf("arrivals"), context, *spec);
    if (const YamlNode* jobs = reader.get("jobs"))
        readJobs(*jobs, reader.pathOf("jobs"), context, *spec, templates);
    // The batch policies define the generators' sets only: gen:all, gen:gpu, gen:rack=<rack>.
    for (const auto& [node, path] : templates.setReferences()) {
        const std::string& name = node->scalar();
        if (name != strl::GeneratorContext::allNodesSet() && name != strl::GeneratorContext::gpuNodesSet() && name.rfind("gen:rack=", 0) != 0)
            context.error(*node, path, "unknown equivalence set '" + name + "'"
                                           + model::didYouMean(name, {strl::GeneratorContext::allNodesSet(), strl::GeneratorContext::gpuNodesSet()})
                                           + "; expected gen:all, gen:gpu or gen:rack=<rack> (the sets a strl-jobs policy defines)");
    }
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
