// An experiment arm `firm` uses the project's latest trained firm model (issue 7): with a model
// it acts (actions applied > 0), in a project without one it holds (0 actions).
#include "cli_test_support.h"
#include "firm_tiny_scenario.h"

#include <QtTest>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;

//! Every target, every change sent: a barely trained actor's near-zero outputs still act.
const char* const kExperiment = "apiVersion: orrery.dev/v1\n"
                                "kind: Experiment\n"
                                "metadata:\n"
                                "  name: firm-acts\n"
                                "spec:\n"
                                "  scenario: sc.yaml\n"
                                "  arms:\n"
                                "    - name: firm\n"
                                "      policies:\n"
                                "        control: {plugin: firm, params: {targets: all, minRelativeChange: 0}}\n"
                                "  seeds: [1]\n"
                                "  metrics:\n"
                                "    - control.actions_applied\n";

void writeFile(const QString& path, const char* text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
}

//! The firm arm's control.actions_applied from the experiment's table ("  firm-tiny   N").
double actionsApplied(const QString& out)
{
    const QRegularExpression row(QStringLiteral("\\n  firm-tiny +([0-9.]+)\\n"));
    const QRegularExpressionMatch match = row.match(out);
    return match.hasMatch() ? match.captured(1).toDouble() : -1.0;
}

} // namespace

class TestFirmExperiment : public QObject {
    Q_OBJECT

private slots:
    void firmArmActsWithTheProjectsTrainedModel()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("sc.yaml"), orrery::testing::kFirmTinyScenario);
        writeFile(dir.filePath("exp.yaml"), kExperiment);

        const CliResult untrained = runOrrery({"experiment", "exp.yaml", "--project", "empty.orrery", "--quiet"}, dir.path());
        QVERIFY2(untrained.exitCode == 0, qPrintable(untrained.err));
        QCOMPARE(actionsApplied(untrained.out), 0.0); // no model: the plugin holds

        const CliResult train = runOrrery({"train", "firm", "--scenario", "sc.yaml", "--project", "p.orrery", "--episodes",
                                           "1", "--steps", "3", "--quiet"},
                                          dir.path());
        QVERIFY2(train.exitCode == 0, qPrintable(train.err));
        const CliResult trained = runOrrery({"experiment", "exp.yaml", "--project", "p.orrery", "--quiet"}, dir.path());
        QVERIFY2(trained.exitCode == 0, qPrintable(trained.err));
        QVERIFY2(actionsApplied(trained.out) > 0.0, qPrintable(trained.out));
    }
};

QTEST_GUILESS_MAIN(TestFirmExperiment)
#include "tst_firm_experiment.moc"
