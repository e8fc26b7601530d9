// KubernetesPodState and KubernetesJobState: Pod and Job objects as the API server returns them
// map to the per-cell states and messages Orrery shows (waiting reasons, exit codes, OOMKilled,
// eviction, unschedulable), and status.completedIndexes ranges parse.
#include "ops/kubernetes_pod_state.h"

#include <QTest>

using orrery::app::KubernetesJobState;
using orrery::app::KubernetesPodPhase;
using orrery::app::KubernetesPodState;
Q_DECLARE_METATYPE(orrery::app::KubernetesPodPhase)

namespace {

QByteArray pod(const QByteArray& status)
{
    return "{\"kind\":\"Pod\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"orrery-demo-x7k2p-2-abcde\",\"namespace\":\"research\",\n"
      "      \"labels\":{\"job-name\":\"orrery-demo-x7k2p\",\"batch.kubernetes.io/job-completion-index\":\"2\"},\n"
      "      \"annotations\":{\"batch.kubernetes.io/job-completion-index\":\"2\"}},\"status\":" + status + "}";
}

} // namespace

class TestKubernetesPodState : public QObject {
    Q_OBJECT

private slots:
    void pods_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<KubernetesPodPhase>("phase");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("message");
        QTest::newRow("creating") << pod("{\"phase\":\"Pending\",\"containerStatuses\":[{\"name\":\"cell\",\"state\":{\"waiting\":{\"reason\":\"ContainerCreating\"}}}]}")
                                  << KubernetesPodPhase::Pending << "" << "";
        QTest::newRow("image pull") << pod("{\"phase\":\"Pending\",\"containerStatuses\":[{\"name\":\"cell\",\"state\":{\"waiting\":{\"reason\":\"ImagePullBackOff\",\"message\":\"Back-off pulling image \\\"nosuch\\\"\"}}}]}")
                                    << KubernetesPodPhase::Pending << "ImagePullBackOff" << "Back-off pulling image \"nosuch\"";
        QTest::newRow("unschedulable") << pod("{\"phase\":\"Pending\",\"conditions\":[{\"type\":\"PodScheduled\",\"status\":\"False\",\"reason\":\"Unschedulable\",\"message\":\"0/3 nodes are available: 3 Insufficient cpu.\"}]}")
                                       << KubernetesPodPhase::Pending << "Unschedulable" << "0/3 nodes are available: 3 Insufficient cpu.";
        QTest::newRow("running") << pod("{\"phase\":\"Running\",\"containerStatuses\":[{\"name\":\"cell\",\"state\":{\"running\":{\"startedAt\":\"2026-11-25T10:00:00Z\"}}}]}")
                                 << KubernetesPodPhase::Running << "" << "";
        QTest::newRow("succeeded") << pod("{\"phase\":\"Succeeded\",\"containerStatuses\":[{\"name\":\"cell\",\"state\":{\"terminated\":{\"exitCode\":0,\"reason\":\"Completed\"}}}]}")
                                   << KubernetesPodPhase::Succeeded << "" << "";
        QTest::newRow("error exit") << pod("{\"phase\":\"Failed\",\"containerStatuses\":[{\"name\":\"cell\",\"state\":{\"terminated\":{\"exitCode\":1,\"reason\":\"Error\"}}}]}")
                                    << KubernetesPodPhase::Failed << "Error" << "exit code 1";
        QTest::newRow("oom") << pod("{\"phase\":\"Failed\",\"containerStatuses\":[{\"name\":\"cell\",\"state\":{\"terminated\":{\"exitCode\":137,\"reason\":\"OOMKilled\"}}}]}")
                             << KubernetesPodPhase::Failed << "OOMKilled" << "exit code 137";
        QTest::newRow("evicted") << pod("{\"phase\":\"Failed\",\"reason\":\"Evicted\",\"message\":\"The node was low on resource: memory.\"}")
                                 << KubernetesPodPhase::Failed << "Evicted" << "The node was low on resource: memory.";
        QTest::newRow("no status") << QByteArray("{\"metadata\":{\"name\":\"p\"}}") << KubernetesPodPhase::Pending << "" << "";
    }

    void pods()
    {
        QFETCH(QByteArray, json);
        QFETCH(KubernetesPodPhase, phase);
        QFETCH(QString, reason);
        QFETCH(QString, message);
        const KubernetesPodState state = KubernetesPodState::fromJson(nlohmann::json::parse(json.toStdString()));
        QCOMPARE(state.phase, phase);
        QCOMPARE(QString::fromStdString(state.reason), reason);
        QCOMPARE(QString::fromStdString(state.message), message);
        if (json.contains("annotations")) {
            QCOMPARE(state.index, std::optional<std::size_t>(2));
            QCOMPARE(QString::fromStdString(state.name), QString("orrery-demo-x7k2p-2-abcde"));
        } else {
            QVERIFY(!state.index);
        }
    }

    void indexes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QList<int>>("indexes");
        QTest::newRow("empty") << "" << true << QList<int>{};
        QTest::newRow("one") << "4" << true << QList<int>{4};
        QTest::newRow("ranges") << "0-2,5,7-8" << true << QList<int>{0, 1, 2, 5, 7, 8};
        QTest::newRow("reversed") << "3-1" << false << QList<int>{};
        QTest::newRow("garbage") << "1,x" << false << QList<int>{};
    }

    void indexes()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(QList<int>, indexes);
        const auto parsed = KubernetesJobState::parseIndexes(text.toStdString());
        QCOMPARE(parsed.has_value(), valid);
        if (parsed) {
            QList<int> got;
            for (const std::size_t i : *parsed)
                got << static_cast<int>(i);
            QCOMPARE(got, indexes);
        }
    }

    void jobs_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("completed");
        QTest::addColumn<bool>("complete");
        QTest::addColumn<bool>("failed");
        QTest::newRow("new") << QByteArray("{\"metadata\":{\"resourceVersion\":\"10\"},\"status\":{}}") << 0 << false << false;
        QTest::newRow("running") << QByteArray("{\"metadata\":{\"resourceVersion\":\"11\"},\"status\":{\"active\":4,\"succeeded\":2,\"completedIndexes\":\"0,2\",\"ready\":4}}")
                                 << 2 << false << false;
        QTest::newRow("complete") << QByteArray("{\"metadata\":{\"resourceVersion\":\"12\"},\"status\":{\"succeeded\":6,\"completedIndexes\":\"0-5\",\"conditions\":[{\"type\":\"SuccessCriteriaMet\",\"status\":\"True\"},{\"type\":\"Complete\",\"status\":\"True\",\"lastProbeTime\":\"2026-11-25T10:00:09Z\"}]}}")
                                  << 6 << true << false;
        QTest::newRow("backoff") << QByteArray("{\"metadata\":{\"resourceVersion\":\"13\"},\"status\":{\"failed\":4,\"succeeded\":5,\"completedIndexes\":\"0-4\",\"conditions\":[{\"type\":\"Failed\",\"status\":\"True\",\"reason\":\"BackoffLimitExceeded\",\"message\":\"Job has reached the specified backoff limit\"}]}}")
                                 << 5 << false << true;
    }

    void jobs()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, completed);
        QFETCH(bool, complete);
        QFETCH(bool, failed);
        const KubernetesJobState state = KubernetesJobState::fromJson(nlohmann::json::parse(json.toStdString()));
        QCOMPARE(static_cast<int>(state.completedIndexes.size()), completed);
        QCOMPARE(state.complete, complete);
        QCOMPARE(state.failedCondition, failed);
        QCOMPARE(state.finished(), complete || failed);
        QVERIFY(!state.resourceVersion.empty());
        if (failed) {
            QCOMPARE(QString::fromStdString(state.failedReason), QString("BackoffLimitExceeded"));
            QCOMPARE(state.failed, std::size_t(4));
        }
    }
};

QTEST_GUILESS_MAIN(TestKubernetesPodState)
#include "tst_kubernetes_pod_state.moc"
