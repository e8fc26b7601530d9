// The window's experiment (Run ▸ Run Experiment… on Kubernetes: MainWindow::startExperiment
// with an ExperimentJob) against the live tests' loopback API server (FakeHttpServer) answering
// with the recorded objects of tst_kubernetes_backend (tests/fixtures/kubernetes-backend) and pod
// logs holding shards this test makes with `orrery cell run`. Checked: the dialog's options reach
// the requests (namespace, image, parallelism), the per-cell states KubernetesBackend reports
// (running with the pod's name, then done) reach the explorer's cell table, the project ends with
// every cell and the stored comparison; Cancel DELETEs the Job and the ConfigMap and the cells
// left show "cancelled".
#include "gui/main_window.h"

#include "cli_test_support.h"
#include "fake_http_server.h"
#include "kubernetes_job_cluster.h"
#include "gui/experiment_cell_model.h"
#include "gui/experiment_job.h"
#include "gui_test_support.h"
#include "store/experiment_store.h"
#include "store/project.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <thread>

using namespace orrery;
using testing::RecordedRequest;
using testing::ScriptedResponse;
using testing::readFile;
using testing::Cluster;
using testing::kConfigMap;
using testing::kJob;

namespace {

const QStringList kCells{"p0.first-fit.s1.r0", "p0.random.s1.r0", "p0.first-fit.s2.r0",
                         "p0.random.s2.r0",    "p0.first-fit.s3.r0", "p0.random.s3.r0"};

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

int phaseCount(const app::RemoteExperimentProgress& progress, app::RemoteCellPhase phase)
{
    return static_cast<int>(std::count_if(progress.cells.begin(), progress.cells.end(),
                                          [phase](const app::RemoteCellStatus& cell) { return cell.phase == phase; }));
}

int requestCount(const QList<RecordedRequest>& requests, const QByteArray& method, const QByteArray& pathPart)
{
    return static_cast<int>(std::count_if(requests.begin(), requests.end(), [&](const RecordedRequest& request) {
        return request.method == method && request.path.contains(pathPart);
    }));
}

} // namespace

class TestExperimentJobKubernetes : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void guiRunOnKubernetesShowsCellsAndStoresTheComparison();
    void cancelDeletesTheJobAndTheConfigMap();

private:
    app::ExperimentJob::Request request(const QString& project, const QString& server) const
    {
        const QString config = QFileInfo(project).absolutePath() + "/kubeconfig";
        writeFile(config, QStringLiteral("apiVersion: v1\ncurrent-context: lab\nclusters:\n- name: c\n  cluster: {server: %1}\n"
                                         "users:\n- name: u\n  user: {token: k8s-token}\n"
                                         "contexts:\n- name: lab\n  context: {cluster: c, user: u, namespace: default}\n")
                              .arg(server)
                              .toUtf8());
        app::ExperimentJob::Request request;
        request.experimentFile = m_experiment;
        request.projectPath = project;
        request.backend = app::ExperimentBackend::Kubernetes;
        request.kubeconfig = config;
        request.kubeContext = QStringLiteral("lab");
        request.kubernetes.nameSpace = "research";
        request.kubernetes.image = "registry.example/orrery:0.1";
        request.kubernetes.parallelism = 4;
        request.kubernetes.watchTimeout = std::chrono::seconds(2);
        return request;
    }

    QTemporaryDir m_dir;
    QString m_experiment;
    QMap<QString, QByteArray> m_logs;
};

void TestExperimentJobKubernetes::initTestCase()
{
    testing::isolateSettings(QStringLiteral("tst_experiment_job_kubernetes"));
    QVERIFY(m_dir.isValid());
    QVERIFY(QFile::copy(ORRERY_FIXTURE_DIR "/experiments/cells-tiny-scenario.yaml", m_dir.filePath("cells-tiny-scenario.yaml")));
    m_experiment = m_dir.filePath("k8s-tiny.yaml");
    QVERIFY(writeFile(m_experiment, "apiVersion: orrery.dev/v1\nkind: Experiment\nmetadata:\n  name: k8s-tiny\nspec:\n"
                                    "  scenario: cells-tiny-scenario.yaml\n  arms:\n"
                                    "    - name: first-fit\n      policies:\n        placement: {plugin: first-fit}\n"
                                    "    - name: random\n      policies:\n        placement: {plugin: random}\n"
                                    "  seeds: [1, 2, 3]\n"));
    // What each pod prints: the shard of its cell, as the pod script writes it (base64 -w 76).
    for (const QString& cell : kCells) {
        const QString shard = m_dir.filePath(cell + ".orrery");
        const testing::CliResult run = testing::runOrrery({"cell", "run", m_experiment, "--cell", cell, "--out", shard, "--quiet"}, m_dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QByteArray bytes = readFile(shard);
        QByteArray log = "ORRERY-SHARD-BEGIN " + cell.toUtf8() + " " + QByteArray::number(bytes.size()) + "\n";
        const QByteArray base64 = bytes.toBase64();
        for (qsizetype at = 0; at < base64.size(); at += 76)
            log += base64.mid(at, 76) + "\n";
        m_logs[cell] = log + "ORRERY-SHARD-END " + cell.toUtf8() + "\n";
    }
}

void TestExperimentJobKubernetes::guiRunOnKubernetesShowsCellsAndStoresTheComparison()
{
    Cluster cluster;
    cluster.logs = m_logs;
    testing::FakeHttpServer server([&](const RecordedRequest& request) { return cluster.answer(request); });
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("p.orrery"));
    app::MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    QSignalSpy finished(&window, &app::MainWindow::experimentFinished);
    QVERIFY(window.startExperiment(request(project, server.url())));
    std::vector<app::RemoteExperimentProgress> reports;
    connect(window.experimentJob(), &app::ExperimentJob::cellsChanged, this,
            [&](const app::RemoteExperimentProgress& progress) { reports.push_back(progress); });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QCOMPARE(finished.last().at(0).toInt(), int(app::ExperimentJob::Outcome::Status::Completed));

    // The options reached the requests: the namespace, the image and the parallelism.
    const QList<RecordedRequest> requests = server.requests();
    QCOMPARE(requestCount(requests, "POST", "/api/v1/namespaces/research/configmaps"), 1);
    QCOMPARE(requestCount(requests, "POST", "/apis/batch/v1/namespaces/research/jobs"), 1);
    for (const RecordedRequest& sent : requests) {
        if (sent.method != "POST" || !sent.path.endsWith("/jobs"))
            continue;
        const QJsonObject job = QJsonDocument::fromJson(sent.body).object();
        QCOMPARE(job["spec"]["parallelism"].toInt(), 4);
        QCOMPARE(job["spec"]["template"]["spec"]["containers"][0]["image"].toString(), QStringLiteral("registry.example/orrery:0.1"));
    }

    // The reports: pods ran (with their names) before their shards were merged; all merged at the end.
    QVERIFY(std::any_of(reports.begin(), reports.end(), [](const app::RemoteExperimentProgress& progress) {
        return phaseCount(progress, app::RemoteCellPhase::Running) > 0;
    }));
    const app::RemoteExperimentProgress& last = reports.back();
    QCOMPARE(last.submission, "research/" + kJob.toStdString());
    QCOMPARE(phaseCount(last, app::RemoteCellPhase::Done), 6);
    for (const app::RemoteCellStatus& cell : last.cells)
        QVERIFY2(QString::fromStdString(cell.where).startsWith(QString(kJob) + "-"), cell.where.c_str());
    auto* cells = window.findChild<QTreeView*>(QStringLiteral("experimentCells"));
    QVERIFY(cells && cells->isVisible());
    QCOMPARE(cells->model()->rowCount(), 6);
    for (int row = 0; row < 6; ++row)
        QCOMPARE(cells->model()->index(row, app::ExperimentCellModel::PhaseColumn).data().toString(), QStringLiteral("done"));

    store::Project stored = store::Project::open(project.toStdString());
    store::ExperimentStore experiments(stored);
    QCOMPARE(experiments.listExperiments().size(), std::size_t(1));
    QVERIFY(!experiments.listExperiments().front().comparedAt.empty());
    QCOMPARE(experiments.completedCells(experiments.listExperiments().front().id).size(), std::size_t(6));
}

void TestExperimentJobKubernetes::cancelDeletesTheJobAndTheConfigMap()
{
    Cluster cluster;
    cluster.logs = m_logs;
    cluster.hang = true;
    testing::FakeHttpServer server([&](const RecordedRequest& request) { return cluster.answer(request); });
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("p.orrery"));
    app::MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    QSignalSpy finished(&window, &app::MainWindow::experimentFinished);
    QVERIFY(window.startExperiment(request(project, server.url())));
    app::RemoteExperimentProgress latest;
    connect(window.experimentJob(), &app::ExperimentJob::cellsChanged, this,
            [&](const app::RemoteExperimentProgress& progress) { latest = progress; });
    QTRY_VERIFY_WITH_TIMEOUT(phaseCount(latest, app::RemoteCellPhase::Done) == 2, 30000);
    window.cancelRun();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QCOMPARE(finished.last().at(0).toInt(), int(app::ExperimentJob::Outcome::Status::Cancelled));
    const QList<RecordedRequest> requests = server.requests();
    QCOMPARE(requestCount(requests, "DELETE", "/apis/batch/v1/namespaces/research/jobs/" + kJob), 1);
    QCOMPARE(requestCount(requests, "DELETE", "/api/v1/namespaces/research/configmaps/" + kConfigMap), 1);
    QCOMPARE(phaseCount(latest, app::RemoteCellPhase::Cancelled), 4);
    auto* cells = window.findChild<QTreeView*>(QStringLiteral("experimentCells"));
    int cancelledRows = 0;
    for (int row = 0; row < cells->model()->rowCount(); ++row)
        cancelledRows += cells->model()->index(row, app::ExperimentCellModel::PhaseColumn).data().toString() == QStringLiteral("cancelled");
    QCOMPARE(cancelledRows, 4);
}

QTEST_MAIN(TestExperimentJobKubernetes)
#include "tst_experiment_job_kubernetes.moc"
