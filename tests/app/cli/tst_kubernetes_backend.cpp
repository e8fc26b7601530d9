// `orrery experiment --backend kubernetes` against the live tests' loopback API server
// (FakeHttpServer) answering with recorded API objects (tests/fixtures/kubernetes-backend: the
// ConfigMap and Job create answers, the Job's watch events, Pods, deletion Statuses) and pod logs
// holding shards this test made with a local `orrery cell run`. Checked: the requests Orrery
// sends (methods, paths, query, the ConfigMap's data, the Job manifest against the batch/v1
// fields it uses), the merged comparison bit for bit against a local run, resume after Ctrl-C
// (which DELETEs the Job with propagationPolicy Background and the ConfigMap) submitting only the
// missing cells, and a failed Job's per-cell reason.
#include "store/experiment_store.h"
#include "store/project.h"

#include "cli_test_support.h"
#include "fake_http_server.h"
#include "kubernetes_job_cluster.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <bit>
#include <csignal>
#include <map>
#include <thread>

using namespace orrery::testing;

namespace {

const QString kOrrery = QStringLiteral(ORRERY_EXECUTABLE);
const QStringList kCells{"p0.first-fit.s1.r0", "p0.random.s1.r0", "p0.first-fit.s2.r0",
                         "p0.random.s2.r0",    "p0.first-fit.s3.r0", "p0.random.s3.r0"};

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QJsonObject fixture(const QString& name)
{
    return QJsonDocument::fromJson(readFile(kFixtures + name)).object();
}

QStringList storedComparison(const QString& path)
{
    orrery::store::Project project = orrery::store::Project::open(path.toStdString());
    orrery::store::ExperimentStore experiments(project);
    const auto all = experiments.listExperiments();
    if (all.size() != 1)
        return {"the project holds " + QString::number(all.size()) + " experiments"};
    QStringList rows;
    for (const orrery::store::ExperimentResultRow& row : experiments.results(all.front().id)) {
        QString line = QString::fromStdString(row.metric + " " + row.arm + " " + row.unit + " " + row.baselineArm) + " " +
                       QString::number(row.runs);
        for (const double value : {row.mean, row.p50, row.p90, row.p99, row.min, row.max, row.medianRatio, row.medianRatioLow,
                                   row.medianRatioHigh, row.mannWhitneyU, row.pValue, row.meanRatio, row.speedup})
            line += " " + QString::number(std::bit_cast<std::uint64_t>(value), 16);
        rows << line;
    }
    return rows;
}

QStringList cellMetricBits(const QString& path)
{
    orrery::store::Project project = orrery::store::Project::open(path.toStdString());
    orrery::store::ExperimentStore experiments(project);
    QStringList lines;
    for (const auto& metric : experiments.cellMetrics(experiments.listExperiments().front().id)) {
        lines << QString::fromStdString(metric.cell.arm + " s" + std::to_string(metric.cell.seed) + " " + metric.metric) + " " +
                     QString::number(std::bit_cast<std::uint64_t>(metric.value), 16);
    }
    return lines;
}

//! Checks `value` against a JSON-schema-like `schema` (type, properties, additionalProperties,
//! items, required): every member Orrery sends must be a batch/v1 field of the right type.
QString schemaErrors(const QJsonValue& value, const QJsonObject& schema, const QString& at)
{
    const QString type = schema["type"].toString();
    const bool typeOk = (type == "object" && value.isObject()) || (type == "array" && value.isArray()) ||
                        (type == "string" && value.isString()) || (type == "boolean" && value.isBool()) ||
                        (type == "integer" && value.isDouble() && value.toDouble() == std::floor(value.toDouble()));
    if (!typeOk)
        return at + ": expected " + type + "\n";
    QString errors;
    if (type == "object") {
        const QJsonObject object = value.toObject();
        for (const QJsonValue& required : schema["required"].toArray()) {
            if (!object.contains(required.toString()))
                errors += at + "." + required.toString() + ": required\n";
        }
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (schema.contains("additionalProperties"))
                errors += schemaErrors(it.value(), schema["additionalProperties"].toObject(), at + "." + it.key());
            else if (!schema["properties"].toObject().contains(it.key()))
                errors += at + "." + it.key() + ": not a field of the schema\n";
            else
                errors += schemaErrors(it.value(), schema["properties"].toObject()[it.key()].toObject(), at + "." + it.key());
        }
    } else if (type == "array") {
        const QJsonArray array = value.toArray();
        for (int i = 0; i < array.size(); ++i)
            errors += schemaErrors(array[i], schema["items"].toObject(), at + "[" + QString::number(i) + "]");
    }
    return errors;
}

QList<RecordedRequest> requestsOf(const QList<RecordedRequest>& all, const QByteArray& method, const QByteArray& pathPart)
{
    QList<RecordedRequest> found;
    for (const RecordedRequest& request : all) {
        if (request.method == method && request.path.contains(pathPart))
            found << request;
    }
    return found;
}

} // namespace

class TestKubernetesBackend : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_experiment;
    QString m_localOut;
    QStringList m_localComparison;
    QStringList m_localMetrics;
    QMap<QString, QByteArray> m_logs;

    QString kubeconfig(const QTemporaryDir& dir, const QString& server)
    {
        const QString path = dir.filePath("kubeconfig");
        writeFile(path, QStringLiteral("apiVersion: v1\ncurrent-context: lab\nclusters:\n- name: c\n  cluster: {server: %1}\n"
                                       "users:\n- name: u\n  user: {token: k8s-token}\n"
                                       "contexts:\n- name: lab\n  context: {cluster: c, user: u, namespace: default}\n")
                            .arg(server)
                            .toUtf8());
        return path;
    }

    QStringList args(const QString& config, const QStringList& more = {}) const
    {
        return QStringList{"experiment", m_experiment, "--project", "p.orrery", "--backend", "kubernetes", "--kubeconfig", config,
                           "--context", "lab", "--namespace", "research", "--image", "registry.example/orrery:0.1"} +
               more;
    }

    void checkEqualsLocal(const QString& project, const CliResult& result)
    {
        QCOMPARE(result.out.mid(result.out.indexOf('\n')), m_localOut.mid(m_localOut.indexOf('\n')));
        QCOMPARE(storedComparison(project), m_localComparison);
        QCOMPARE(cellMetricBits(project), m_localMetrics);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QFile::copy(ORRERY_FIXTURE_DIR "/experiments/cells-tiny-scenario.yaml", m_dir.filePath("cells-tiny-scenario.yaml")));
        m_experiment = m_dir.filePath("k8s-tiny.yaml");
        QVERIFY(writeFile(m_experiment, "apiVersion: orrery.dev/v1\nkind: Experiment\nmetadata:\n  name: k8s-tiny\nspec:\n"
                                        "  scenario: cells-tiny-scenario.yaml\n  arms:\n"
                                        "    - name: first-fit\n      policies:\n        placement: {plugin: first-fit}\n"
                                        "    - name: random\n      policies:\n        placement: {plugin: random}\n"
                                        "  seeds: [1, 2, 3]\n"));
        QCOMPARE(runOrrery({"cell", "list", m_experiment}, m_dir.path()).out, kCells.join('\n') + '\n');
        const CliResult local = runOrrery({"experiment", m_experiment, "--project", "local.orrery", "--quiet"}, m_dir.path());
        QVERIFY2(local.exitCode == 0, qPrintable(local.err));
        m_localOut = local.out;
        m_localComparison = storedComparison(m_dir.filePath("local.orrery"));
        m_localMetrics = cellMetricBits(m_dir.filePath("local.orrery"));
        QVERIFY(m_localComparison.size() >= 4);
        // What each pod prints: the shard of its cell, as the pod script writes it (base64 -w 76).
        for (const QString& cell : kCells) {
            const QString shard = m_dir.filePath(cell + ".orrery");
            const CliResult run = runOrrery({"cell", "run", m_experiment, "--cell", cell, "--out", shard, "--quiet"}, m_dir.path());
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            const QByteArray bytes = readFile(shard);
            QByteArray log = "ORRERY-SHARD-BEGIN " + cell.toUtf8() + " " + QByteArray::number(bytes.size()) + "\n";
            const QByteArray base64 = bytes.toBase64();
            for (qsizetype at = 0; at < base64.size(); at += 76)
                log += base64.mid(at, 76) + "\n";
            m_logs[cell] = log + "ORRERY-SHARD-END " + cell.toUtf8() + "\n";
        }
    }

    void mergesToTheLocalComparison()
    {
        Cluster cluster;
        cluster.logs = m_logs;
        FakeHttpServer server([&](const RecordedRequest& request) { return cluster.answer(request); });
        QTemporaryDir dir;
        const QString config = kubeconfig(dir, server.url());
        QElapsedTimer timer;
        timer.start();
        const CliResult result = runOrrery(args(config, {"--parallelism", "4"}), dir.path(), 60000);
        const qint64 elapsed = timer.elapsed();
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.err.contains("submitted 6 cells as kubernetes job research/" + kJob + " (indexed, completions 6, parallelism 4"),
                 qPrintable(result.err));
        QVERIFY2(result.err.contains("3/6 cells merged"), qPrintable(result.err));
        QVERIFY2(result.err.contains("6/6 cells merged"), qPrintable(result.err));
        QVERIFY2(result.err.contains("job and configmap deleted"), qPrintable(result.err));
        checkEqualsLocal(dir.filePath("p.orrery"), result);
        qInfo("6 cells: submit -> watch -> 6 logs -> merged and compared in %lld ms (%.0f ms per cell)", elapsed, elapsed / 6.0);

        const QList<RecordedRequest> requests = server.requests();
        for (const RecordedRequest& request : requests)
            QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer k8s-token"));
        // The ConfigMap: the experiment as written, its scenario, the cell list.
        const auto configMaps = requestsOf(requests, "POST", "/configmaps");
        QCOMPARE(configMaps.size(), 1);
        QCOMPARE(configMaps[0].path, QByteArray("/api/v1/namespaces/research/configmaps"));
        QCOMPARE(configMaps[0].query.value("fieldManager"), QByteArray("orrery"));
        QCOMPARE(configMaps[0].headers.value("content-type"), QByteArray("application/json"));
        const QJsonObject configMap = QJsonDocument::fromJson(configMaps[0].body).object();
        QCOMPARE(configMap["apiVersion"].toString(), "v1");
        QCOMPARE(configMap["kind"].toString(), "ConfigMap");
        QCOMPARE(configMap["metadata"]["generateName"].toString(), "orrery-k8s-tiny-");
        QCOMPARE(configMap["data"]["experiment.yaml"].toString().toUtf8(), readFile(m_experiment));
        QCOMPARE(configMap["data"]["cells.txt"].toString(), kCells.join('\n') + '\n');
        QCOMPARE(configMap["data"].toObject().size(), 3);

        // The Job: every member a batch/v1 field of its type, and the values Orrery means.
        const auto jobs = requestsOf(requests, "POST", "/jobs");
        QCOMPARE(jobs.size(), 1);
        QCOMPARE(jobs[0].path, QByteArray("/apis/batch/v1/namespaces/research/jobs"));
        const QJsonObject job = QJsonDocument::fromJson(jobs[0].body).object();
        const QString errors = schemaErrors(job, fixture("job-batch-v1-schema.json"), "Job");
        QVERIFY2(errors.isEmpty(), qPrintable(errors));
        QCOMPARE(job["apiVersion"].toString(), "batch/v1");
        QCOMPARE(job["kind"].toString(), "Job");
        QCOMPARE(job["metadata"]["generateName"].toString(), "orrery-k8s-tiny-");
        QCOMPARE(job["metadata"]["namespace"].toString(), "research");
        QCOMPARE(job["metadata"]["labels"]["orrery.dev/experiment"].toString(), "k8s-tiny");
        QCOMPARE(job["metadata"]["labels"]["app.kubernetes.io/managed-by"].toString(), "orrery");
        const QJsonObject spec = job["spec"].toObject();
        QCOMPARE(spec["completionMode"].toString(), "Indexed");
        QCOMPARE(spec["completions"].toInt(), 6);
        QCOMPARE(spec["parallelism"].toInt(), 4);
        QCOMPARE(spec["backoffLimit"].toInt(), 3);
        const QJsonObject podSpec = spec["template"]["spec"].toObject();
        QCOMPARE(podSpec["restartPolicy"].toString(), "Never");
        QCOMPARE(podSpec["containers"].toArray().size(), 1);
        const QJsonObject container = podSpec["containers"][0].toObject();
        QCOMPARE(container["image"].toString(), "registry.example/orrery:0.1");
        QCOMPARE(container["command"].toArray().size(), 3);
        QCOMPARE(container["command"][0].toString(), "/bin/sh");
        const QString script = container["command"][2].toString();
        QVERIFY2(script.contains("JOB_COMPLETION_INDEX") && script.contains("cell run") && script.contains("base64"), qPrintable(script));
        QMap<QString, QString> env;
        for (const QJsonValue& variable : container["env"].toArray())
            env[variable["name"].toString()] = variable["value"].toString();
        QCOMPARE(env.value("ORRERY_EXPERIMENT"), "/config/k8s-tiny.yaml");
        QCOMPARE(env.value("ORRERY_CELLS"), "/config/cells.txt");
        QCOMPARE(env.value("ORRERY"), "orrery");
        QCOMPARE(container["volumeMounts"][0]["mountPath"].toString(), "/config");
        QCOMPARE(container["volumeMounts"][0]["readOnly"].toBool(), true);
        const QJsonObject volume = podSpec["volumes"][0].toObject();
        QCOMPARE(volume["configMap"]["name"].toString(), QString(kConfigMap));
        QStringList items;
        for (const QJsonValue& item : volume["configMap"]["items"].toArray())
            items << item["key"].toString() + "=" + item["path"].toString();
        QCOMPARE(items, (QStringList{"experiment.yaml=k8s-tiny.yaml", "file1-cells-tiny-scenario-yaml.yaml=cells-tiny-scenario.yaml",
                                     "cells.txt=cells.txt"}));
        // Run by a shell the pod script picks its cell from the ConfigMap's list.
        QTemporaryDir pod;
        writeFile(pod.filePath("cells.txt"), configMap["data"]["cells.txt"].toString().toUtf8());
        writeFile(pod.filePath("orrery"), "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args\"; printf 'abc' > \"$7\"\n");
        QFile::setPermissions(pod.filePath("orrery"), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QProcess shell;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("JOB_COMPLETION_INDEX", "4");
        environment.insert("ORRERY", pod.filePath("orrery"));
        environment.insert("ORRERY_CELLS", pod.filePath("cells.txt"));
        environment.insert("ORRERY_EXPERIMENT", "/config/k8s-tiny.yaml");
        environment.insert("ORRERY_SHARD", pod.filePath("shard.orrery"));
        shell.setProcessEnvironment(environment);
        shell.start("/bin/sh", {"-c", script});
        QVERIFY(shell.waitForFinished(10000));
        QCOMPARE(shell.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(shell.readAllStandardOutput()),
                 "ORRERY-SHARD-BEGIN " + kCells[4] + " 3\nYWJj\nORRERY-SHARD-END " + kCells[4] + "\n");
        QCOMPARE(readFile(pod.filePath("args")), ("cell run /config/k8s-tiny.yaml --cell " + kCells[4] + " --out " +
                                                  pod.filePath("shard.orrery") + " --quiet\n").toUtf8());

        // Followed by a watch on the Job from its creation's resourceVersion; pods by job-name.
        const auto watches = requestsOf(requests, "GET", "/apis/batch/v1/namespaces/research/jobs");
        QVERIFY(!watches.isEmpty());
        QCOMPARE(watches[0].query.value("watch"), QByteArray("1"));
        QCOMPARE(watches[0].query.value("fieldSelector"), "metadata.name=" + kJob);
        QCOMPARE(watches[0].query.value("resourceVersion"), QByteArray("48215"));
        const auto podLists = requestsOf(requests, "GET", "/api/v1/namespaces/research/pods");
        QVERIFY(!podLists.isEmpty());
        int logs = 0;
        for (const RecordedRequest& request : podLists) {
            if (request.path.endsWith("/log"))
                ++logs;
            else
                QCOMPARE(request.query.value("labelSelector"), "job-name=" + kJob);
        }
        QCOMPARE(logs, 6);
        // Every shard merged: the Job (pods in the background) and the ConfigMap are deleted.
        const auto deletes = requestsOf(requests, "DELETE", "/namespaces/research/");
        QCOMPARE(deletes.size(), 2);
        QCOMPARE(deletes[0].path, "/apis/batch/v1/namespaces/research/jobs/" + kJob);
        QCOMPARE(QJsonDocument::fromJson(deletes[0].body)["propagationPolicy"].toString(), "Background");
        QCOMPARE(deletes[1].path, "/api/v1/namespaces/research/configmaps/" + kConfigMap);

        QFile status(dir.filePath("p.orrery.shards/status.tsv"));
        QVERIFY(status.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(status.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 7);
        for (int i = 1; i < lines.size(); ++i)
            QVERIFY2(lines[i].startsWith(kCells[i - 1] + "\tMERGED\t" + kJob + "-" + QString::number(i - 1)), qPrintable(lines[i]));

        // A second call finds every cell complete and sends nothing.
        server.clearRequests();
        const CliResult again = runOrrery(args(config), dir.path(), 60000);
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(again.out.contains("= 6 runs; 0 run now, 6 already complete\n"), qPrintable(again.out));
        QCOMPARE(server.requests().size(), 0);
        checkEqualsLocal(dir.filePath("p.orrery"), again);
    }

    void interruptDeletesTheJobAndResumeSubmitsTheRest()
    {
        Cluster cluster;
        cluster.logs = m_logs;
        cluster.hang = true;
        FakeHttpServer server([&](const RecordedRequest& request) { return cluster.answer(request); });
        QTemporaryDir dir;
        const QString config = kubeconfig(dir, server.url());
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.setProcessEnvironment(headlessEnvironment());
        process.start(kOrrery, args(config));
        QString err;
        QElapsedTimer timer;
        timer.start();
        while (!err.contains("2/6 cells merged") && timer.elapsed() < 30000 && process.state() != QProcess::NotRunning) {
            process.waitForReadyRead(200);
            err += QString::fromUtf8(process.readAllStandardError());
        }
        QVERIFY2(err.contains("2/6 cells merged  4 running"), qPrintable(err));
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(30000));
        err += QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitCode(), 130);
        QVERIFY2(err.contains("interrupted; deleted kubernetes job research/" + kJob + " and configmap " + kConfigMap), qPrintable(err));
        QVERIFY2(err.contains("2 of 6 cells complete"), qPrintable(err));
        const auto deletes = requestsOf(server.requests(), "DELETE", "/namespaces/research/");
        QCOMPARE(deletes.size(), 2);
        QCOMPARE(deletes[0].path, "/apis/batch/v1/namespaces/research/jobs/" + kJob);
        QCOMPARE(QJsonDocument::fromJson(deletes[0].body)["propagationPolicy"].toString(), "Background");
        QCOMPARE(deletes[1].path, "/api/v1/namespaces/research/configmaps/" + kConfigMap);

        // Resume: only the 4 missing cells, as indices 0-3 of a new Job.
        {
            const QMutexLocker lock(&cluster.mutex);
            cluster.hang = false;
        }
        server.clearRequests();
        const CliResult resumed = runOrrery(args(config), dir.path(), 60000);
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        QVERIFY2(resumed.err.contains("submitted 4 cells as kubernetes job"), qPrintable(resumed.err));
        QCOMPARE(cluster.submittedCells, kCells.mid(2));
        const auto jobs = requestsOf(server.requests(), "POST", "/jobs");
        QCOMPARE(jobs.size(), 1);
        QCOMPARE(QJsonDocument::fromJson(jobs[0].body)["spec"]["completions"].toInt(), 4);
        checkEqualsLocal(dir.filePath("p.orrery"), resumed);
    }

    void failedPodShowsItsReason()
    {
        Cluster cluster;
        cluster.logs = m_logs;
        cluster.watchFile = "job-watch-failed.jsonl";
        cluster.failedIndex = 4;
        FakeHttpServer server([&](const RecordedRequest& request) { return cluster.answer(request); });
        QTemporaryDir dir;
        const CliResult result = runOrrery(args(kubeconfig(dir, server.url())), dir.path(), 60000);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains("error: cell " + kCells[4] + " (pod " + kJob + "-4-q4z): FAILED: OOMKilled: exit code 137; "
                                     "error: run 1 failed: std::bad_alloc; job BackoffLimitExceeded: Job has reached the specified backoff limit"),
                 qPrintable(result.err));
        QVERIFY2(result.err.contains("1 cell failed under Kubernetes; 5 of 6 cells complete"), qPrintable(result.err));
        QVERIFY2(result.err.contains("job research/" + kJob + " kept for inspection"), qPrintable(result.err));
        QCOMPARE(requestsOf(server.requests(), "DELETE", "/").size(), 0);
        QFile status(dir.filePath("p.orrery.shards/status.tsv"));
        QVERIFY(status.open(QIODevice::ReadOnly));
        const QString table = QString::fromUtf8(status.readAll());
        QVERIFY2(table.contains(kCells[4] + "\tFAILED\t" + kJob + "-4-q4z\tOOMKilled"), qPrintable(table));
        QCOMPARE(table.count("\tMERGED\t"), 5);
    }

    void refusedJobIsRecordedPerCell()
    {
        FakeHttpServer server([](const RecordedRequest&) {
            return ScriptedResponse{403, "application/json",
                                    "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps is forbidden: User \\\"bob\\\" cannot create resource \\\"configmaps\\\" in API group \\\"\\\" in the namespace \\\"research\\\"\",\"reason\":\"Forbidden\",\"details\":{\"kind\":\"configmaps\"},\"code\":403}",
                                    {}, false};
        });
        QTemporaryDir dir;
        const CliResult result = runOrrery(args(kubeconfig(dir, server.url())), dir.path(), 60000);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains("error: cell " + kCells[0] + ": SUBMIT_FAILED: POST ") &&
                     result.err.contains("403 Forbidden: configmaps is forbidden"),
                 qPrintable(result.err));
        QVERIFY2(result.err.contains("6 cells failed under Kubernetes; 0 of 6 cells complete"), qPrintable(result.err));
    }

    //! Not a test: with ORRERY_K8S_THROUGHPUT_SEEDS=N, 2 arms x N seeds through the backend
    //! (submit, watch, N*2 log reads, decode, merge, compare), against `orrery experiment merge`
    //! of the same shards; prints cells/s (docs/distributed.md, "Measured").
    void throughput()
    {
        const int seeds = qEnvironmentVariableIntValue("ORRERY_K8S_THROUGHPUT_SEEDS");
        if (seeds <= 0)
            QSKIP("set ORRERY_K8S_THROUGHPUT_SEEDS=N to measure 2 x N cells");
        QTemporaryDir dir;
        QVERIFY(QFile::copy(ORRERY_FIXTURE_DIR "/experiments/cells-tiny-scenario.yaml", dir.filePath("cells-tiny-scenario.yaml")));
        QStringList seedList;
        for (int seed = 1; seed <= seeds; ++seed)
            seedList << QString::number(seed);
        const QString experiment = dir.filePath("k8s-tiny.yaml");
        QVERIFY(writeFile(experiment, "apiVersion: orrery.dev/v1\nkind: Experiment\nmetadata:\n  name: k8s-tiny\nspec:\n"
                                      "  scenario: cells-tiny-scenario.yaml\n  arms:\n"
                                      "    - name: first-fit\n      policies:\n        placement: {plugin: first-fit}\n"
                                      "    - name: random\n      policies:\n        placement: {plugin: random}\n"
                                      "  seeds: [" + seedList.join(", ").toUtf8() + "]\n"));
        const QStringList cells = runOrrery({"cell", "list", experiment}, dir.path()).out.split('\n', Qt::SkipEmptyParts);
        Cluster cluster;
        QStringList shards;
        qint64 bytes = 0;
        QVERIFY(QDir(dir.path()).mkdir("shards"));
        for (const QString& cell : cells) {
            const QString shard = dir.filePath("shards/" + cell + ".orrery");
            QVERIFY(runOrrery({"cell", "run", experiment, "--cell", cell, "--out", shard, "--quiet"}, dir.path()).exitCode == 0);
            const QByteArray data = readFile(shard);
            bytes += data.size();
            QByteArray log = "ORRERY-SHARD-BEGIN " + cell.toUtf8() + " " + QByteArray::number(data.size()) + "\n";
            const QByteArray base64 = data.toBase64();
            for (qsizetype at = 0; at < base64.size(); at += 76)
                log += base64.mid(at, 76) + "\n";
            cluster.logs[cell] = log + "ORRERY-SHARD-END " + cell.toUtf8() + "\n";
            shards << shard;
        }
        FakeHttpServer server([&](const RecordedRequest& request) { return cluster.answer(request); });
        const QString config = kubeconfig(dir, server.url());
        QElapsedTimer timer;
        timer.start();
        const CliResult result = runOrrery({"experiment", experiment, "--project", "k.orrery", "--backend", "kubernetes", "--kubeconfig",
                                            config, "--namespace", "research", "--image", "x"},
                                           dir.path(), 600000);
        const qint64 backendMs = timer.elapsed();
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        timer.restart();
        const CliResult merged = runOrrery(QStringList{"experiment", "merge", "--project", "m.orrery"} + shards, dir.path(), 600000);
        const qint64 mergeMs = timer.elapsed();
        QVERIFY2(merged.exitCode == 0, qPrintable(merged.err));
        qInfo("%lld cells, %.0f KiB per shard: --backend kubernetes %lld ms (%.1f cells/s, %.1f ms per cell); "
              "orrery experiment merge of the same shards %lld ms (%.1f cells/s)",
              static_cast<long long>(cells.size()), bytes / 1024.0 / cells.size(), backendMs, cells.size() * 1000.0 / backendMs,
              double(backendMs) / cells.size(), mergeMs, cells.size() * 1000.0 / mergeMs);
        qInfo("%s", qPrintable(result.err));
    }

    void usage()
    {
        QTemporaryDir dir;
        const CliResult noImage = runOrrery({"experiment", m_experiment, "--project", "p.orrery", "--backend", "kubernetes"}, dir.path());
        QCOMPARE(noImage.exitCode, 2);
        QVERIFY2(noImage.err.contains("needs --image IMAGE"), qPrintable(noImage.err));
        const CliResult mixed = runOrrery({"experiment", m_experiment, "--project", "p.orrery", "--backend", "kubernetes", "--image", "x",
                                           "--partition", "p"},
                                          dir.path());
        QCOMPARE(mixed.exitCode, 2);
        QVERIFY2(mixed.err.contains("option --partition needs --backend slurm"), qPrintable(mixed.err));
        const CliResult local = runOrrery({"experiment", m_experiment, "--project", "p.orrery", "--image", "x"}, dir.path());
        QCOMPARE(local.exitCode, 2);
        QVERIFY2(local.err.contains("option --image needs --backend kubernetes"), qPrintable(local.err));
    }
};

QTEST_GUILESS_MAIN(TestKubernetesBackend)
#include "tst_kubernetes_backend.moc"
