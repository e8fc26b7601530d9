// The experiment launcher both front ends use (app/ops/experiment_launch.h): a local experiment
// runs, compares and resumes; a cancel before the start ends cancelled with nothing lost; a live
// experiment without --actuate and one whose kubeconfig is missing are refused before anything
// touches a cluster; log lines reach the callback line by line.
#include "ops/experiment_launch.h"
#include "ops/log_line_stream.h"
#include "ops/scenario_check.h"
#include "kinds/built_in_kinds.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "tiny_experiment_text.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <fstream>

using namespace orrery;

namespace {

void writeText(const QString& path, const QString& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text.toUtf8());
}

QString readText(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

class TestExperimentLaunch : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        kinds::registerBuiltInKinds();
        policy::registerBuiltinPlugins(m_registry);
        QVERIFY(m_dir.isValid());
        writeText(m_dir.filePath("tiny.yaml"), testing::kTinyScenario);
        writeText(m_dir.filePath("tiny-ab.yaml"), testing::kTinyExperiment);
    }

    void localExperimentRunsComparesAndResumes()
    {
        const app::CheckedExperiment checked = app::checkExperimentFile(m_dir.filePath("tiny-ab.yaml").toStdString(), m_registry);
        QVERIFY(checked.experiment);
        app::ExperimentLaunchRequest request;
        request.experimentFile = m_dir.filePath("tiny-ab.yaml").toStdString();
        request.projectPath = m_dir.filePath("local.orrery").toStdString();
        request.jobs = 2;
        std::atomic<int> reports{0};
        app::ExperimentLaunchCallbacks callbacks;
        callbacks.localProgress = [&](const experiment::ExperimentProgress&) { ++reports; };
        app::ExperimentLauncher launcher(*checked.experiment, m_registry, request, callbacks);
        const app::ExperimentLaunchOutcome outcome = launcher.run();
        QCOMPARE(outcome.status, app::ExperimentLaunchOutcome::Status::Completed);
        QCOMPARE(outcome.total, std::size_t{8}); // 2 arms x 2 seeds x 2 sweep points
        QCOMPARE(outcome.complete, std::size_t{8});
        QVERIFY(outcome.local);
        QVERIFY(!outcome.live);
        QCOMPARE(outcome.local->completed, std::size_t{8});
        QVERIFY(!outcome.local->results.empty());
        QVERIFY(outcome.cellFailures.empty());
        QVERIFY(reports.load() > 0);

        // The same request again finds every cell stored and only compares.
        app::ExperimentLauncher again(*checked.experiment, m_registry, request);
        const app::ExperimentLaunchOutcome second = again.run();
        QCOMPARE(second.status, app::ExperimentLaunchOutcome::Status::Completed);
        QCOMPARE(second.local->completed, std::size_t{0});
        QCOMPARE(second.local->alreadyDone, std::size_t{8});
    }

    void cancelBeforeTheStartEndsCancelled()
    {
        const app::CheckedExperiment checked = app::checkExperimentFile(m_dir.filePath("tiny-ab.yaml").toStdString(), m_registry);
        QVERIFY(checked.experiment);
        app::ExperimentLaunchRequest request;
        request.experimentFile = m_dir.filePath("tiny-ab.yaml").toStdString();
        request.projectPath = m_dir.filePath("cancelled.orrery").toStdString();
        app::ExperimentLauncher launcher(*checked.experiment, m_registry, request);
        launcher.cancel();
        QVERIFY(launcher.isCancelled());
        const app::ExperimentLaunchOutcome outcome = launcher.run();
        QCOMPARE(outcome.status, app::ExperimentLaunchOutcome::Status::Cancelled);
        QVERIFY(outcome.complete < outcome.total);

        // A new launch resumes and completes.
        app::ExperimentLauncher resumed(*checked.experiment, m_registry, request);
        const app::ExperimentLaunchOutcome rerun = resumed.run();
        QCOMPARE(rerun.status, app::ExperimentLaunchOutcome::Status::Completed);
        QCOMPARE(rerun.complete, std::size_t{8});
    }

    void liveExperimentWithoutActuationIsRefused()
    {
        const QString kubeconfig = m_dir.filePath("serve.kubeconfig");
        writeText(kubeconfig, QStringLiteral("apiVersion: v1\nkind: Config\ncurrent-context: orrery-serve\n"
                                             "clusters:\n- name: serve\n  cluster: {server: 'http://127.0.0.1:9'}\n"
                                             "contexts:\n- name: orrery-serve\n  context: {cluster: serve, user: me}\n"
                                             "users:\n- name: me\n  user: {token: abc}\n"));
        const QString file = writeLiveExperiment(kubeconfig);
        const app::CheckedExperiment checked = app::checkExperimentFile(file.toStdString(), m_registry);
        QVERIFY2(checked.experiment, model::formatAll(checked.diagnostics).c_str());
        app::ExperimentLaunchRequest request;
        request.experimentFile = file.toStdString();
        request.projectPath = m_dir.filePath("live.orrery").toStdString();
        request.actuate = false;
        app::ExperimentLauncher launcher(*checked.experiment, m_registry, request);
        const app::ExperimentLaunchOutcome outcome = launcher.run();
        QCOMPARE(outcome.status, app::ExperimentLaunchOutcome::Status::BadInput);
        QVERIFY2(QString::fromStdString(outcome.message).contains("actuation is off for context \"orrery-serve\""),
                 outcome.message.c_str());
        QVERIFY(QString::fromStdString(outcome.message).contains("--actuate"));
        QCOMPARE(outcome.liveContext, std::string("orrery-serve"));
        QVERIFY(!outcome.live);
        QVERIFY(!QFile::exists(m_dir.filePath("live.orrery"))); // refused before the project is touched
    }

    void liveExperimentWithoutKubeconfigNamesTheFile()
    {
        const QString file = writeLiveExperiment(m_dir.filePath("missing.kubeconfig"));
        const app::CheckedExperiment checked = app::checkExperimentFile(file.toStdString(), m_registry);
        QVERIFY(checked.experiment);
        app::ExperimentLaunchRequest request;
        request.experimentFile = file.toStdString();
        request.projectPath = m_dir.filePath("live-missing.orrery").toStdString();
        request.actuate = true;
        app::ExperimentLauncher launcher(*checked.experiment, m_registry, request);
        const app::ExperimentLaunchOutcome outcome = launcher.run();
        QCOMPARE(outcome.status, app::ExperimentLaunchOutcome::Status::BadInput);
        const QString message = QString::fromStdString(outcome.message);
        QVERIFY2(message.startsWith(file + ": spec.live: "), qPrintable(message));
        QVERIFY2(message.contains("missing.kubeconfig"), qPrintable(message));
    }

    void logLinesArriveOneByOne()
    {
        std::vector<std::string> lines;
        {
            app::LogLineStream log([&](const std::string& line) { lines.push_back(line); });
            log.stream() << "submitted slurm job 42\n" << "cell a: RUNNING" << '\n' << "no newline at the end";
            QCOMPARE(lines.size(), std::size_t{2});
        }
        QCOMPARE(lines, (std::vector<std::string>{"submitted slurm job 42", "cell a: RUNNING", "no newline at the end"}));
    }

    void backendNames()
    {
        QCOMPARE(std::string(app::toString(app::ExperimentBackend::Local)), std::string("local"));
        QCOMPARE(std::string(app::toString(app::ExperimentBackend::Slurm)), std::string("slurm"));
        QCOMPARE(std::string(app::toString(app::ExperimentBackend::Kubernetes)), std::string("kubernetes"));
    }

private:
    QString writeLiveExperiment(const QString& kubeconfig)
    {
        QString text = readText(QStringLiteral(ORRERY_SOURCE_DIR "/resources/experiments/live-socialnetwork-hpa-aimd.yaml"));
        text.replace(QStringLiteral("/tmp/serve.kubeconfig"), kubeconfig);
        const QString path = m_dir.filePath(QFileInfo(kubeconfig).baseName() + "-live.yaml");
        writeText(path, text);
        return path;
    }

    QTemporaryDir m_dir;
    policy::PluginRegistry m_registry;
};

QTEST_GUILESS_MAIN(TestExperimentLaunch)
#include "tst_experiment_launch.moc"
