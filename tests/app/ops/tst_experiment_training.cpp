// Arms that train (app/ops/experiment_training.h) are evaluated and chosen as `orrery train`
// does: deterministic episodes on held-out seeds every `train.evalEvery` episodes, beside the
// reference policies; the model the evaluations chose is the one the arm's runs get, and a rerun
// of the experiment reuses it instead of training again. `evalEvery: 0` trains without.
#include "kinds/built_in_kinds.h"
#include "firm_tiny_scenario.h"
#include "ops/experiment_training.h"
#include "ops/scenario_check.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "sim/run_control.h"
#include "store/project.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <mutex>

using namespace orrery;

namespace {

QString experimentText(const QString& train)
{
    return QStringLiteral("apiVersion: orrery.dev/v1\n"
                          "kind: Experiment\n"
                          "metadata:\n"
                          "  name: firm-trained\n"
                          "spec:\n"
                          "  scenario: sc.yaml\n"
                          "  arms:\n"
                          "    - name: firm\n"
                          "      policies:\n"
                          "        control: {plugin: firm}\n"
                          "      train: %1\n"
                          "  seeds: [1]\n"
                          "  metrics:\n"
                          "    - control.actions_applied\n")
        .arg(train);
}

void writeText(const QString& path, const QString& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text.toUtf8());
}

} // namespace

class TestExperimentTraining : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        kinds::registerBuiltInKinds();
        policy::registerBuiltinPlugins(m_registry);
    }

    void armTrainingsAreEvaluatedAndChosen()
    {
        QTemporaryDir dir;
        writeText(dir.filePath("sc.yaml"), testing::kFirmTinyScenario);
        writeText(dir.filePath("exp.yaml"), experimentText("{scenario: sc.yaml, episodes: 4, steps: 5, evalEvery: 2, evalEpisodes: 1}"));
        const QString project = dir.filePath("p.orrery");
        const app::CheckedExperiment checked = app::checkExperimentFile(dir.filePath("exp.yaml").toStdString(), m_registry);
        QVERIFY(checked.experiment);

        QStringList log;
        std::mutex logMutex;
        const auto collect = [&](const std::string& line) {
            const std::lock_guard lock(logMutex);
            log << QString::fromStdString(line);
        };
        sim::RunControl control;
        const auto models = app::prepareArmModels(m_registry, *checked.experiment, project.toStdString(), 1, collect, control);
        const QString text = log.join('\n');
        QVERIFY2(text.contains("arm firm: evaluating every 2 episodes on 1 held-out episodes"), qPrintable(text));
        QVERIFY2(text.contains("arm firm: evaluation no-control"), qPrintable(text)); // the references first
        QVERIFY2(text.contains("arm firm: evaluation after episode 2"), qPrintable(text));
        QVERIFY2(text.contains("arm firm: evaluation after episode 4"), qPrintable(text));
        const QRegularExpression chosen(QStringLiteral("arm firm: runs use model (\\d+): the (checkpoint after episode 2|final model after episode 4)"));
        const QRegularExpressionMatch match = chosen.match(text);
        QVERIFY2(match.hasMatch(), qPrintable(text));
        const auto used = static_cast<store::ModelId>(match.captured(1).toLongLong());

        // The arm's runs get the chosen model, and the final model keeps the evaluation curve.
        const store::Project stored = store::Project::open(project.toStdString());
        QCOMPARE(models.at("firm").at("firm"), stored.model(used)->bytes);
        bool curveStored = false;
        for (const store::ModelSummary& summary : stored.listModels()) {
            for (const auto& [name, value] : summary.metrics)
                curveStored = curveStored || name == "evaluation.best_episode";
        }
        QVERIFY(curveStored);

        // Run again: the same model, no training.
        log.clear();
        const auto again = app::prepareArmModels(m_registry, *checked.experiment, project.toStdString(), 1, collect, control);
        QVERIFY2(log.join('\n').contains(QStringLiteral("arm firm: using trained firm model %1").arg(used)), qPrintable(log.join('\n')));
        QCOMPARE(again.at("firm").at("firm"), models.at("firm").at("firm"));
    }

    void evalEveryZeroTrainsWithoutEvaluating()
    {
        QTemporaryDir dir;
        writeText(dir.filePath("sc.yaml"), testing::kFirmTinyScenario);
        writeText(dir.filePath("exp.yaml"), experimentText("{scenario: sc.yaml, episodes: 2, steps: 5, evalEvery: 0}"));
        const app::CheckedExperiment checked = app::checkExperimentFile(dir.filePath("exp.yaml").toStdString(), m_registry);
        QVERIFY(checked.experiment);
        QStringList log;
        sim::RunControl control;
        const auto models = app::prepareArmModels(m_registry, *checked.experiment, dir.filePath("p.orrery").toStdString(), 1,
                                                  [&](const std::string& line) { log << QString::fromStdString(line); }, control);
        QVERIFY(!models.at("firm").at("firm").empty());
        QVERIFY2(!log.join('\n').contains("evaluat"), qPrintable(log.join('\n')));
    }

    void evalEveryBeyondTheEpisodesIsRefused()
    {
        QTemporaryDir dir;
        writeText(dir.filePath("sc.yaml"), testing::kFirmTinyScenario);
        writeText(dir.filePath("exp.yaml"), experimentText("{scenario: sc.yaml, episodes: 2, steps: 5, evalEvery: 3}"));
        const app::CheckedExperiment checked = app::checkExperimentFile(dir.filePath("exp.yaml").toStdString(), m_registry);
        QVERIFY(!checked.experiment);
        const QString text = QString::fromStdString(model::formatAll(checked.diagnostics));
        QVERIFY2(text.contains("spec.arms[0].train.evalEvery: expected at most episodes (2)"), qPrintable(text));
        QVERIFY2(text.contains("exp.yaml:11:"), qPrintable(text));
    }

private:
    policy::PluginRegistry m_registry;
};

QTEST_MAIN(TestExperimentTraining)
#include "tst_experiment_training.moc"
