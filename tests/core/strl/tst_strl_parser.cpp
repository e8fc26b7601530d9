#include "strl/strl_parser.h"

#include "fuzz_replay.h"
#include "strl_invariant.h"

#include <QtTest>

using namespace orrery;
using namespace orrery::strl;

//! The StrlRequests reader: a valid file's content, and a file:line:column diagnostic with the
//! field path for each kind of malformed input.
class TestStrlParser : public QObject {
    Q_OBJECT

private slots:
    //! Every crash input fuzz_strl found (tests/fixtures/fuzz-regressions/strl/) and every seed of
    //! its corpus keeps the harness's invariant (tests/fuzz/strl_invariant.h).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "strl"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string problem = orrery::fuzz::strlProblem(orrery::fuzz::readReplayFile(file), "fuzzed-requests.yaml");
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void readsSetsJobsAndOperators();
    void reportsBadInput_data();
    void reportsBadInput();
    void reportsUnknownSetAttribute();
};

namespace {

const char* kHeader = "apiVersion: orrery.dev/v1\nkind: StrlRequests\nspec:\n";

} // namespace

void TestStrlParser::readsSetsJobsAndOperators()
{
    const std::string text = std::string(kHeader)
        + "  sets:\n"
          "    - {name: gpu, accelerator: gpu, labels: {rack: r1}, memoryAtLeast: 64Gi, cpuAtLeast: 8}\n"
          "  jobs:\n"
          "    - name: a\n"
          "      expression:\n"
          "        max:\n"
          "          - nCk: {set: gpu, k: 2, start: 0s, duration: 10s, value: 10}\n"
          "          - scale: {factor: 0.5, of: {barrier: {threshold: 3, of: {sum: [{nCk: {set: gen:all, k: 1, start: 10s, duration: 30s, value: 2}}]}}}}\n"
          "          - min: [{nCk: {set: gpu, k: 1, start: 0s, duration: 1s, value: 1}}]\n"
          "    - name: b\n"
          "      generate: {type: slo, k: 3, duration: 1m, value: 5, deadline: 10m}\n";
    const StrlParseResult result = parseStrlRequests(text, "jobs.yaml");
    QVERIFY2(result.ok(), model::formatAll(result.diagnostics).c_str());
    const StrlRequests& r = *result.requests;
    const NodeFilter* gpu = r.sets.find("gpu");
    QVERIFY(gpu);
    QCOMPARE(gpu->accelerator, AcceleratorFilter::Gpu);
    QCOMPARE(gpu->labels.at("rack"), std::string("r1"));
    QCOMPARE(gpu->minMemoryBytes, std::int64_t(64) << 30);
    QCOMPARE(gpu->minMillicores, std::int64_t(8000));
    QCOMPARE(r.jobs.size(), std::size_t(2));
    const Expression& a = *r.jobs[0].expression;
    QCOMPARE(a.op, Operator::Max);
    QCOMPARE(a.children.size(), std::size_t(3));
    QCOMPARE(a.children[0].leaf.k, 2);
    QCOMPARE(a.children[0].leaf.duration, 10 * sim::kSecond);
    QCOMPARE(a.children[1].op, Operator::Scale);
    QCOMPARE(a.children[1].parameter, 0.5);
    QCOMPARE(a.children[1].children[0].op, Operator::Barrier);
    QCOMPARE(a.children[1].children[0].parameter, 3.0);
    QCOMPARE(a.children[1].children[0].children[0].children[0].leaf.start, 10 * sim::kSecond);
    QCOMPARE(a.children[2].op, Operator::Min);
    QCOMPARE(a.location.line, 9);
    QCOMPARE(a.leafCount(), 3);
    QVERIFY(r.jobs[1].generated);
    QCOMPARE(r.jobs[1].generated->type, JobType::Slo);
    QCOMPARE(*r.jobs[1].generated->deadline, 10 * sim::kMinute);
}

void TestStrlParser::reportsBadInput_data()
{
    QTest::addColumn<QString>("jobs");
    QTest::addColumn<QString>("expected");
    const QString leaf = "{set: gen:all, k: 1, start: 0s, duration: 10s, value: 1}";
    QTest::newRow("unknownOperator") << "    - {name: a, expression: {mux: [{nCk: " + leaf + "}]}}\n"
                                     << "f.yaml:7:30: error: spec.jobs[0].expression.mux: unknown operator \"mux\" (did you mean 'max'?); expected nCk, max, min, sum, scale or barrier";
    QTest::newRow("kZero") << "    - {name: a, expression: {nCk: {set: gen:all, k: 0, start: 0s, duration: 10s, value: 1}}}\n"
                           << "f.yaml:7:53: error: spec.jobs[0].expression.nCk.k: expected an integer from 1 to 1000000, got \"0\"";
    QTest::newRow("kNegative") << "    - name: a\n      expression:\n        nCk: {set: gen:all, k: -2, start: 0s, duration: 10s, value: 1}\n"
                               << "f.yaml:9:32: error: spec.jobs[0].expression.nCk.k: expected an integer from 1 to 1000000, got \"-2\"";
    QTest::newRow("negativeDuration") << "    - {name: a, expression: {nCk: {set: gen:all, k: 1, start: 0s, duration: -5s, value: 1}}}\n"
                                      << "f.yaml:7:77: error: spec.jobs[0].expression.nCk.duration: expected a duration with a unit such as 250ms, 10s or 2h, got \"-5s\" (durations cannot be negative)";
    QTest::newRow("unknownSet") << "    - {name: a, expression: {nCk: {set: gpus, k: 1, start: 0s, duration: 5s, value: 1}}}\n"
                                << "f.yaml:7:41: error: spec.jobs[0].expression.nCk.set: unknown equivalence set \"gpus\" (did you mean 'gpu'?)";
    QTest::newRow("emptyMax") << "    - {name: a, expression: {max: []}}\n"
                              << "f.yaml:7:35: error: spec.jobs[0].expression.max: expected a non-empty list of expressions for max";
    QTest::newRow("barrierWithoutOf") << "    - {name: a, expression: {barrier: {threshold: 2}}}\n"
                                      << "f.yaml:7:39: error: spec.jobs[0].expression.barrier.of: missing required field 'of' (expected an STRL expression)";
    QTest::newRow("bothExpressionAndGenerate") << "    - {name: a, expression: {nCk: " + leaf + "}, generate: {type: slo, k: 1, duration: 1s}}\n"
                                               << "f.yaml:7:7: error: spec.jobs[0]: expected exactly one of expression (an STRL expression) or generate (a job type)";
    QTest::newRow("unknownJobType") << "    - {name: a, generate: {type: gpuu, k: 1, duration: 1s}}\n"
                                    << "f.yaml:7:34: error: spec.jobs[0].generate.type: unknown job type \"gpuu\" (did you mean 'gpu'?)";
    QTest::newRow("twoOperators") << "    - {name: a, expression: {nCk: " + leaf + ", max: []}}\n"
                                  << "f.yaml:7:29: error: spec.jobs[0].expression: expected an STRL expression: a mapping with one operator (nCk, max, min, sum, scale or barrier), got 2 keys";
}

void TestStrlParser::reportsBadInput()
{
    QFETCH(QString, jobs);
    QFETCH(QString, expected);
    const std::string text = std::string(kHeader) + "  sets:\n    - {name: gpu, accelerator: gpu}\n  jobs:\n" + jobs.toStdString();
    const StrlParseResult result = parseStrlRequests(text, "f.yaml");
    QVERIFY(!result.ok());
    const std::string all = model::formatAll(result.diagnostics);
    QVERIFY2(all.find(expected.toStdString()) != std::string::npos, ("got:\n" + all + "\ntext:\n" + text).c_str());
}

void TestStrlParser::reportsUnknownSetAttribute()
{
    const std::string text = std::string(kHeader)
        + "  sets:\n"
          "    - name: big\n"
          "      memoryAtLeest: 64Gi\n"
          "    - {name: fast, accelerator: tpu}\n"
          "  jobs: []\n";
    const StrlParseResult result = parseStrlRequests(text, "s.yaml");
    QVERIFY(!result.ok());
    const std::string all = model::formatAll(result.diagnostics);
    QVERIFY2(all.find("s.yaml:6:7: error: spec.sets[0].memoryAtLeest: unknown field 'memoryAtLeest' (did you mean 'memoryAtLeast'?)") != std::string::npos && all.find("memoryAtLeest") != std::string::npos
                 && all.find("memoryAtLeast") != std::string::npos,
             all.c_str());
    QVERIFY2(all.find("s.yaml:7:33: error: spec.sets[1].accelerator: unknown accelerator \"tpu\"") != std::string::npos, all.c_str());
}

QTEST_GUILESS_MAIN(TestStrlParser)
#include "tst_strl_parser.moc"
