// Every command that reads a user file rejects a bad one the same way (issue 22; the table in
// docs/reliability.md, "Limits"): exit 2, a message naming the file, the line and the field
// (or, for a whole-file cap, the cap), and nothing written: the project given with --project is
// byte-identical afterwards, or still absent when there was none, and no other file appears.
// Inputs too large for the repository (17 MiB, 257 MiB, 1 GiB) are sparse files made here.
#include "cli_test_support.h"

#include <unistd.h>

#include <QtTest>

#include <map>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;

const QString kFixtures = QStringLiteral(ORRERY_FIXTURE_DIR);

//! Every file under `directory` (recursively) with its bytes.
std::map<QString, QByteArray> snapshot(const QString& directory)
{
    std::map<QString, QByteArray> files;
    QDirIterator it(directory, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        files[QDir(directory).relativeFilePath(path)] = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
    }
    return files;
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

//! A sparse file of `bytes` that begins with `prefix`: its size without its disk.
bool writeSparse(const QString& path, const QByteArray& prefix, qint64 bytes)
{
    return writeFile(path, prefix) && ::truncate(QFile::encodeName(path).constData(), bytes) == 0;
}

} // namespace

class TestBadInputCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_large;   // the sparse inputs, made once
    QByteArray m_project;    // a valid project with one run

private slots:
    void initTestCase()
    {
        QVERIFY(m_large.isValid());
        const QString large = m_large.path();
        // 1 MiB over the scenario cap (16 MiB), and a comment line first so it reads as YAML.
        QVERIFY(writeSparse(large + "/huge-scenario.yaml", "# padded\n", qint64{17} << 20));
        QVERIFY(writeSparse(large + "/huge-experiment.yaml", "kind: Experiment\n", qint64{2} << 20));
        // A 1 GiB Jaeger file whose first trace runs on into zeros (a truncated or pre-allocated copy).
        QVERIFY(writeSparse(large + "/padded-1gib.json", R"({"data":[{"traceID":"00000000000000aa","spans":[)", qint64{1} << 30));
        // An LLM request trace over its cap of 256 MiB, named by a model-serving scenario.
        QVERIFY(writeSparse(large + "/huge-llm-trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n", qint64{257} << 20));
        QVERIFY(writeFile(large + "/llm-trace-over-cap.yaml", QByteArray(R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: llm-trace-over-cap}
spec:
  seed: 1
  horizon: 1m
  cluster:
    pools:
      - {name: gpus, count: 1, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
      models:
        - {model: GPT2-large, arrivals: trace, trace: )") + QFile::encodeName(large) + "/huge-llm-trace.csv, rate: 0.5/s}\n"));
        // The Alibaba GPU node list over the CSV cap of 256 MiB.
        QVERIFY(QDir(large).mkpath("alibaba-huge"));
        QVERIFY(writeSparse(large + "/alibaba-huge/openb_node_list_gpu_node.csv", "sn,cpu_milli,memory_mib,gpu,model\n", qint64{257} << 20));
        QVERIFY(QFile::copy(kFixtures + "/bad-input/alibaba-gpu-bad-node/openb_pod_list_default.csv",
                            large + "/alibaba-huge/openb_pod_list_default.csv"));

        // The project every --project row starts from (when it is not absent).
        const CliResult made = runOrrery({"run", kFixtures + "/scenarios/good/minimal.yaml", "--project", "base.orrery", "--quiet"}, large);
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        QFile base(large + "/base.orrery");
        QVERIFY(base.open(QIODevice::ReadOnly));
        m_project = base.readAll();
        QVERIFY(!m_project.isEmpty());
    }

    void badInputExitsTwoAndWritesNothing_data()
    {
        QTest::addColumn<QStringList>("args");     // @FIX@ fixtures, @SRC@ the source tree, @LARGE@ sparse inputs, @WORK@ the working folder
        QTest::addColumn<QString>("location");     // a pattern stderr must hold: the file and the line
        QTest::addColumn<QString>("detail");       // text stderr must hold: the field, or the cap
        QTest::addColumn<bool>("projectExists");   // whether @WORK@/p.orrery exists before the command

        const QString bad = "@FIX@/bad-input/";
        const QString badScenarios = "@FIX@/scenarios/bad/";
        struct Row {
            const char* name;
            QStringList args;
            QString location;
            QString detail;
        };
        const QList<Row> rows = {
            // orrery validate: scenarios and experiments
            {"validate/unknown field", {"validate", badScenarios + "unknown_field_pool.yaml"},
             "unknown_field_pool\\.yaml:15:\\d+: error: ", "spec.cluster.pools[0].pricePerHr"},
            {"validate/10^9 nodes", {"validate", bad + "billion_nodes.yaml"},
             "billion_nodes\\.yaml:12:\\d+: error: ", "spec.cluster.pools[0].count"},
            {"validate/nodes over the cluster cap", {"validate", badScenarios + "too_many_nodes.yaml"},
             "too_many_nodes\\.yaml:11:\\d+: error: spec\\.cluster\\.pools: ", "at most 1000000 nodes"},
            {"validate/10^9 replicas", {"validate", bad + "billion_replicas.yaml"},
             "billion_replicas\\.yaml:19:\\d+: error: ", "spec.workloads[0].instances.default.replicas"},
            {"validate/instances over the cap", {"validate", bad + "too_many_instances.yaml"},
             "too_many_instances\\.yaml:20:\\d+: error: spec\\.workloads\\[0\\]\\.instances: ", "at most 100000 instances"},
            {"validate/10^9 model replicas", {"validate", bad + "billion_model_replicas.yaml"},
             "billion_model_replicas\\.yaml:16:\\d+: error: ", "spec.workloads[0].models[0].replicas"},
            {"validate/model replicas over the cap", {"validate", bad + "too_many_model_replicas.yaml"},
             "too_many_model_replicas\\.yaml:16:\\d+: error: spec\\.workloads\\[0\\]\\.models: ", "at most 100000 replicas"},
            {"validate/10^9 seeds", {"validate", bad + "billion_seeds.yaml"},
             "billion_seeds\\.yaml:12:\\d+: error: ", "spec.seeds.count"},
            {"validate/alias bomb in a graph", {"validate", bad + "alias_bomb.yaml"},
             "alias_bomb_graph\\.yaml:15:\\d+: error: spec\\.requestTypes\\[0\\]\\.root\\.calls", "at most 4096 calls per request type"},
            {"validate/17 MiB scenario", {"validate", "@LARGE@/huge-scenario.yaml"},
             "huge-scenario\\.yaml: error: ", "over the cap of 16 MiB"},
            {"validate/endless device", {"validate", "/dev/zero"}, "/dev/zero: error: ", "past the cap of 16 MiB"},
            // orrery run
            {"run/10^9 nodes", {"run", bad + "billion_nodes.yaml", "--project", "@WORK@/p.orrery"},
             "billion_nodes\\.yaml:12:\\d+: error: ", "spec.cluster.pools[0].count"},
            {"run/17 MiB scenario", {"run", "@LARGE@/huge-scenario.yaml", "--project", "@WORK@/p.orrery"},
             "huge-scenario\\.yaml: error: ", "over the cap of 16 MiB"},
            {"run/LLM trace over the cap", {"run", "@LARGE@/llm-trace-over-cap.yaml", "--project", "@WORK@/p.orrery"},
             "llm-trace-over-cap\\.yaml:15:\\d+: error: spec\\.workloads\\[0\\]\\.models\\[0\\]\\.trace: .*huge-llm-trace\\.csv",
             "over the cap of 256 MiB"},
            // orrery experiment, cell
            {"experiment/10^9 seeds", {"experiment", bad + "billion_seeds.yaml", "--project", "@WORK@/p.orrery"},
             "billion_seeds\\.yaml:12:\\d+: error: ", "spec.seeds.count"},
            {"experiment/unknown field", {"experiment", bad + "unknown_arm_field.yaml", "--project", "@WORK@/p.orrery"},
             "unknown_arm_field\\.yaml:10:\\d+: error: ", "spec.arms[0].policy"},
            {"experiment/2 MiB file", {"experiment", "@LARGE@/huge-experiment.yaml", "--project", "@WORK@/p.orrery"},
             "huge-experiment\\.yaml: error: ", "over the cap of 1 MiB"},
            {"experiment/bad kubeconfig",
             {"experiment", "@FIX@/experiments/cells-tiny.yaml", "--project", "@WORK@/p.orrery", "--backend", "kubernetes",
              "--image", "orrery:test", "--kubeconfig", "@FIX@/live/kubeconfig/clusters-not-list.yaml"},
             "clusters-not-list\\.yaml:2: clusters: ", "expected a list"},
            {"experiment merge/not a shard", {"experiment", "merge", "--project", "@WORK@/p.orrery", "@WORK@/corrupt.orrery"},
             "corrupt\\.orrery", "not a"},
            {"cell run/unknown field", {"cell", "run", bad + "unknown_arm_field.yaml", "--cell", "0", "--out", "@WORK@/shard.orrery"},
             "unknown_arm_field\\.yaml:10:\\d+: error: ", "spec.arms[0].policy"},
            {"cell run/models from a file that is not a project",
             {"cell", "run", "@FIX@/experiments/cells-tiny.yaml", "--cell", "p0.first-fit.s1.r0", "--out", "@WORK@/shard.orrery",
              "--models-from", "@WORK@/corrupt.orrery"},
             "corrupt\\.orrery", "not a"},
            {"cell list/10^9 seeds", {"cell", "list", bad + "billion_seeds.yaml"},
             "billion_seeds\\.yaml:12:\\d+: error: ", "spec.seeds.count"},
            // orrery train
            {"train/10^9 nodes", {"train", "octopus", "--scenario", bad + "billion_nodes.yaml", "--project", "@WORK@/p.orrery"},
             "billion_nodes\\.yaml:12:\\d+: error: ", "spec.cluster.pools[0].count"},
            // orrery import
            {"import alibaba-gpu/bad field", {"import", "alibaba-gpu", "--data", bad + "alibaba-gpu-bad-node", "--out", "@WORK@/fleet.yaml"},
             "openb_node_list_gpu_node\\.csv:3: ", "cpu_milli"},
            {"import alibaba-gpu/257 MiB node list", {"import", "alibaba-gpu", "--data", "@LARGE@/alibaba-huge", "--out", "@WORK@/fleet.yaml"},
             "openb_node_list_gpu_node\\.csv: ", "over the cap of 256 MiB"},
            // orrery analyze: trace files
            {"analyze/malformed span", {"analyze", "@FIX@/traces/malformed-duration.json", "--json", "@WORK@/report.json"},
             "malformed-duration\\.json:9: ", "data[0].spans[1].duration"},
            {"analyze/1 GiB padded trace", {"analyze", "@LARGE@/padded-1gib.json", "--json", "@WORK@/report.json"},
             "padded-1gib\\.json:1: data\\[0\\]: ", "longer than 128 MiB"},
            // commands that read a project file given to them
            {"report/not a project", {"report", "--project", "@WORK@/corrupt.orrery", "--out", "@WORK@/report.html"},
             "corrupt\\.orrery", "not a"},
            {"run/not a project", {"run", "@FIX@/scenarios/good/minimal.yaml", "--project", "@WORK@/corrupt.orrery"},
             "corrupt\\.orrery", "not a"},
            {"experiment/not a project", {"experiment", "@FIX@/experiments/cells-tiny.yaml", "--project", "@WORK@/corrupt.orrery"},
             "corrupt\\.orrery", "not a"},
            {"train/not a project",
             {"train", "octopus", "--scenario", "@SRC@/resources/scenarios/octopus-small.yaml", "--project", "@WORK@/corrupt.orrery"},
             "corrupt\\.orrery", "not a"},
            {"analyze/not a project", {"analyze", "--project", "@WORK@/corrupt.orrery", "--run", "1"}, "corrupt\\.orrery", "not a"},
#ifdef ORRERY_HAVE_TORCH
            {"localize/not a project", {"localize", "--project", "@WORK@/corrupt.orrery", "--train", "1", "--test", "2"},
             "corrupt\\.orrery", "not a"},
#endif
            {"export-traces/not a project", {"export-traces", "--project", "@WORK@/corrupt.orrery", "--run", "1", "--out", "@WORK@/t.json"},
             "corrupt\\.orrery", "not a"},
            // orrery live
            {"live/bad kubeconfig", {"live", "contexts", "--kubeconfig", "@FIX@/live/kubeconfig/clusters-not-list.yaml"},
             "clusters-not-list\\.yaml:2: clusters: ", "expected a list"},
        };
        for (const Row& row : rows) {
            const bool takesProject = row.args.contains("@WORK@/p.orrery");
            if (takesProject)
                QTest::newRow((QString(row.name) + " (no project)").toUtf8()) << row.args << row.location << row.detail << false;
            QTest::newRow((QString(row.name) + (takesProject ? " (project)" : "")).toUtf8())
                << row.args << row.location << row.detail << true;
        }
    }

    void badInputExitsTwoAndWritesNothing()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, location);
        QFETCH(QString, detail);
        QFETCH(bool, projectExists);
        QTemporaryDir work;
        QVERIFY(work.isValid());
        if (projectExists)
            QVERIFY(writeFile(work.filePath("p.orrery"), m_project));
        QVERIFY(writeFile(work.filePath("corrupt.orrery"), "not a project file, only text\n"));
        for (QString& arg : args) {
            arg.replace("@FIX@", kFixtures);
            arg.replace("@SRC@", QStringLiteral(ORRERY_SOURCE_DIR));
            arg.replace("@LARGE@", m_large.path());
            arg.replace("@WORK@", work.path());
        }
        const auto before = snapshot(work.path());

        const CliResult result = runOrrery(args, work.path(), 60000);

        QVERIFY2(result.exitCode == 2, qPrintable(QString("exit %1\n%2").arg(result.exitCode).arg(result.err)));
        QVERIFY2(QRegularExpression(location).match(result.err).hasMatch(), qPrintable(location + " not in:\n" + result.err));
        QVERIFY2(result.err.contains(detail), qPrintable(detail + " not in:\n" + result.err));
        const auto after = snapshot(work.path());
        QStringList beforeNames, afterNames;
        for (const auto& [name, bytes] : before)
            beforeNames << name;
        for (const auto& [name, bytes] : after)
            afterNames << name;
        QCOMPARE(afterNames, beforeNames);  // nothing created (a project included), nothing removed
        for (const auto& [name, bytes] : before)
            QVERIFY2(after.at(name) == bytes, qPrintable(name + " changed"));
    }
};

QTEST_GUILESS_MAIN(TestBadInputCli)
#include "tst_bad_input_cli.moc"
