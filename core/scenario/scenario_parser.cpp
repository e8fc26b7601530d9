#include "scenario/scenario_parser.h"

#include "scenario/api_version_check.h"
#include "model/did_you_mean.h"
#include "scenario/anomaly_reader.h"
#include "scenario/cluster_reader.h"
#include "scenario/contention_reader.h"
#include "scenario/map_reader.h"
#include "scenario/decision_cost_reader.h"
#include "scenario/policy_reader.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"
#include "scenario/workload_reader.h"

namespace orrery::scenario {

namespace {


} // namespace

ScenarioParser::ScenarioParser(ParseContext& context)
    : m_context(context)
{
}

std::optional<model::Scenario> ScenarioParser::parse(const YamlNode& root)
{
    MapReader top(root, {}, m_context, {"apiVersion", "kind", "metadata", "spec"},
                  "a mapping with apiVersion, kind, metadata and spec at the top level");
    if (!top.isMap())
        return std::nullopt;
    if (!readHeader(top))
        return std::nullopt;

    model::Scenario scenario;
    if (const YamlNode* metadata = top.require("metadata", "a mapping with name"))
        readMetadata(*metadata, "metadata", scenario);
    if (const YamlNode* spec = top.require("spec", "a mapping with seed, horizon, cluster and workloads"))
        readSpec(*spec, "spec", scenario);
    if (m_context.errorCount() > 0)
        return std::nullopt;
    return scenario;
}

bool ScenarioParser::readHeader(MapReader& top)
{
    bool sameFormat = scenario::checkApiVersion(top, m_context);
    if (const YamlNode* kind = top.require("kind", "Scenario")) {
        if (!kind->isScalar() || kind->scalar() != "Scenario") {
            std::string message = "this file has kind " + kind->describe();
            if (kind->isScalar())
                message += model::didYouMean(kind->scalar(), {"Scenario"});
            m_context.error(*kind, "kind", message + "; expected kind: Scenario (the only kind a scenario file may have)");
            sameFormat = false;
        }
    }
    return sameFormat;
}

void ScenarioParser::readMetadata(const YamlNode& node, const std::string& path, model::Scenario& scenario)
{
    MapReader reader(node, path, m_context, {"name", "description"}, "metadata: a mapping with name and description");
    if (const YamlNode* name = reader.require("name", "a scenario name such as demo")) {
        if (const auto value = readName(*name, reader.pathOf("name"), m_context))
            scenario.name = *value;
    }
    if (const YamlNode* description = reader.get("description")) {
        if (description->isScalar())
            scenario.description = description->scalar();
        else if (!description->isNull())
            m_context.error(*description, reader.pathOf("description"), "expected a text, got " + description->describe());
    }
}

void ScenarioParser::readSpec(const YamlNode& node, const std::string& path, model::Scenario& scenario)
{
    MapReader reader(node, path, m_context, {"seed", "horizon", "samplePeriod", "cluster", "workloads", "policies", "decisionCost", "anomalies", "contention"},
                     "spec: a mapping with seed, horizon, cluster and workloads");
    if (!reader.isMap())
        return;
    if (const YamlNode* seed = reader.require("seed", "an unsigned 64-bit integer such as 42"))
        scenario.seed = readUnsigned64(*seed, reader.pathOf("seed"), m_context).value_or(0);
    const YamlNode* horizon = reader.require("horizon", "a duration such as 2h");
    if (horizon)
        scenario.horizon = readDuration(*horizon, reader.pathOf("horizon"), m_context, 1, kMaxHorizon).value_or(0);
    if (const YamlNode* samplePeriod = reader.get("samplePeriod")) {
        const auto value = readDuration(*samplePeriod, reader.pathOf("samplePeriod"), m_context, 1, kMaxHorizon);
        if (value && scenario.horizon > 0 && *value > scenario.horizon) {
            m_context.error(*samplePeriod, reader.pathOf("samplePeriod"),
                            "expected a duration greater than 0 and at most the horizon (" + horizon->scalar() + "), got "
                                + samplePeriod->describe());
        } else if (value) {
            scenario.samplePeriod = *value;
        }
    } else if (scenario.horizon > 0 && scenario.samplePeriod > scenario.horizon) {
        scenario.samplePeriod = scenario.horizon; // the default 10s, for a horizon shorter than that
    }

    const model::ClusterSpec* cluster = nullptr;
    if (const YamlNode* clusterNode = reader.require("cluster", "a mapping with pools")) {
        const std::size_t errorsBefore = m_context.errorCount();
        scenario.cluster = readCluster(*clusterNode, reader.pathOf("cluster"), m_context);
        if (m_context.errorCount() == errorsBefore)
            cluster = &scenario.cluster;
    }
    const std::size_t errorsBeforeWorkloads = m_context.errorCount();
    if (const YamlNode* workloads = reader.require("workloads", "a sequence of workloads"))
        scenario.workloads = readWorkloads(*workloads, reader.pathOf("workloads"), m_context, cluster);
    if (const YamlNode* anomalies = reader.get("anomalies")) {
        const bool targetsKnown = cluster && m_context.errorCount() == errorsBeforeWorkloads;
        scenario.anomalies = readAnomalies(*anomalies, reader.pathOf("anomalies"), m_context, scenario, targetsKnown);
    }
    if (const YamlNode* policies = reader.get("policies"))
        scenario.policies = readPolicies(*policies, reader.pathOf("policies"), m_context);
    if (const YamlNode* contention = reader.get("contention"))
        scenario.contention = readContention(*contention, reader.pathOf("contention"), m_context);
    if (const YamlNode* decisionCost = reader.get("decisionCost"))
        scenario.decisionCost = readDecisionCost(*decisionCost, reader.pathOf("decisionCost"), m_context);
}

} // namespace orrery::scenario
