// TetriSched cells solved on two threads give the results they give on one (docs/strl.md,
// "Determinism"): the three TetriSched policies are three plugin modules, each with its own copy
// of core/strl, and CBC's parameter parser and random state are process-wide, so the executable
// exports one lock all of them take (core/strl/cbc_process_lock.h). Before it, solves of two
// modules ran at once, CBC printed "<Possible options for preprocess are: …>" on the terminal and
// cells differed between --jobs 1 and --jobs 2.
#include "store/experiment_store.h"
#include "store/project.h"

#include "cli_test_support.h"

#include <QtTest>

#include <map>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;

void writeFile(const QString& path, const QString& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text.toUtf8());
}

//! Every metric of every run, keyed by the run's cell.
std::map<std::string, double> cellMetrics(const QString& projectPath)
{
    std::map<std::string, double> values;
    orrery::store::Project project = orrery::store::Project::open(projectPath.toStdString());
    const orrery::store::ExperimentStore store(project);
    for (const auto& experiment : store.listExperiments()) {
        for (const auto& row : store.cellMetrics(experiment.id))
            values[row.cell.arm + "/" + row.cell.sweepValue + "/" + std::to_string(row.cell.seed) + "/" + row.metric] = row.value;
    }
    return values;
}

} // namespace

class TestStrlParallelCli : public QObject {
    Q_OBJECT

private slots:
    void twoThreadsGiveWhatOneGives()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString experiment = dir.filePath("strl-two.yaml");
        writeFile(experiment, QStringLiteral("apiVersion: orrery.dev/v1\n"
                                             "kind: Experiment\n"
                                             "metadata: {name: strl-two}\n"
                                             "spec:\n"
                                             "  scenario: %1\n"
                                             "  arms:\n"
                                             "    - name: tetrisched\n"
                                             "      policies: {placement: {plugin: tetrisched, params: {window: 4, slot: 10s, solverTimeLimit: 20s}}}\n"
                                             "    - name: tetrisched-greedy\n"
                                             "      policies: {placement: {plugin: tetrisched-greedy, params: {window: 4, slot: 10s, solverTimeLimit: 20s}}}\n"
                                             "  seeds: {count: 1}\n"
                                             "  metrics: [strl.slo_attainment, strl.best_effort.latency.mean]\n"
                                             "  sweep: {parameter: arrivalRate, values: [0.6, 0.7]}\n")
                                  .arg(QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/strl-study.yaml")));
        std::map<std::string, double> results[2];
        for (int jobs : {1, 2}) {
            const QString project = dir.filePath(QStringLiteral("jobs-%1.orrery").arg(jobs));
            const CliResult run = runOrrery({"experiment", experiment, "--project", project, "--jobs", QString::number(jobs), "--quiet"},
                                            dir.path(), 600000);
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            // Nothing of CBC's own on the terminal.
            QVERIFY2(!run.out.contains("Possible options") && !run.err.contains("Possible options"), qPrintable(run.out));
            results[jobs - 1] = cellMetrics(project);
        }
        QVERIFY(results[0].size() > 50);
        QCOMPARE(results[1].size(), results[0].size());
        for (const auto& [key, value] : results[0]) {
            if (key.ends_with("solve_seconds.mean") || key.ends_with("solve_seconds.p99") || key.ends_with("solve_seconds.max"))
                continue; // wall-clock time of the solver
            QVERIFY2(results[1].count(key) && results[1].at(key) == value,
                     qPrintable(QString::fromStdString(key) + ": " + QString::number(value, 'g', 17) + " with 1 thread, " +
                                QString::number(results[1].count(key) ? results[1].at(key) : -1, 'g', 17) + " with 2"));
        }
    }
};

QTEST_GUILESS_MAIN(TestStrlParallelCli)
#include "tst_strl_parallel_cli.moc"
