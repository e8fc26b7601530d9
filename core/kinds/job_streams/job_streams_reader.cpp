#include "kinds/job_streams/job_streams_reader.h"

#include "model/did_you_mean.h"
#include "model/units.h"
#include "scenario/contention_reader.h"
#include "scenario/duration_distribution_reader.h"
#include "scenario/feasibility_check.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"

#include <algorithm>

namespace orrery::kinds::job_streams {

using namespace scenario;

namespace {

constexpr std::int64_t kMaxServicesPerJob = 64;
constexpr double kMaxSloMultiple = 1e6;
constexpr int kDefaultMinServices = 1;
constexpr int kDefaultMaxServices = 4;

void readServicesPerJob(const YamlNode& node, const std::string& path, ParseContext& context, JobStreamsSpec& spec)
{
    if (node.isScalar()) {
        if (const auto value = readInteger(node, path, context, 1, kMaxServicesPerJob))
            spec.minServicesPerJob = spec.maxServicesPerJob = static_cast<int>(*value);
        return;
    }
    MapReader reader(node, path, context, {"min", "max"}, "services per job: a count such as 2, or a range {min: 1, max: 4}");
    if (!reader.isMap())
        return;
    const YamlNode* minNode = reader.get("min");
    const YamlNode* maxNode = reader.get("max");
    std::optional<std::int64_t> min = kDefaultMinServices;
    std::optional<std::int64_t> max = kDefaultMaxServices;
    if (minNode)
        min = readInteger(*minNode, reader.pathOf("min"), context, 1, kMaxServicesPerJob);
    if (maxNode)
        max = readInteger(*maxNode, reader.pathOf("max"), context, 1, kMaxServicesPerJob);
    if (!min || !max)
        return;
    if (*min > *max) {
        context.error(maxNode ? *maxNode : node, maxNode ? reader.pathOf("max") : path,
                      "expected max at least min (" + std::to_string(*min) + "), got " + std::to_string(*max)
                          + (maxNode ? std::string() : std::string(" (the default)")));
        return;
    }
    spec.minServicesPerJob = static_cast<int>(*min);
    spec.maxServicesPerJob = static_cast<int>(*max);
}

void readSlo(const YamlNode& node, const std::string& path, ParseContext& context, JobStreamsSpec& spec)
{
    if (node.isScalar()) {
        if (const auto value = readDuration(node, path, context, 1, kMaxHorizon)) {
            spec.slo.kind = JobSloSpec::Kind::Absolute;
            spec.slo.absolute = *value;
        }
        return;
    }
    MapReader reader(node, path, context, {"criticalPathMultiple"},
                     "an SLO: a duration such as 50ms, or {criticalPathMultiple: 5}");
    if (!reader.isMap())
        return;
    const YamlNode* multiple = reader.require("criticalPathMultiple", "a number greater than 0 such as 5");
    if (!multiple)
        return;
    const auto value = readNumber(*multiple, reader.pathOf("criticalPathMultiple"), context, 0.0, kMaxSloMultiple, "");
    if (value && *value <= 0.0) {
        context.error(*multiple, reader.pathOf("criticalPathMultiple"),
                      "expected a number greater than 0, got " + multiple->describe());
    } else if (value) {
        spec.slo.kind = JobSloSpec::Kind::CriticalPathMultiple;
        spec.slo.multiple = *value;
    }
}

//! Reads `batch:`; on success fills spec.batch, turning a batch arrivalRate into a fraction of
//! all arrivals (and raising spec.arrivalsPerSecond to the merged rate).
void readBatch(const YamlNode& node, const std::string& path, ParseContext& context, const model::ClusterSpec* cluster,
               JobStreamsSpec& spec)
{
    MapReader reader(node, path, context, {"fraction", "arrivalRate", "request", "duration", "demand"},
                     "injected batch jobs: a mapping with fraction (or arrivalRate), request, duration and demand");
    if (!reader.isMap())
        return;
    const std::size_t errorsBefore = context.errorCount();
    const YamlNode* fraction = reader.get("fraction");
    const YamlNode* rate = reader.get("arrivalRate");
    InjectedBatchSpec batch;
    std::optional<double> batchRate;
    if (fraction && rate) {
        context.error(*rate, reader.pathOf("arrivalRate"),
                      "both fraction and arrivalRate are given; expected one of them (fraction: share of all arrivals, "
                      "arrivalRate: batch jobs on top of the workload's arrivalRate)");
    } else if (!fraction && !rate) {
        context.error(node, reader.pathOf("fraction"),
                      "missing required field 'fraction' or 'arrivalRate' (expected how many batch jobs to inject, "
                      "such as fraction: 0.05 or arrivalRate: 2/min)");
    } else if (fraction) {
        const auto value = readNumber(*fraction, reader.pathOf("fraction"), context, 0.0, 1.0, "");
        if (value && *value <= 0.0)
            context.error(*fraction, reader.pathOf("fraction"), "expected a number greater than 0 and at most 1, got " + fraction->describe());
        else if (value)
            batch.fraction = *value;
    } else {
        batchRate = readRate(*rate, reader.pathOf("arrivalRate"), context, kMaxArrivalsPerSecond);
    }
    const YamlNode* requestNode = reader.require("request", "a mapping such as {cpu: 4, memory: 8Gi}");
    bool requestOk = false;
    if (requestNode) {
        const std::size_t before = context.errorCount();
        MapReader request(*requestNode, reader.pathOf("request"), context, {"cpu", "memory"},
                          "a resource request: a mapping with cpu and memory (batch jobs run on CPUs)");
        if (const YamlNode* cpu = request.require("cpu", "CPU per job such as 4"))
            batch.request.millicores = readMillicores(*cpu, request.pathOf("cpu"), context, 1, kMaxNodeMillicores).value_or(0);
        if (const YamlNode* memory = request.require("memory", "memory per job such as 8Gi"))
            batch.request.memoryBytes = readBytes(*memory, request.pathOf("memory"), context, 1, kMaxNodeMemoryBytes).value_or(0);
        requestOk = request.isMap() && context.errorCount() == before;
    }
    if (const YamlNode* duration = reader.require("duration", "a duration such as 10m, or a distribution")) {
        if (const auto value = readDurationDistribution(*duration, reader.pathOf("duration"), context))
            batch.duration = *value;
    }
    if (cluster && requestOk)
        checkRequestFits(batch.request, {}, *requestNode, reader.pathOf("request"), *cluster, context);
    if (context.errorCount() != errorsBefore)
        return;
    if (batchRate) {
        if (spec.launchWindow > 0) {
            context.error(node, path, "with launchWindow the arrivals are counted by jobs; expected the batch jobs as a "
                                      "fraction of them (such as fraction: 0.05), not an arrivalRate");
            return;
        }
        if (spec.arrivalsPerSecond <= 0.0)
            return; // the workload's own arrivalRate is already reported
        batch.fraction = *batchRate / (spec.arrivalsPerSecond + *batchRate);
        spec.arrivalsPerSecond += *batchRate;
    }
    if (const YamlNode* demand = reader.get("demand"))
        readDemand(*demand, reader.pathOf("demand"), context, batch.demand);
    spec.batch = batch;
}

} // namespace

const std::vector<std::string>& jobStreamsKeys()
{
    static const std::vector<std::string> kKeys = {"name",           "kind",         "graph", "arrivalRate", "launchWindow", "jobs",
                                                   "servicesPerJob", "latencySigma", "slo",   "batch"};
    return kKeys;
}

std::unique_ptr<JobStreamsSpec> readJobStreams(MapReader& reader, ParseContext& context, const model::ClusterSpec* cluster,
                                               ServiceGraphCache& graphs)
{
    auto owned = std::make_unique<JobStreamsSpec>();
    JobStreamsSpec& spec = *owned;
    const std::size_t errorsBefore = context.errorCount();
    spec.location = context.locationOf(reader.node());
    if (const YamlNode* name = reader.get("name"))
        spec.name = name->isScalar() ? name->scalar() : std::string();
    const YamlNode* graphNode = reader.require("graph", "a built-in graph name such as socialnetwork, or a path to a ServiceGraph file");
    if (graphNode)
        spec.graph = readGraphReference(*graphNode, reader.pathOf("graph"), context, graphs, spec.graphReference, spec.graphFile);
    const YamlNode* jobs = reader.get("jobs");
    if (jobs)
        spec.maxJobs = readInteger(*jobs, reader.pathOf("jobs"), context, 1, kMaxJobs).value_or(0);
    // Arrivals: a rate, or a window over which the `jobs` arrivals are spread.
    const YamlNode* window = reader.get("launchWindow");
    if (window) {
        if (reader.get("arrivalRate")) {
            context.error(*window, reader.pathOf("launchWindow"),
                          "both arrivalRate and launchWindow are given; expected one of them");
        } else if (!jobs) {
            context.error(*window, reader.pathOf("launchWindow"),
                          "launchWindow spreads `jobs` arrivals over a window; expected a jobs count too");
        } else {
            spec.launchWindow = readDuration(*window, reader.pathOf("launchWindow"), context, 1, kMaxHorizon).value_or(0);
        }
    } else if (const YamlNode* rate = reader.require("arrivalRate", "a rate such as 50/s (or jobs with a launchWindow)")) {
        spec.arrivalsPerSecond = readRate(*rate, reader.pathOf("arrivalRate"), context, kMaxArrivalsPerSecond).value_or(0.0);
    }
    const YamlNode* servicesPerJob = reader.get("servicesPerJob");
    if (servicesPerJob)
        readServicesPerJob(*servicesPerJob, reader.pathOf("servicesPerJob"), context, spec);
    if (const YamlNode* sigma = reader.get("latencySigma")) {
        if (const auto value = readNumber(*sigma, reader.pathOf("latencySigma"), context, 0.0, kMaxLogNormalSigma, ""))
            spec.latencySigma = *value;
    }
    if (const YamlNode* slo = reader.get("slo"))
        readSlo(*slo, reader.pathOf("slo"), context, spec);
    if (const YamlNode* batch = reader.get("batch"))
        readBatch(*batch, reader.pathOf("batch"), context, cluster, spec);

    if (spec.graph) {
        const auto services = static_cast<int>(spec.graph->size());
        if (spec.minServicesPerJob > services) {
            context.error(servicesPerJob ? *servicesPerJob : *graphNode,
                          servicesPerJob ? reader.pathOf("servicesPerJob") : reader.pathOf("graph"),
                          "jobs of at least " + std::to_string(spec.minServicesPerJob) + " services cannot be sampled from graph '"
                              + spec.graphReference + "', which has " + std::to_string(services)
                              + "; expected a minimum of at most " + std::to_string(services));
        }
        if (cluster)
            checkGraphServicesFit(*spec.graph, *graphNode, reader.pathOf("graph"), *cluster, context);
    }
    if (context.errorCount() != errorsBefore)
        return nullptr;
    return owned;
}

} // namespace orrery::kinds::job_streams
