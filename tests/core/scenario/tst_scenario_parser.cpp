#include "scenario/scenario_loader.h"

#include "model/units.h"
#include "fuzz_replay.h"
#include "scenario_invariant.h"

#include "diagnostic_expectation.h"

#include <QtTest>

#include <random>
#include <variant>

using namespace orrery;

//! The scenario parser: demo and good fixtures give the expected model, every bad fixture gives
//! the expected diagnostic (file:line:column, field path, message), nothing throws or writes.
class TestScenarioParser : public QObject {
    Q_OBJECT

private slots:
    void demoScenario();
    void minimalFixture();
    void fullFixture();
    void documentationExample();
    void pythonNamesThePythonPluginAndItsClass();
    void goodFixtures_data();
    void goodFixtures();
    void badFixtures_data();
    void badFixtures();
    void everyBadFixtureHasARow();
    void allErrorsAreCollected();
    void parseText_data();
    void parseText();
    void fileNotFound();
    void directoryIsNotAFile();
    void unreadableFile();
    void oversizedText();
    void diagnosticsAreCapped();
    void deepNesting();
    void aliasesAreCheap();
    void mutatedTextNeverThrows();
    void parsingWritesNoFile();
    //! Every crash input fuzz_scenario found (tests/fixtures/fuzz-regressions/scenario/) and every
    //! seed of its corpus keeps the harness's invariant (tests/fuzz/scenario_invariant.h).
    void fuzzRegressions_data() { fuzz::addReplayRows(ORRERY_SOURCE_DIR, "scenario"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string text = fuzz::readReplayFile(file);
        const std::string name = ORRERY_SOURCE_DIR "/tests/fuzz/fixture/fuzzed-scenario.yaml";
        const std::string problem = fuzz::scenarioProblem(text, name, scenario::ScenarioLoadOptions::defaults());
        QVERIFY2(problem.empty(), problem.c_str());
    }
};

namespace {

constexpr sim::SimTime kMinute = sim::kMinute;
constexpr std::int64_t kGi = std::int64_t{1} << 30;

QString fixture(const QString& relative)
{
    return QStringLiteral(ORRERY_FIXTURE_DIR "/scenarios/") + relative;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

std::string text(const QByteArray& bytes)
{
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

const model::BatchJobsSpec& batch(const model::Scenario& scenario, std::size_t index)
{
    return std::get<model::BatchJobsSpec>(scenario.workloads.at(index));
}

//! 1-based line and column (in characters) where `needle` starts in `source`, plus `offset`.
QPair<int, int> positionOf(const QByteArray& source, const QByteArray& needle, int offset = 0)
{
    const QString sourceText = QString::fromUtf8(source);
    const qsizetype at = sourceText.indexOf(QString::fromUtf8(needle));
    if (at < 0)
        return {0, 0};
    const qsizetype position = at + offset;
    const qsizetype lineStart = sourceText.lastIndexOf(QLatin1Char('\n'), position - 1) + 1;
    return {static_cast<int>(sourceText.left(position).count(QLatin1Char('\n'))) + 1,
            static_cast<int>(position - lineStart) + 1};
}

QPair<int, int> lineColumn(const model::SourceLocation& location)
{
    return {location.line, location.column};
}

QString describe(const scenario::LoadResult& result)
{
    return QString::fromStdString(model::formatAll(result.diagnostics));
}

struct BadCase {
    const char* file;
    int line;
    int column; //!< 0: not checked
    const char* path;
    const char* message;
    int count; //!< diagnostics expected in all
};

// One row per error class; positions are 1-based, columns count characters.
const BadCase kBadCases[] = {
    // file-level: text checks run before yaml-cpp sees the bytes
    {"empty", 1, 1, "", "empty file: expected a YAML document with kind: Scenario", 1},
    {"only_comments", 1, 1, "", "empty file: expected a YAML document with kind: Scenario", 1},
    {"nul_byte", 7, 10, "", "NUL byte: expected UTF-8 YAML text", 1},
    {"invalid_utf8", 5, 12, "", "invalid UTF-8 (byte 0xE9)", 1},
    {"utf16", 1, 1, "", "the file is UTF-16 text", 1},
    {"control_char", 5, 11, "", "control character U+0007 is not allowed in YAML", 1},
    // YAML syntax (yaml-cpp's mark)
    {"broken_indentation", 12, 8, "", "invalid YAML: end of sequence not found", 1},
    {"broken_flow", 28, 15, "", "invalid YAML: end of map flow not found", 1},
    {"tab_indentation", 12, 1, "", "indented with a tab, and YAML indentation must use spaces", 1},
    {"multiple_documents", 29, 1, "", "a second YAML document starts here: expected exactly one document", 1},
    // document shape and header
    {"top_level_sequence", 2, 1, "", "expected a mapping with apiVersion, kind, metadata and spec at the top level, got a sequence", 1},
    {"top_level_scalar", 2, 1, "", "at the top level, got \"just some text\"", 1},
    {"wrong_api_version", 2, 13, "apiVersion", "unsupported apiVersion \"orrery.dev/v2\"; expected orrery.dev/v1", 1},
    {"wrong_kind", 3, 7, "kind", "this file has kind \"Experiment\"; expected kind: Scenario", 1},
    // missing required fields: reported at the parent mapping
    {"missing_horizon", 7, 3, "spec.horizon", "missing required field 'horizon' (expected a duration such as 2h)", 1},
    {"missing_pool_memory", 15, 9, "spec.cluster.pools[1].memory", "missing required field 'memory'", 1},
    {"missing_metadata_name", 5, 3, "metadata.name", "missing required field 'name'", 1},
    {"missing_plugin", 31, 7, "spec.policies.placement.plugin", "missing required field 'plugin'", 1},
    // wrong types
    {"cluster_is_sequence", 10, 5, "spec.cluster", "expected the cluster: a mapping with pools, got a sequence", 1},
    {"pools_is_mapping", 11, 7, "spec.cluster.pools", "expected a non-empty sequence of node pools (- name: ..., count: ...), got a mapping", 1},
    {"request_is_scalar", 27, 16, "spec.workloads[0].request", "expected a resource request: a mapping with cpu, memory", 1},
    {"empty_workloads", 23, 14, "spec.workloads", "expected a non-empty sequence of workloads", 1},
    {"policy_param_not_scalar", 33, 18, "spec.policies.placement.params.weights", "expected a parameter value (a number, string or duration), got a sequence", 1},
    {"policy_shorthand", 30, 16, "spec.policies.placement", "got \"first-fit\" (write {plugin: first-fit})", 1},
    {"python_and_plugin", 30, 44, "spec.policies.placement.python", "give either plugin or python, not both", 1},
    {"python_class_twice", 30, 48, "spec.policies.placement.params.class", "the class is already given by python", 1},
    // unknown fields at every level, with did-you-mean
    {"unknown_field_top", 29, 1, "statuss", "unknown field 'statuss'; expected one of: apiVersion, kind, metadata, spec", 1},
    {"unknown_field_pool", 15, 9, "spec.cluster.pools[0].pricePerHr", "unknown field 'pricePerHr' (did you mean 'pricePerHour'?)", 1},
    {"unknown_field_device", 22, 13, "spec.cluster.pools[1].devices[0].cont", "unknown field 'cont' (did you mean 'count'?); expected one of: kind, model, count", 1},
    {"unknown_field_workload", 29, 7, "spec.workloads[0].maxJob", "unknown field 'maxJob' (did you mean 'maxJobs'?)", 1},
    {"unknown_field_request", 27, 38, "spec.workloads[0].request.gpus", "unknown field 'gpus' (did you mean 'gpu'?)", 1},
    {"unknown_field_distribution", 28, 59, "spec.workloads[0].duration.mean", "unknown field 'mean'; expected one of: distribution, min, max", 1},
    {"unknown_decision_point", 30, 5, "spec.policies.placment", "unknown field 'placment' (did you mean 'placement'?); expected one of: placement, control, queue", 1},
    {"unknown_field_policy", 32, 7, "spec.policies.placement.parms", "unknown field 'parms' (did you mean 'params'?)", 1},
    {"unknown_workload_kind", 25, 13, "spec.workloads[0].kind", "unknown workload kind \"Batchjobs\" (did you mean 'BatchJobs'?); known kinds: BatchJobs", 1},
    {"unknown_device_kind", 20, 19, "spec.cluster.pools[1].devices[0].kind", "unknown device kind \"tpu\" (did you mean 'gpu'?); expected gpu, asic or fpga", 1},
    {"unknown_distribution", 28, 32, "spec.workloads[0].duration.distribution", "unknown distribution \"normal\"; expected constant, exponential, uniform or lognormal", 1},
    // duplicate keys (yaml-cpp keeps them silently)
    {"duplicate_key", 13, 9, "spec.cluster.pools[0].count", "duplicate key 'count': already given at line 12, column 9", 1},
    {"duplicate_key_spec", 9, 3, "spec.seed", "duplicate key 'seed': already given at line 7, column 3", 1},
    // numbers: negative, zero where positive, absurd
    {"negative_count", 12, 16, "spec.cluster.pools[0].count", "expected an integer from 1 to 100000, got \"-3\"", 1},
    {"negative_price", 15, 23, "spec.cluster.pools[0].pricePerHour", "expected a number from 0 to 10000 USD per node-hour, got \"-1.5\"", 1},
    {"negative_seed", 7, 9, "spec.seed", "expected an unsigned 64-bit integer (0 to 18446744073709551615), got \"-1\"", 1},
    {"zero_cpu", 13, 14, "spec.cluster.pools[0].cpu", "expected CPU greater than 0 and at most 4096 cores, got \"0\"", 1},
    {"zero_horizon", 8, 12, "spec.horizon", "expected a duration greater than 0 and at most 365d, got \"0s\"", 1},
    {"zero_rate", 26, 20, "spec.workloads[0].arrivalRate", "expected a rate greater than 0 and at most 1000000/s, got \"0/s\"", 1},
    {"lognormal_sigma_zero", 28, 62, "spec.workloads[0].duration.sigma", "expected a number greater than 0 and at most 5, got \"0\"", 1},
    {"absurd_memory", 18, 17, "spec.cluster.pools[1].memory", "expected a size greater than 0 and at most 64Ti, got \"256Ti\"", 1},
    {"absurd_horizon", 8, 12, "spec.horizon", "at most 365d, got \"400d\"", 1},
    {"too_many_nodes", 11, 7, "spec.cluster.pools", "expected at most 1000000 nodes over all pools, got 1100002", 1},
    {"sample_period_above_horizon", 9, 17, "spec.samplePeriod", "at most the horizon (1h), got \"2h\"", 1},
    {"uniform_min_not_below_max", 28, 55, "spec.workloads[0].duration.max", "expected max greater than min (5m), got \"1m\"", 1},
    {"bad_name", 5, 9, "metadata.name", "got \"My_Demo\" (uppercase 'M' is not allowed)", 1},
    // bad units
    {"missing_duration_unit", 8, 12, "spec.horizon", "expected a duration with a unit such as 250ms, 10s or 2h, got \"7200\"", 1},
    {"bad_duration_unit", 8, 12, "spec.horizon", "unknown unit 'hours'; use ns, us, ms, s, m, h or d (did you mean 'h'?)", 1},
    {"bad_memory_unit", 14, 17, "spec.cluster.pools[0].memory", "got \"64GB\" (quantities have no 'B': write G (powers of 1000) or Gi (powers of 1024))", 1},
    {"bad_cpu_unit", 13, 14, "spec.cluster.pools[0].cpu", "unknown suffix 'cores'", 1},
    {"bad_rate_unit", 26, 20, "spec.workloads[0].arrivalRate", "got \"10/m\" (write /min for per minute)", 1},
    // cross-checks
    {"duplicate_pool_name", 15, 15, "spec.cluster.pools[1].name", "duplicate pool name 'cpu', already used by spec.cluster.pools[0]", 1},
    {"duplicate_workload_name", 29, 13, "spec.workloads[1].name", "duplicate workload name 'jobs', already used by spec.workloads[0]", 1},
    {"unknown_device_model", 29, 20, "spec.workloads[0].deviceModel", "no node pool provides device model 'A100' (did you mean 'V100'?); expected one of the models in the pools: V100", 1},
    {"request_too_large", 27, 16, "spec.workloads[0].request", "request (cpu 64, memory 4Gi) fits on no node, so these jobs could never run: pool 'cpu' has cpu 16; pool 'gpu' has cpu 32", 1},
    {"bad_request_and_device_model", 27, 22, "spec.workloads[0].request.cpu", "got \"two\"", 2},
    {"request_device_too_large", 27, 16, "spec.workloads[0].request", "fits on no node with device model V100, so these jobs could never run: pool 'gpu' has gpu 4", 1},
    // several independent errors in one file are all reported, in file order
    {"several_errors", 12, 16, "spec.cluster.pools[0].count", "expected an integer from 1 to 100000, got \"0\"", 3},
};

} // namespace

void TestScenarioParser::demoScenario()
{
    const QString path = QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/demo.yaml");
    const auto result = scenario::loadScenarioFile(path.toStdString());
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    QVERIFY(result.diagnostics.empty());
    const model::Scenario& demo = *result.scenario;
    QCOMPARE(demo.name, std::string("demo"));
    QVERIFY(!demo.description.empty());
    QCOMPARE(demo.sourceFile, path.toStdString());
    QCOMPARE(demo.sourceText, text(readAll(path)));
    QCOMPARE(demo.seed, std::uint64_t{42});
    QCOMPARE(demo.horizon, 2 * sim::kHour);
    QCOMPARE(demo.samplePeriod, 10 * sim::kSecond);

    QCOMPARE(demo.cluster.pools.size(), std::size_t{3});
    QCOMPARE(demo.cluster.nodeCount(), 30);
    const auto& cpu = demo.cluster.pools[0];
    QCOMPARE(cpu.name, std::string("cpu-general"));
    QCOMPARE(cpu.count, 20);
    QCOMPARE(cpu.millicores, std::int64_t{32'000});
    QCOMPARE(cpu.memoryBytes, 128 * kGi);
    QCOMPARE(cpu.pricePerHourUsd, 1.536);
    QCOMPARE(cpu.labels.at("tier"), std::string("general"));
    QVERIFY(cpu.devices.empty());
    const auto& gpu = demo.cluster.pools[1];
    QCOMPARE(gpu.name, std::string("gpu-v100"));
    QCOMPARE(gpu.count, 5);
    QCOMPARE(gpu.devices.size(), std::size_t{1});
    QCOMPARE(gpu.devices[0].kind, model::DeviceKind::Gpu);
    QCOMPARE(gpu.devices[0].model, std::string("V100"));
    QCOMPARE(gpu.devices[0].count, 4);
    const auto& asic = demo.cluster.pools[2];
    QCOMPARE(asic.count, 5);
    QCOMPARE(asic.devices.at(0).kind, model::DeviceKind::Asic);
    const QByteArray source = readAll(path);
    QCOMPARE(lineColumn(cpu.location), positionOf(source, "name: cpu-general"));
    QCOMPARE(cpu.location.file, path.toStdString());

    QCOMPARE(demo.workloads.size(), std::size_t{3});
    const auto& training = batch(demo, 1);
    QCOMPARE(training.name, std::string("training"));
    QCOMPARE(training.deviceModel, std::string("V100"));
    QCOMPARE(training.request.deviceCount(model::DeviceKind::Gpu), 1);
    QCOMPARE(training.duration.kind, model::DurationDistribution::Kind::Exponential);
    QCOMPARE(training.duration.first, 20 * kMinute);
    QCOMPARE(lineColumn(training.location), positionOf(source, "name: training"));
    const auto& analytics = batch(demo, 0);
    QCOMPARE(analytics.duration.kind, model::DurationDistribution::Kind::LogNormal);
    QCOMPARE(analytics.duration.sigma, 0.8);
    QCOMPARE(analytics.arrivalsPerSecond, 8.0 / 60.0);
    const auto& inference = batch(demo, 2);
    QCOMPARE(inference.maxJobs, std::int64_t{600});
    QCOMPARE(inference.request.millicores, std::int64_t{500});
    QCOMPARE(inference.duration.kind, model::DurationDistribution::Kind::Uniform);
    QCOMPARE(inference.duration.first, 1 * kMinute);
    QCOMPARE(inference.duration.second, 5 * kMinute);

    QCOMPARE(demo.policies.size(), std::size_t{1});
    const auto& placement = demo.policies.at("placement");
    QCOMPARE(placement.plugin, std::string("first-fit"));
    QCOMPARE(placement.fieldPath, std::string("spec.policies.placement"));
    QVERIFY(placement.params.empty());
    QCOMPARE(lineColumn(placement.location), positionOf(source, "plugin: first-fit"));

    // The demo must simulate in well under a second: keep its job count small.
    double expectedJobs = 0.0;
    for (std::size_t i = 0; i < demo.workloads.size(); ++i)
        expectedJobs += batch(demo, i).arrivalsPerSecond * sim::toSeconds(demo.horizon);
    QVERIFY2(expectedJobs < 5'000.0, qPrintable(QString::number(expectedJobs)));
}

void TestScenarioParser::minimalFixture()
{
    const auto result = scenario::loadScenarioFile(fixture("good/minimal.yaml").toStdString());
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const model::Scenario& minimal = *result.scenario;
    QCOMPARE(minimal.name, std::string("minimal"));
    QVERIFY(minimal.description.empty());
    QCOMPARE(minimal.seed, std::uint64_t{0});
    QCOMPARE(minimal.horizon, 30 * kMinute);
    QCOMPARE(minimal.samplePeriod, 10 * sim::kSecond); // the default
    QCOMPARE(minimal.cluster.pools.size(), std::size_t{1});
    const auto& pool = minimal.cluster.pools[0];
    QCOMPARE(pool.millicores, std::int64_t{500});
    QCOMPARE(pool.memoryBytes, kGi);
    QCOMPARE(pool.pricePerHourUsd, 0.0);
    QVERIFY(pool.labels.empty());
    QVERIFY(pool.devices.empty());
    const auto& tiny = batch(minimal, 0);
    QCOMPARE(tiny.arrivalsPerSecond, 1.0 / 60.0);
    QCOMPARE(tiny.maxJobs, std::int64_t{0});
    QCOMPARE(tiny.request.millicores, std::int64_t{100});
    QCOMPARE(tiny.request.memoryBytes, std::int64_t{128} << 20);
    QVERIFY(tiny.deviceModel.empty());
    QCOMPARE(tiny.duration.kind, model::DurationDistribution::Kind::Constant);
    QCOMPARE(tiny.duration.first, 90 * sim::kSecond);
    QVERIFY(minimal.policies.empty()); // no placement entry: the simulation picks its default
}

void TestScenarioParser::fullFixture()
{
    const QString path = fixture("good/full.yaml");
    const QByteArray source = readAll(path);
    const auto result = scenario::loadScenarioFile(path.toStdString());
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const model::Scenario& full = *result.scenario;
    QCOMPARE(full.name, std::string("full-0"));
    QCOMPARE(QString::fromStdString(full.description), QString::fromUtf8("Every field, for the parser tests.\nSecond line: µ and ü are fine here.\n"));
    QCOMPARE(full.seed, std::numeric_limits<std::uint64_t>::max());
    QCOMPARE(full.horizon, 36 * sim::kHour);
    QCOMPARE(full.samplePeriod, 2'500 * sim::kMillisecond);

    QCOMPARE(full.cluster.pools.size(), std::size_t{3});
    const auto& general = full.cluster.pools[0];
    QCOMPARE(general.millicores, std::int64_t{32'000}); // quoted "32"
    const std::map<std::string, std::string> labels = {
        {"tier", "general"}, {"kubernetes.io/arch", "amd64"}, {"rack", "7"}, {"spare", ""}};
    QCOMPARE(general.labels, labels);
    const auto& gpu = full.cluster.pools[1];
    QCOMPARE(gpu.labels, labels); // through the alias
    QCOMPARE(gpu.millicores, std::int64_t{15'500});
    QCOMPARE(gpu.memoryBytes, std::int64_t{1'649'267'441'664}); // 1.5Ti, exactly
    QCOMPARE(gpu.devices.size(), std::size_t{2});
    QCOMPARE(gpu.devices[1].kind, model::DeviceKind::Fpga);
    QCOMPARE(gpu.devices[1].model, std::string("Alveo-U250"));
    QCOMPARE(gpu.devices[1].count, 1); // default
    QCOMPARE(gpu.nodeCapacity().deviceCount(model::DeviceKind::Gpu), 4);
    const auto& asic = full.cluster.pools[2]; // flow style
    QCOMPARE(asic.name, std::string("asic-inf1"));
    QCOMPARE(asic.millicores, std::int64_t{24'000});
    QCOMPARE(asic.memoryBytes, std::int64_t{48'000'000'000});
    QCOMPARE(asic.devices.at(0).count, 16);
    QCOMPARE(lineColumn(asic.location), positionOf(source, "{name: asic-inf1"));

    QCOMPARE(full.workloads.size(), std::size_t{5});
    QCOMPARE(batch(full, 0).duration.kind, model::DurationDistribution::Kind::Constant);
    QCOMPARE(batch(full, 0).duration.first, 10 * kMinute);
    const auto& exponential = batch(full, 1);
    QCOMPARE(exponential.arrivalsPerSecond, 0.5);
    QCOMPARE(exponential.maxJobs, std::int64_t{500});
    QCOMPARE(exponential.request.millicores, std::int64_t{250});
    QCOMPARE(exponential.request.memoryBytes, std::int64_t{512} << 20);
    QCOMPARE(exponential.request.deviceCount(model::DeviceKind::Gpu), 2);
    QCOMPARE(exponential.request.deviceCount(model::DeviceKind::Fpga), 1);
    QCOMPARE(exponential.request.deviceCount(model::DeviceKind::Asic), 0);
    QCOMPARE(exponential.duration.kind, model::DurationDistribution::Kind::Exponential);
    QCOMPARE(exponential.duration.first, 90 * kMinute);
    const auto& uniform = batch(full, 2);
    QCOMPARE(uniform.request.deviceCount(model::DeviceKind::Asic), 4);
    QCOMPARE(uniform.duration.first, sim::SimTime{0});
    QCOMPARE(uniform.duration.second, 500 * sim::kMicrosecond);
    QCOMPARE(uniform.arrivalsPerSecond, 100.0 / 3600.0);
    const auto& lognormal = batch(full, 3);
    QCOMPARE(lognormal.duration.kind, model::DurationDistribution::Kind::LogNormal);
    QCOMPARE(lognormal.duration.first, 5 * kMinute);
    QCOMPARE(lognormal.duration.sigma, 0.8);
    QCOMPARE(batch(full, 4).duration.kind, model::DurationDistribution::Kind::Constant);
    QCOMPARE(batch(full, 4).duration.first, 250 * sim::kMillisecond);
    QCOMPARE(batch(full, 4).arrivalsPerSecond, 1000.0);

    QCOMPARE(full.policies.size(), std::size_t{3});
    const auto& control = full.policies.at("control");
    QCOMPARE(control.plugin, std::string("kube-hpa"));
    QCOMPARE(control.fieldPath, std::string("spec.policies.control"));
    QCOMPARE(control.params.size(), std::size_t{4});
    const char* const names[] = {"targetUtilization", "period", "mode", "enabled"};
    const char* const values[] = {"0.6", "15s", "aggressive", "true"};
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(control.params[i].name, std::string(names[i]));
        QCOMPARE(control.params[i].value, std::string(values[i]));
        const QByteArray key = QByteArray(names[i]) + ": ";
        QCOMPARE(lineColumn(control.params[i].location), positionOf(source, key, static_cast<int>(key.size())));
        QCOMPARE(control.params[i].location.file, path.toStdString());
    }
    QCOMPARE(full.policies.at("queue").plugin, std::string("sjf"));
    QVERIFY(full.policies.at("queue").params.empty());
    QCOMPARE(full.policies.at("placement").plugin, std::string("first-fit"));
}

void TestScenarioParser::pythonNamesThePythonPluginAndItsClass()
{
    QByteArray source = readAll(fixture("bad/python_and_plugin.yaml"));
    source.replace("{plugin: first-fit, python: \"mine:Spread\"}", "{python: \"mine:Spread\", params: {args: fast}}");
    const auto result = scenario::parseScenario(text(source), "python.yaml");
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const model::PolicyChoice& placement = result.scenario->policies.at("placement");
    QCOMPARE(placement.plugin, std::string("python"));
    QCOMPARE(placement.params.size(), std::size_t{2});
    QCOMPARE(placement.params[0].name, std::string("class"));
    QCOMPARE(placement.params[0].value, std::string("mine:Spread"));
    QCOMPARE(placement.params[1].name, std::string("args"));
}

void TestScenarioParser::documentationExample()
{
    // The complete example in docs/scenario-format.md must stay valid.
    const QByteArray doc = readAll(QStringLiteral(ORRERY_SOURCE_DIR "/docs/scenario-format.md"));
    const qsizetype start = doc.indexOf("```yaml\n");
    QVERIFY(start >= 0);
    const qsizetype end = doc.indexOf("```", start + 8);
    QVERIFY(end > start);
    const auto result = scenario::parseScenario(text(doc.mid(start + 8, end - start - 8)), "docs/scenario-format.md");
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    QCOMPARE(result.scenario->cluster.pools.size(), std::size_t{3});
    QCOMPARE(result.scenario->policies.at("control").params.size(), std::size_t{2});
}

void TestScenarioParser::goodFixtures_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(fixture("good"));
    const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 2);
    for (const QString& file : files)
        QTest::newRow(qPrintable(file)) << dir.filePath(file);
    QTest::newRow("demo.yaml") << QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/demo.yaml");
}

void TestScenarioParser::goodFixtures()
{
    QFETCH(QString, path);
    const auto fromFile = scenario::loadScenarioFile(path.toStdString());
    QVERIFY2(fromFile.ok(), qPrintable(describe(fromFile)));
    QVERIFY(fromFile.diagnostics.empty());
    // The same text parsed from memory gives the same scenario, named as asked.
    const auto fromText = scenario::parseScenario(fromFile.scenario->sourceText, "editor buffer");
    QVERIFY(fromText.ok());
    QCOMPARE(fromText.scenario->sourceFile, std::string("editor buffer"));
    QCOMPARE(fromText.scenario->name, fromFile.scenario->name);
    QCOMPARE(fromText.scenario->cluster.nodeCount(), fromFile.scenario->cluster.nodeCount());
    QCOMPARE(fromText.scenario->workloads.size(), fromFile.scenario->workloads.size());
}

void TestScenarioParser::badFixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("fieldPath");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("count");
    for (const BadCase& bad : kBadCases) {
        QTest::newRow(bad.file) << QString::fromLatin1(bad.file) + ".yaml" << bad.line << bad.column << QString::fromLatin1(bad.path)
                                << QString::fromUtf8(bad.message) << bad.count;
    }
}

void TestScenarioParser::badFixtures()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, fieldPath);
    QFETCH(QString, message);
    QFETCH(int, count);
    const std::string path = fixture("bad/" + file).toStdString();
    const auto result = scenario::loadScenarioFile(path);
    QVERIFY2(!result.ok(), "a bad fixture parsed");
    QVERIFY(!result.scenario.has_value());
    QVERIFY2(static_cast<int>(result.diagnostics.size()) == count, qPrintable(describe(result)));
    const model::Diagnostic& first = result.diagnostics.front();
    ORRERY_VERIFY_DIAGNOSTIC(first, QString::fromStdString(path), line, column, fieldPath, message);
    // Every diagnostic names a position (the first's form is checked above).
    for (const auto& diagnostic : result.diagnostics) {
        QVERIFY(diagnostic.location.line > 0);
        QVERIFY(diagnostic.location.column > 0);
    }
}

void TestScenarioParser::everyBadFixtureHasARow()
{
    QStringList covered;
    for (const BadCase& bad : kBadCases)
        covered << QString::fromLatin1(bad.file) + ".yaml";
    const QStringList files = QDir(fixture("bad")).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    for (const QString& file : files)
        QVERIFY2(covered.contains(file), qPrintable(file + " has no row in kBadCases"));
    QCOMPARE(files.size(), covered.size());
}

void TestScenarioParser::allErrorsAreCollected()
{
    const auto result = scenario::loadScenarioFile(fixture("bad/several_errors.yaml").toStdString());
    QCOMPARE(result.diagnostics.size(), std::size_t{3});
    QCOMPARE(result.diagnostics[0].fieldPath, std::string("spec.cluster.pools[0].count"));
    QCOMPARE(result.diagnostics[1].fieldPath, std::string("spec.cluster.pools[1].memory"));
    QCOMPARE(result.diagnostics[1].location.line, 18);
    QVERIFY(QString::fromStdString(result.diagnostics[1].message).contains("got \"lots\""));
    QCOMPARE(result.diagnostics[2].fieldPath, std::string("spec.workloads[0].arrivalRate"));
    QVERIFY(QString::fromStdString(result.diagnostics[2].message).contains("rates cannot be negative"));
}

void TestScenarioParser::parseText_data()
{
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<int>("line");   // 0: the text must parse
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("fieldPath");
    QTest::addColumn<QString>("message");

    const QByteArray minimal = readAll(fixture("good/minimal.yaml"));
    QByteArray crlf = minimal;
    crlf.replace("\n", "\r\n");
    QTest::newRow("CRLF line endings") << crlf << 0 << 0 << QString() << QString();
    QTest::newRow("UTF-8 byte-order mark") << QByteArray("\xef\xbb\xbf") + minimal << 0 << 0 << QString() << QString();

    QByteArray bomError = QByteArray("\xef\xbb\xbf") + minimal;
    bomError.replace("apiVersion: orrery.dev/v1", "apiVersion: orrery.dev/v9");
    QTest::newRow("columns after a byte-order mark") << bomError << 2 << 13 << "apiVersion" << "unsupported apiVersion";

    QByteArray wide = minimal;
    wide.replace("metadata:\n  name: minimal", "metadata: {description: \"\xc2\xb5\xc2\xb5\xc2\xb5\", name: Bad}");
    QTest::newRow("columns count characters, not bytes") << wide << 4 << 38 << "metadata.name" << "uppercase 'B'";

    QByteArray nullValue = minimal;
    nullValue.replace("horizon: 30m", "horizon:");
    QTest::newRow("empty value") << nullValue << 8 << 3 << "spec.horizon" << "expected a duration such as 250ms, 10s or 2h, greater than 0 and at most 365d, got nothing";

    QByteArray crlfError = crlf;
    crlfError.replace("count: 1", "count: 0");
    QTest::newRow("CRLF error position") << crlfError << 12 << 16 << "spec.cluster.pools[0].count" << "got \"0\"";

    QByteArray alias = minimal;
    alias.replace("request: {cpu: 100m, memory: 128Mi}", "request: &r {cpu: 100m, memory: 128Mi}\n      deviceModel: *r");
    // A problem with an aliased value as a whole is reported where the alias is written.
    QTest::newRow("alias of a mapping where text is expected") << alias << 20 << 20 << "spec.workloads[0].deviceModel" << "expected a device model such as V100, got a mapping";

    QByteArray recursive = minimal;
    recursive.replace("metadata:\n  name: minimal", "metadata: &m\n  name: minimal\n  self: [*m]");
    QTest::newRow("recursive alias") << recursive << 6 << 10 << QString() << "recursive alias";

    QByteArray merge = minimal;
    merge.replace("metadata:\n  name: minimal", "metadata:\n  <<: {name: minimal}");
    QTest::newRow("merge key") << merge << 5 << 3 << "metadata" << "merge keys ('<<') are not supported";

    QByteArray quotedNumbers = minimal;
    quotedNumbers.replace("seed: 0", "seed: \"7\"").replace("count: 1", "count: '3'");
    QTest::newRow("quoted numbers are accepted") << quotedNumbers << 0 << 0 << QString() << QString();

    QByteArray documentOnly("---\n# nothing else\n");
    QTest::newRow("a document marker and nothing") << documentOnly << 1 << 1 << QString() << "empty document";

    QByteArray shortHorizon = minimal;
    shortHorizon.replace("horizon: 30m", "horizon: 5s");
    QTest::newRow("default sample period is capped by a short horizon") << shortHorizon << 0 << 0 << QString() << QString();

    QByteArray nonScalarKey = minimal;
    nonScalarKey.replace("metadata:\n  name: minimal", "metadata:\n  name: minimal\n  ? [a, b]\n  : c");
    QTest::newRow("non-scalar key") << nonScalarKey << 6 << 5 << "metadata" << "expected a field name, got a sequence";

    QByteArray noDevices = minimal;
    noDevices.replace("request: {cpu: 100m, memory: 128Mi}", "request: {cpu: 100m, memory: 128Mi}\n      deviceModel: V100");
    QTest::newRow("device model in a cluster without devices") << noDevices << 20 << 20 << "spec.workloads[0].deviceModel" << "no pool has devices";

    QByteArray tooMuchMemory = minimal;
    tooMuchMemory.replace("memory: 128Mi", "memory: 2Gi");
    QTest::newRow("request larger than the only node") << tooMuchMemory << 19 << 16 << "spec.workloads[0].request" << "pool 'small' has memory 1Gi";
}

void TestScenarioParser::parseText()
{
    QFETCH(QByteArray, source);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, fieldPath);
    QFETCH(QString, message);
    const auto result = scenario::parseScenario(text(source), "buffer.yaml");
    if (line == 0) {
        QVERIFY2(result.ok(), qPrintable(describe(result)));
        QCOMPARE(result.scenario->sourceText, text(source));
        QVERIFY(result.scenario->samplePeriod <= result.scenario->horizon);
        return;
    }
    QVERIFY2(!result.ok() && !result.diagnostics.empty(), "expected a diagnostic");
    const auto& first = result.diagnostics.front();
    QVERIFY2(first.location.line == line && first.location.column == column && QString::fromStdString(first.fieldPath) == fieldPath
                 && QString::fromStdString(first.message).contains(message),
             qPrintable(describe(result)));
    QCOMPARE(first.location.file, std::string("buffer.yaml"));
}

void TestScenarioParser::fileNotFound()
{
    const std::string path = fixture("does-not-exist.yaml").toStdString();
    const auto result = scenario::loadScenarioFile(path);
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), std::size_t{1});
    QCOMPARE(result.diagnostics[0].location.file, path);
    QVERIFY(QString::fromStdString(result.diagnostics[0].message).contains("cannot open the file"));
    QVERIFY(QString::fromStdString(result.diagnostics[0].format()).startsWith(QString::fromStdString(path) + ": error: "));
}

void TestScenarioParser::directoryIsNotAFile()
{
    const auto result = scenario::loadScenarioFile(fixture("good").toStdString());
    QCOMPARE(result.diagnostics.size(), std::size_t{1});
    QVERIFY(QString::fromStdString(result.diagnostics[0].message).contains("this is a directory"));
}

void TestScenarioParser::unreadableFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("locked.yaml");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(readAll(fixture("good/minimal.yaml")));
    file.close();
    QVERIFY(file.setPermissions(QFileDevice::WriteOwner));
    if (QFileInfo(path).isReadable())
        QSKIP("running with privileges that read any file");
    const auto result = scenario::loadScenarioFile(path.toStdString());
    QCOMPARE(result.diagnostics.size(), std::size_t{1});
    QVERIFY2(QString::fromStdString(result.diagnostics[0].message).contains("Permission denied"), result.diagnostics[0].message.c_str());
}

void TestScenarioParser::oversizedText()
{
    const std::string huge(scenario::kMaxScenarioFileBytes + 1, '#');
    const auto result = scenario::parseScenario(huge, "huge.yaml");
    QCOMPARE(result.diagnostics.size(), std::size_t{1});
    QVERIFY(QString::fromStdString(result.diagnostics[0].message).contains("at most 16 MiB"));
}

void TestScenarioParser::diagnosticsAreCapped()
{
    std::string source = text(readAll(fixture("good/minimal.yaml")));
    std::string unknown;
    for (int i = 0; i < 150; ++i)
        unknown += "  x" + std::to_string(i) + ": 1\n";
    source.replace(source.find("  name: minimal\n"), 0, unknown);
    const auto result = scenario::parseScenario(source, "noisy.yaml");
    QCOMPARE(result.diagnostics.size(), scenario::kMaxDiagnostics + 1);
    QCOMPARE(result.diagnostics[0].fieldPath, std::string("metadata.x0"));
    QCOMPARE(result.diagnostics.back().message, std::string("50 more problems not shown; fix the ones above first"));
}

void TestScenarioParser::deepNesting()
{
    // yaml-cpp limits recursion itself; the limit must surface as a diagnostic, not a crash.
    const std::string deep = "a: " + std::string(100'000, '[') + std::string(100'000, ']') + "\n";
    const auto result = scenario::parseScenario(deep, "deep.yaml");
    QVERIFY(!result.ok());
    QVERIFY(!result.diagnostics.empty());
    QCOMPARE(result.diagnostics[0].location.line, 1);
    QVERIFY(QString::fromStdString(result.diagnostics[0].message).startsWith("invalid YAML"));
}

void TestScenarioParser::aliasesAreCheap()
{
    // 20000 aliases of a 20000-item sequence: copying the content per alias would mean 4e8
    // copies; sharing it keeps parsing linear in the text.
    std::string source = text(readAll(fixture("good/minimal.yaml")));
    std::string bomb = "  big: &big [";
    for (int i = 0; i < 20'000; ++i)
        bomb += "x,";
    bomb += "x]\n  many: [";
    for (int i = 0; i < 20'000; ++i)
        bomb += "*big,";
    bomb += "*big]\n";
    source.replace(source.find("  name: minimal\n"), 0, bomb);
    QElapsedTimer timer;
    timer.start();
    const auto result = scenario::parseScenario(source, "bomb.yaml");
    QCOMPARE(result.diagnostics.size(), std::size_t{2});
    QCOMPARE(result.diagnostics[0].fieldPath, std::string("metadata.big"));
    QCOMPARE(result.diagnostics[1].fieldPath, std::string("metadata.many"));
    QVERIFY2(timer.elapsed() < 10'000, qPrintable(QString::number(timer.elapsed())));
}

void TestScenarioParser::mutatedTextNeverThrows()
{
    // Every prefix of the demo, and random byte edits of it, give a scenario or diagnostics
    // with positions inside the text; nothing throws.
    const std::string demo = text(readAll(QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/demo.yaml")));
    QVERIFY(!demo.empty());
    const auto check = [](const std::string& source) {
        const auto result = scenario::parseScenario(source, "mutated.yaml");
        if (result.ok())
            return result.diagnostics.empty();
        const int lines = static_cast<int>(std::count(source.begin(), source.end(), '\n')) + 1;
        for (const auto& diagnostic : result.diagnostics) {
            if (diagnostic.location.line < 1 || diagnostic.location.line > lines || diagnostic.location.column < 1
                || diagnostic.message.empty())
                return false;
        }
        return !result.diagnostics.empty();
    };
    for (std::size_t length = 0; length <= demo.size(); length += 7)
        QVERIFY2(check(demo.substr(0, length)), qPrintable(QString::number(length)));
    std::mt19937 random(20240601);
    const std::string alphabet = "-:{}[]#&*!|>'\"%@`,? \t\n0123456789abcXYZ.\xc2\xb5\xff";
    for (int round = 0; round < 1500; ++round) {
        std::string mutated = demo;
        const int edits = 1 + static_cast<int>(random() % 4);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = random() % mutated.size();
            const char c = alphabet[random() % alphabet.size()];
            switch (random() % 3) {
            case 0: mutated[at] = c; break;
            case 1: mutated.insert(mutated.begin() + static_cast<std::ptrdiff_t>(at), c); break;
            default: mutated.erase(at, 1 + random() % 8); break;
            }
        }
        QVERIFY2(check(mutated), qPrintable(QString::fromUtf8(mutated.c_str())));
    }
}

void TestScenarioParser::parsingWritesNoFile()
{
    QTemporaryDir workDir;
    QVERIFY(workDir.isValid());
    const QString previous = QDir::currentPath();
    QVERIFY(QDir::setCurrent(workDir.path()));

    const auto snapshot = [] {
        QStringList entries;
        QDirIterator it(QStringLiteral(ORRERY_FIXTURE_DIR "/scenarios"), QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QFileInfo info(it.next());
            entries << info.filePath() + QLatin1Char(' ') + QString::number(info.size()) + QLatin1Char(' ')
                    + QString::number(info.lastModified().toMSecsSinceEpoch());
        }
        entries.sort();
        return entries;
    };
    const QStringList before = snapshot();
    QDirIterator it(QStringLiteral(ORRERY_FIXTURE_DIR "/scenarios"), {QStringLiteral("*.yaml")}, QDir::Files,
                    QDirIterator::Subdirectories);
    int parsed = 0;
    while (it.hasNext()) {
        const std::string path = it.next().toStdString();
        const auto result = scenario::loadScenarioFile(path);
        if (result.ok())
            (void)scenario::parseScenario(result.scenario->sourceText, path);
        ++parsed;
    }
    (void)scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/demo.yaml");
    QVERIFY(parsed > 25);
    const QStringList createdHere = QDir(workDir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    QVERIFY(QDir::setCurrent(previous));
    QVERIFY2(createdHere.isEmpty(), qPrintable(createdHere.join(", ")));
    QCOMPARE(snapshot(), before);
}

QTEST_GUILESS_MAIN(TestScenarioParser)
#include "tst_scenario_parser.moc"
