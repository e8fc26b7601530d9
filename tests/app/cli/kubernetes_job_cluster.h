#pragma once
// The loopback Kubernetes API server of the Kubernetes backend's tests (tests/app/cli/
// tst_kubernetes_backend.cpp, tests/app/gui/tst_experiment_job_kubernetes.cpp): it answers the
// backend's requests with the recorded objects of tests/fixtures/kubernetes-backend (a ConfigMap
// and an Indexed Job created, the Job's watch history, its pods, their logs, the deletions)
// through the live tests' FakeHttpServer.
#include "fake_http_server.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QMutex>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <chrono>
#include <thread>

namespace orrery::testing {

inline const QString kFixtures = QStringLiteral(ORRERY_FIXTURE_DIR "/kubernetes-backend/");
inline const QByteArray kJob = "orrery-k8s-tiny-x7k2p";
inline const QByteArray kConfigMap = "orrery-k8s-tiny-cm7q2";

//! A Pod of the Job as the API lists it, from the recorded template.
inline QJsonObject podOf(int index, const QString& phase, const QJsonObject& state)
{
    QByteArray text = readFile(kFixtures + "pod-template.json");
    text.replace("@POD@", kJob + "-" + QByteArray::number(index) + "-q" + QByteArray::number(index) + "z");
    text.replace("@INDEX@", QByteArray::number(index));
    text.replace("@UID@", "0000-" + QByteArray::number(index));
    text.replace("@PHASE@", phase.toUtf8());
    QJsonObject pod = QJsonDocument::fromJson(text).object();
    QJsonObject status = pod["status"].toObject();
    QJsonArray containers = status["containerStatuses"].toArray();
    QJsonObject container = containers[0].toObject();
    container["state"] = state;
    containers[0] = container;
    status["containerStatuses"] = containers;
    pod["status"] = status;
    return pod;
}

inline QJsonObject terminated(int exitCode, const QString& reason)
{
    return {{"terminated", QJsonObject{{"exitCode", exitCode}, {"reason", reason}, {"startedAt", "2026-11-25T10:00:02Z"},
                                       {"finishedAt", "2026-11-25T10:00:05Z"}, {"containerID", "containerd://9a1b"}}}};
}

//! The fake API server's state: what the pods do, in which order the Job's status changes.
struct Cluster {
    QMutex mutex;
    QMap<QString, QByteArray> logs;  //!< cell -> the pod's log
    QStringList submittedCells;      //!< cells.txt of the last ConfigMap posted
    QByteArray watchFile = "job-watch-complete.jsonl";
    bool hang = false;               //!< the Job never finishes; indices in `done` succeed
    QSet<int> done{0, 1};
    int failedIndex = -1;            //!< this index's pods fail OOMKilled
    int podLists = 0;

    ScriptedResponse answer(const RecordedRequest& request)
    {
        const QMutexLocker lock(&mutex);
        const QByteArray ns = "/namespaces/research";
        if (request.method == "POST" && request.path == "/api/v1" + ns + "/configmaps") {
            QJsonObject created = QJsonDocument::fromJson(readFile(kFixtures + "configmap-created.json")).object();
            const QJsonObject sent = QJsonDocument::fromJson(request.body).object();
            created["data"] = sent["data"];
            submittedCells = sent["data"].toObject()["cells.txt"].toString().split('\n', Qt::SkipEmptyParts);
            return {201, "application/json", QJsonDocument(created).toJson(QJsonDocument::Compact), {}, false};
        }
        if (request.method == "POST" && request.path == "/apis/batch/v1" + ns + "/jobs") {
            podLists = 0;
            return {201, "application/json", readFile(kFixtures + "job-created.json"), {}, false};
        }
        if (request.method == "GET" && request.path == "/apis/batch/v1" + ns + "/jobs" && request.query.value("watch") == "1") {
            ScriptedResponse stream;
            stream.closeAfter = true;
            if (hang) {
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
                QJsonObject event = QJsonDocument::fromJson(readFile(kFixtures + watchFile).split('\n').front()).object();
                stream.chunks << QJsonDocument(event).toJson(QJsonDocument::Compact) + "\n";
                return stream;
            }
            if (request.query.value("resourceVersion") != "48215") // after the whole history: nothing new
                return stream;
            for (const QByteArray& line : readFile(kFixtures + watchFile).split('\n')) {
                if (!line.isEmpty())
                    stream.chunks << line + "\n";
            }
            return stream;
        }
        if (request.method == "GET" && request.path == "/apis/batch/v1" + ns + "/jobs/" + kJob) {
            // The Job as it stands after its last watch event.
            const QList<QByteArray> lines = readFile(kFixtures + watchFile).trimmed().split('\n');
            const QJsonObject job = QJsonDocument::fromJson(lines.back()).object()["object"].toObject();
            return {200, "application/json", QJsonDocument(job).toJson(QJsonDocument::Compact), {}, false};
        }
        if (request.method == "GET" && request.path == "/api/v1" + ns + "/pods") {
            // First list: all running; second: the first half succeeded; then every index ended.
            ++podLists;
            QJsonArray items;
            for (int index = 0; index < submittedCells.size(); ++index) {
                bool succeeded = hang ? done.contains(index) : podLists >= 3 || (podLists == 2 && index < 3) || podLists >= 99;
                if (index == failedIndex && podLists >= 2) {
                    items.append(podOf(index, "Failed", terminated(137, "OOMKilled")));
                    continue;
                }
                items.append(succeeded ? podOf(index, "Succeeded", terminated(0, "Completed"))
                                       : podOf(index, "Running", QJsonObject{{"running", QJsonObject{{"startedAt", "2026-11-25T10:00:02Z"}}}}));
            }
            const QJsonObject list{{"kind", "PodList"}, {"apiVersion", "v1"}, {"metadata", QJsonObject{{"resourceVersion", "48250"}}},
                                   {"items", items}};
            return {200, "application/json", QJsonDocument(list).toJson(QJsonDocument::Compact), {}, false};
        }
        const QRegularExpressionMatch log =
            QRegularExpression("^/api/v1/namespaces/research/pods/" + QString(kJob) + "-(\\d+)-q\\d+z/log$").match(QString(request.path));
        if (request.method == "GET" && log.hasMatch()) {
            const int index = log.captured(1).toInt();
            if (index == failedIndex)
                return {200, "text/plain", "error: run 1 failed: std::bad_alloc\n", {}, false};
            return {200, "text/plain", logs.value(submittedCells.value(index)), {}, false};
        }
        if (request.method == "DELETE" && request.path == "/apis/batch/v1" + ns + "/jobs/" + kJob)
            return {200, "application/json", readFile(kFixtures + "job-deleted.json"), {}, false};
        if (request.method == "DELETE" && request.path == "/api/v1" + ns + "/configmaps/" + kConfigMap)
            return {200, "application/json", readFile(kFixtures + "configmap-deleted.json"), {}, false};
        return {404, "application/json",
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"the server could not find the requested resource\",\"reason\":\"NotFound\",\"code\":404}",
                {}, false};
    }
};

} // namespace orrery::testing
