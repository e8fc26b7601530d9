#include "kinds/training_jobs/training_jobs_reader.h"

#include "kinds/training_jobs/training_model_catalog.h"
#include "model/did_you_mean.h"
#include "scenario/field_path.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <set>

namespace orrery::kinds::training_jobs {

using scenario::MapReader;
using scenario::ParseContext;
using scenario::YamlNode;

namespace {

constexpr std::int64_t kMaxJobs = 1'000'000;

std::vector<std::string> modelNames(const TrainingJobsSpec& spec)
{
    std::vector<std::string> names;
    for (const TrainingModel& model : spec.models)
        names.push_back(model.name);
    return names;
}

void readModel(const YamlNode& node, const std::string& path, ParseContext& context, TrainingJobsSpec& spec)
{
    MapReader m(node, path, context,
                {"name", "like", "evaluation", "asymptote", "amplitude", "tau", "epochCoreSeconds", "maxCores", "serialFraction",
                 "memoryBandwidthPerCore", "diskBytesPerSecond", "networkBytesPerSecond", "reportsEvaluation"},
                "a model: a mapping with name and asymptote, amplitude, tau, epochCoreSeconds (or like: a built-in model)");
    if (!m.isMap())
        return;
    TrainingModel model;
    model.source = "scenario";
    if (const YamlNode* like = m.get("like")) {
        if (const auto base = scenario::readString(*like, m.pathOf("like"), context, "a model name")) {
            if (const TrainingModel* found = spec.findModel(*base))
                model = *found;
            else
                context.error(*like, m.pathOf("like"), "unknown model '" + *base + "'" + model::didYouMean(*base, modelNames(spec)));
        }
    }
    const YamlNode* name = m.require("name", "a model name such as my-cnn");
    if (name) {
        if (const auto value = scenario::readName(*name, m.pathOf("name"), context))
            model.name = *value;
    }
    const auto number = [&](const char* key, double min, double max, const char* unit, double& target) {
        if (const YamlNode* value = m.get(key))
            target = scenario::readNumber(*value, m.pathOf(key), context, min, max, unit).value_or(target);
    };
    if (const YamlNode* evaluation = m.get("evaluation"))
        model.evaluation = scenario::readString(*evaluation, m.pathOf("evaluation"), context, "what E measures").value_or(model.evaluation);
    number("asymptote", -1e9, 1e9, "", model.asymptote);
    number("amplitude", -1e9, 1e9, "", model.amplitude);
    number("tau", 1e-3, 1e6, "epochs", model.tauEpochs);
    number("epochCoreSeconds", 1e-3, 1e9, "core-seconds", model.epochCoreSeconds);
    number("maxCores", 0.01, 4096, "cores", model.maxCores);
    number("serialFraction", 0.0, 1.0, "", model.serialFraction);
    number("memoryBandwidthPerCore", 0.0, 1e12, "bytes/s", model.memoryBandwidthPerCore);
    number("diskBytesPerSecond", 0.0, 1e12, "bytes/s", model.diskBytesPerSecond);
    number("networkBytesPerSecond", 0.0, 1e12, "bytes/s", model.networkBytesPerSecond);
    if (const YamlNode* reports = m.get("reportsEvaluation"))
        model.reportsEvaluation = scenario::readSwitch(*reports, m.pathOf("reportsEvaluation"), context, true);
    if (model.amplitude == 0.0 && name)
        context.error(*name, m.pathOf("amplitude"), "amplitude 0: the evaluation value would never change; give E(0) − asymptote");
    if (model.name.empty())
        return;
    const auto it = std::find_if(spec.models.begin(), spec.models.end(), [&](const auto& other) { return other.name == model.name; });
    if (it != spec.models.end())
        *it = std::move(model);
    else
        spec.models.push_back(std::move(model));
}

void readConvergence(const YamlNode& node, const std::string& path, ParseContext& context, ConvergenceRule& rule)
{
    MapReader c(node, path, context, {"relativeDelta", "delta", "target", "maxEpochs"},
                "convergence: a mapping with one of relativeDelta, delta, target, and maxEpochs");
    if (!c.isMap())
        return;
    int rules = 0;
    if (const YamlNode* value = c.get("relativeDelta")) {
        rule.kind = ConvergenceRule::Kind::RelativeDelta;
        rule.epsilon = scenario::readNumber(*value, c.pathOf("relativeDelta"), context, 1e-12, 1.0, "").value_or(rule.epsilon);
        ++rules;
    }
    if (const YamlNode* value = c.get("delta")) {
        rule.kind = ConvergenceRule::Kind::Delta;
        rule.epsilon = scenario::readNumber(*value, c.pathOf("delta"), context, 1e-12, 1e9, "").value_or(rule.epsilon);
        ++rules;
    }
    if (const YamlNode* value = c.get("target")) {
        rule.kind = ConvergenceRule::Kind::Target;
        rule.target = scenario::readNumber(*value, c.pathOf("target"), context, -1e9, 1e9, "").value_or(rule.target);
        ++rules;
    }
    if (rules > 1)
        context.error(node, path, "convergence: give one of relativeDelta, delta and target, not " + std::to_string(rules));
    if (const YamlNode* value = c.get("maxEpochs"))
        rule.maxEpochs = static_cast<std::int32_t>(scenario::readInteger(*value, c.pathOf("maxEpochs"), context, 1, 100'000).value_or(rule.maxEpochs));
}

void readSubmissions(const YamlNode& node, const std::string& path, ParseContext& context, TrainingJobsSpec& spec)
{
    MapReader s(node, path, context, {"count", "models", "within"},
                "submissions: a mapping {count: 10, models: [mnist-pytorch, vae-pytorch], within: [0s, 200s]}");
    if (!s.isMap())
        return;
    if (const YamlNode* count = s.require("count", "how many jobs, such as 10"))
        spec.count = static_cast<std::int32_t>(scenario::readInteger(*count, s.pathOf("count"), context, 0, kMaxJobs).value_or(0));
    const std::vector<std::string> names = modelNames(spec);
    if (const YamlNode* models = s.get("models")) {
        if (!models->isSequence())
            context.error(*models, s.pathOf("models"), "expected a sequence of model names, got " + models->describe());
        else {
            for (std::size_t i = 0; i < models->items().size(); ++i) {
                const std::string itemPath = scenario::indexPath(s.pathOf("models"), i);
                const auto name = scenario::readString(*models->items()[i], itemPath, context, "a model name");
                if (!name)
                    continue;
                if (!spec.findModel(*name))
                    context.error(*models->items()[i], itemPath, "unknown model '" + *name + "'" + model::didYouMean(*name, names));
                else
                    spec.mix.push_back(*name);
            }
        }
    } else {
        spec.mix = names;
    }
    if (const YamlNode* within = s.require("within", "the submission interval such as [0s, 200s]")) {
        if (!within->isSequence() || within->items().size() != 2)
            context.error(*within, s.pathOf("within"), "expected [from, to] such as [0s, 200s], got " + within->describe());
        else {
            spec.submitFrom = scenario::readDuration(*within->items()[0], scenario::indexPath(s.pathOf("within"), 0), context, 0, 365 * 24 * sim::kHour).value_or(0);
            spec.submitTo = scenario::readDuration(*within->items()[1], scenario::indexPath(s.pathOf("within"), 1), context, 0, 365 * 24 * sim::kHour).value_or(0);
            if (spec.submitTo < spec.submitFrom)
                context.error(*within, s.pathOf("within"), "the interval ends before it begins");
        }
    }
}

void readJobs(const YamlNode& node, const std::string& path, ParseContext& context, TrainingJobsSpec& spec)
{
    if (!node.isSequence()) {
        context.error(node, path, "expected a sequence of jobs {name, model, at}, got " + node.describe());
        return;
    }
    std::set<std::string> seen;
    const std::vector<std::string> names = modelNames(spec);
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& item = *node.items()[i];
        MapReader j(item, scenario::indexPath(path, i), context, {"name", "model", "at"}, "a job: a mapping {name, model, at}");
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
        if (const YamlNode* model = j.require("model", "a model name such as mnist-pytorch")) {
            if (const auto value = scenario::readString(*model, j.pathOf("model"), context, "a model name")) {
                if (!spec.findModel(*value))
                    context.error(*model, j.pathOf("model"), "unknown model '" + *value + "'" + model::didYouMean(*value, names));
                job.model = *value;
            }
        }
        if (const YamlNode* at = j.get("at"))
            job.submitAt = scenario::readDuration(*at, j.pathOf("at"), context, 0, 365 * 24 * sim::kHour).value_or(0);
        spec.jobs.push_back(std::move(job));
    }
}

} // namespace

const std::vector<std::string>& trainingJobsKeys()
{
    static const std::vector<std::string> kKeys = {"name", "kind", "workers", "controlPeriod", "models", "convergence",
                                                   "submissions", "jobs", "evaluationSeries"};
    return kKeys;
}

std::unique_ptr<TrainingJobsSpec> readTrainingJobsWorkload(MapReader& reader, ParseContext& context, const model::ClusterSpec* cluster)
{
    auto spec = std::make_unique<TrainingJobsSpec>();
    const std::size_t errorsBefore = context.errorCount();
    spec->models = builtInTrainingModels();
    if (const YamlNode* workers = reader.get("workers")) {
        if (const auto pool = scenario::readString(*workers, reader.pathOf("workers"), context, "the node pool of the workers")) {
            spec->workerPool = *pool;
            if (cluster) {
                std::vector<std::string> names;
                for (const auto& p : cluster->pools)
                    names.push_back(p.name);
                if (std::find(names.begin(), names.end(), *pool) == names.end())
                    context.error(*workers, reader.pathOf("workers"), "no node pool named '" + *pool + "'" + model::didYouMean(*pool, names));
            }
        }
    }
    if (const YamlNode* period = reader.get("controlPeriod"))
        spec->controlPeriod = scenario::readDuration(*period, reader.pathOf("controlPeriod"), context, 100 * sim::kMillisecond, sim::kHour)
                                  .value_or(spec->controlPeriod);
    if (const YamlNode* models = reader.get("models")) {
        if (!models->isSequence())
            context.error(*models, reader.pathOf("models"), "expected a sequence of models, got " + models->describe());
        else {
            for (std::size_t i = 0; i < models->items().size(); ++i)
                readModel(*models->items()[i], scenario::indexPath(reader.pathOf("models"), i), context, *spec);
        }
    }
    if (const YamlNode* convergence = reader.get("convergence"))
        readConvergence(*convergence, reader.pathOf("convergence"), context, spec->convergence);
    if (const YamlNode* submissions = reader.get("submissions"))
        readSubmissions(*submissions, reader.pathOf("submissions"), context, *spec);
    if (const YamlNode* jobs = reader.get("jobs"))
        readJobs(*jobs, reader.pathOf("jobs"), context, *spec);
    if (const YamlNode* series = reader.get("evaluationSeries"))
        spec->evaluationSeries = scenario::readSwitch(*series, reader.pathOf("evaluationSeries"), context, true);
    if (spec->count == 0 && spec->jobs.empty())
        context.error(reader.node(), reader.path(), "a training-jobs workload needs submissions: {count, within} or jobs:");
    if (context.errorCount() != errorsBefore)
        return nullptr;
    return spec;
}

} // namespace orrery::kinds::training_jobs
