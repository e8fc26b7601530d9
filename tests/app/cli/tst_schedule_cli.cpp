// `orrery schedule` end to end against `orrery serve`: pending pods created through the API with
// `schedulerName: orrery` are bound by the chosen placement plugin and start; a pod no node may
// take (node selector) stays pending with a FailedScheduling Event; affinity keeps pods off the
// nodes it excludes; --dry-run binds nothing; and of two schedulers sharing one Lease only one
// binds, the other taking over once the first stops.
#include "cli_test_support.h"

#include "live/kube_client.h"
#include "live/kube_object_parser.h"
#include "live/live_error.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace orrery;

namespace {

constexpr const char* kNs = "batch";

live::ResolvedContext servedContext(const std::string& server)
{
    live::ResolvedContext context;
    context.contextName = "orrery-serve";
    context.server = server;
    return context;
}

std::string podJson(const std::string& name, const std::string& cpu, const std::string& specExtra = "")
{
    return R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":")" + name + R"(","namespace":")" + kNs +
           R"("},"spec":{"schedulerName":"orrery","containers":[{"name":"main","image":"busybox","resources":{"requests":{"cpu":")" +
           cpu + R"(","memory":"256Mi"}}}])" + specExtra + "}}";
}

std::map<std::string, live::KubePod> podsOf(live::KubeClient& client)
{
    std::map<std::string, live::KubePod> pods;
    for (auto& pod : client.listPods(kNs).items)
        pods[pod.meta.name] = pod;
    return pods;
}

} // namespace

class TestScheduleCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void bindsPendingPodsWhichThenStart();
    void dryRunBindsNothing();
    void oneLeaseOneBinder();
    void taintsKeepPodsOff();
    void octopusWithItsTrainedModel();
    void badPolicyExits2();

private:
    QStringList scheduleArgs(const QStringList& more) const
    {
        return QStringList{"schedule", "--kubeconfig", m_kubeconfig} + more;
    }

    QTemporaryDir m_dir;
    QProcess m_serve;
    std::string m_url;
    QString m_kubeconfig;
};

void TestScheduleCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_kubeconfig = m_dir.filePath("kubeconfig.yaml");
    m_serve.setProcessEnvironment(testing::headlessEnvironment());
    m_serve.setWorkingDirectory(ORRERY_SOURCE_DIR);
    m_serve.start(ORRERY_EXECUTABLE, {"serve", "resources/scenarios/socialnetwork-steady.yaml", "--port", "0", "--speed", "20",
                                      "--kubeconfig-out", m_kubeconfig, "--duration", "20m"});
    QVERIFY(m_serve.waitForStarted(10000));
    QString line;
    QTRY_VERIFY_WITH_TIMEOUT((line += QString::fromUtf8(m_serve.readAllStandardOutput())).contains('\n'), 30000);
    const auto match = QRegularExpression(R"(at (http://127\.0\.0\.1:\d+))").match(line);
    QVERIFY2(match.hasMatch(), qPrintable(line));
    m_url = match.captured(1).toStdString();
}

void TestScheduleCli::cleanupTestCase()
{
    if (m_serve.state() == QProcess::NotRunning)
        return;
    m_serve.terminate();
    QVERIFY(m_serve.waitForFinished(10000));
}

void TestScheduleCli::bindsPendingPodsWhichThenStart()
{
    live::KubeClient client(servedContext(m_url));
    const auto nodes = client.listNodes();
    QVERIFY(nodes.items.size() >= 2);
    const std::string only = nodes.items.back().meta.name;
    for (int i = 0; i < 4; ++i)
        client.post(std::string("/api/v1/namespaces/") + kNs + "/pods", podJson("web-" + std::to_string(i), "500m"));
    // Required affinity allows one node only.
    client.post(std::string("/api/v1/namespaces/") + kNs + "/pods",
                podJson("pinned", "100m", R"(,"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":)"
                                          R"({"nodeSelectorTerms":[{"matchFields":[{"key":"metadata.name","operator":"In","values":[")" +
                                              only + R"("]}]}]}}})"));
    // No node has this label: it stays pending.
    client.post(std::string("/api/v1/namespaces/") + kNs + "/pods", podJson("nowhere", "100m", R"(,"nodeSelector":{"disk":"nvme"})"));
    // Another scheduler's pod is not ours.
    std::string theirs = podJson("theirs", "100m");
    theirs.replace(theirs.find("\"orrery\""), 8, "\"default-scheduler\"");
    client.post(std::string("/api/v1/namespaces/") + kNs + "/pods", theirs);

    const auto result = testing::runOrrery(scheduleArgs({"--policy", "first-fit", "--once", "--identity", "once"}), m_dir.path());
    QCOMPARE(result.exitCode, 1); // one pod could not be placed
    QVERIFY2(result.out.count("bound batch/") == 5, qPrintable(result.out + result.err));
    QVERIFY2(result.out.contains("Unschedulable batch/nowhere: 0/" + QString::number(nodes.items.size()) +
                                 " nodes are available: " + QString::number(nodes.items.size()) +
                                 " node(s) didn't match Pod's node affinity/selector."),
             qPrintable(result.out));
    QVERIFY(!result.out.contains("theirs"));

    auto pods = podsOf(client);
    QCOMPARE(pods.at("pinned").nodeName, only);
    QVERIFY(pods.at("nowhere").nodeName.empty());
    QVERIFY(pods.at("theirs").nodeName.empty());
    for (int i = 0; i < 4; ++i)
        QVERIFY(!pods.at("web-" + std::to_string(i)).nodeName.empty());
    // First-fit: the first node (in the served order) with room takes every 500m pod.
    QCOMPARE(pods.at("web-0").nodeName, pods.at("web-3").nodeName);

    // Bound pods start one control period later.
    QTRY_VERIFY_WITH_TIMEOUT(podsOf(client).at("web-0").phase == "Running", 20000);

    // Events as kube-scheduler writes them, where `kubectl describe pod` looks.
    const std::string events = client.get(std::string("/api/v1/namespaces/") + kNs + "/events");
    QVERIFY(events.find("\"reason\":\"Scheduled\"") != std::string::npos);
    QVERIFY(events.find("Successfully assigned batch/pinned to " + only) != std::string::npos);
    QVERIFY(events.find("\"reason\":\"FailedScheduling\"") != std::string::npos);

    // A second pass reports the pending pod again but writes no second FailedScheduling Event for
    // the same message (a new process: one Event per process and message).
    const auto again = testing::runOrrery(scheduleArgs({"--policy", "first-fit", "--once", "--identity", "once"}), m_dir.path());
    QCOMPARE(again.exitCode, 1);
    QVERIFY(!again.out.contains("bound "));
}

void TestScheduleCli::dryRunBindsNothing()
{
    live::KubeClient client(servedContext(m_url));
    client.post(std::string("/api/v1/namespaces/") + kNs + "/pods", podJson("dry", "100m"));
    const auto result = testing::runOrrery(scheduleArgs({"--policy", "random", "--once", "--dry-run", "--namespace", kNs}), m_dir.path());
    QVERIFY2(result.out.contains("would bind batch/dry -> "), qPrintable(result.out + result.err));
    QVERIFY(podsOf(client).at("dry").nodeName.empty());
    client.remove(std::string("/api/v1/namespaces/") + kNs + "/pods/dry", "{}");
}

void TestScheduleCli::oneLeaseOneBinder()
{
    QProcess first;
    QProcess second;
    QString firstErr;
    QString secondErr;
    for (auto [process, identity] : {std::pair{&first, "first"}, std::pair{&second, "second"}}) {
        process->setProcessEnvironment(testing::headlessEnvironment());
        process->start(ORRERY_EXECUTABLE, scheduleArgs({"--policy", "random", "--identity", identity, "--namespace", kNs,
                                                        "--lease-namespace", kNs, "--lease-name", "ab"}));
        QVERIFY(process->waitForStarted(10000));
        if (process == &first) { // the first takes the lease before the second starts
            QTRY_VERIFY_WITH_TIMEOUT((firstErr += QString::fromUtf8(first.readAllStandardError())).contains("holding lease"), 20000);
        }
    }
    live::KubeClient client(servedContext(m_url));
    for (int i = 0; i < 12; ++i)
        client.post(std::string("/api/v1/namespaces/") + kNs + "/pods", podJson("ha-" + std::to_string(i), "50m"));
    QTRY_VERIFY_WITH_TIMEOUT([&] {
        const auto pods = podsOf(client);
        for (int i = 0; i < 12; ++i) {
            if (pods.at("ha-" + std::to_string(i)).nodeName.empty())
                return false;
        }
        return true;
    }(), 30000);
    QTest::qWait(500);
    QString firstOut = QString::fromUtf8(first.readAllStandardOutput());
    QString secondOut = QString::fromUtf8(second.readAllStandardOutput());
    QCOMPARE(firstOut.count("bound batch/ha-"), 12);
    QCOMPARE(secondOut.count("bound "), 0);
    QVERIFY(!firstOut.contains("Conflict") && !secondOut.contains("Conflict"));

    // The holder stops (Ctrl-C) and releases the lease: the standby takes over and binds.
    first.terminate();
    QVERIFY(first.waitForFinished(15000));
    QCOMPARE(first.exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT((secondErr += QString::fromUtf8(second.readAllStandardError())).contains("holding lease"), 20000);
    client.post(std::string("/api/v1/namespaces/") + kNs + "/pods", podJson("ha-late", "50m"));
    QTRY_VERIFY_WITH_TIMEOUT((secondOut += QString::fromUtf8(second.readAllStandardOutput())).contains("bound batch/ha-late"), 20000);
    second.terminate();
    QVERIFY(second.waitForFinished(15000));
}

// A node tainted as `kubectl taint` does: a pod pinned to it that does not tolerate the taint stays
// pending with kube-scheduler's reason; one that tolerates it is bound there; untainted, the first
// is bound too.
void TestScheduleCli::taintsKeepPodsOff()
{
    live::KubeClient client(servedContext(m_url));
    const std::string node = client.listNodes().items.front().meta.name;
    const std::size_t nodes = client.listNodes().items.size();
    client.patch("/api/v1/nodes/" + node, R"({"spec":{"taints":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}]}})",
                 live::PatchType::Strategic, false);
    const std::string pinned = R"(,"nodeSelector":{"kubernetes.io/hostname":")" + node + R"("})";
    std::string blocked = podJson("blocked", "50m", pinned);
    std::string tolerant = podJson("tolerant", "50m", pinned + R"(,"tolerations":[{"key":"dedicated","operator":"Equal","value":"gpu","effect":"NoSchedule"}])");
    for (std::string* body : {&blocked, &tolerant})
        body->replace(body->find("\"batch\""), 7, "\"taints\"");
    client.post("/api/v1/namespaces/taints/pods", blocked);
    client.post("/api/v1/namespaces/taints/pods", tolerant);
    const QStringList args{"--policy", "first-fit", "--once", "--namespace", "taints", "--lease-name", "taints"};
    const auto first = testing::runOrrery(scheduleArgs(args), m_dir.path());
    QCOMPARE(first.exitCode, 1);
    QVERIFY2(first.out.contains(QString("Unschedulable taints/blocked: 0/%1 nodes are available: %2 node(s) didn't match Pod's node "
                                        "affinity/selector, 1 node(s) had untolerated taint {dedicated: gpu}.")
                                    .arg(nodes).arg(nodes - 1)),
             qPrintable(first.out));
    QVERIFY2(first.out.contains(QString::fromStdString("bound taints/tolerant -> " + node)), qPrintable(first.out));
    client.patch("/api/v1/nodes/" + node, R"({"spec":{"taints":null}})", live::PatchType::Strategic, false);
    const auto second = testing::runOrrery(scheduleArgs(args), m_dir.path());
    QCOMPARE(second.exitCode, 0);
    QVERIFY2(second.out.contains(QString::fromStdString("bound taints/blocked -> " + node)), qPrintable(second.out));
}

// The issue's "done when": Octopus (a trained decision tree) binds the served cluster's pending
// pods with the model `orrery train octopus` stored; without one it says how to get one.
void TestScheduleCli::octopusWithItsTrainedModel()
{
    const auto trained = testing::runOrrery({"train", "octopus", "--scenario", ORRERY_SOURCE_DIR "/resources/scenarios/octopus-small.yaml",
                                             "--project", "octopus.orrery"},
                                            m_dir.path());
    QVERIFY2(trained.exitCode == 0, qPrintable(trained.err));
    live::KubeClient client(servedContext(m_url));
    for (int i = 0; i < 3; ++i)
        client.post("/api/v1/namespaces/octo/pods", R"({"metadata":{"name":"o)" + std::to_string(i) +
                    R"("},"spec":{"schedulerName":"orrery","containers":[{"name":"c","image":"nginx","resources":{"requests":{"cpu":"500m","memory":"512Mi"}}}]}})");
    const auto untrained = testing::runOrrery(scheduleArgs({"--policy", "octopus", "--once", "--namespace", "octo"}), m_dir.path());
    QCOMPARE(untrained.exitCode, 1);
    QVERIFY2(untrained.err.contains("octopus needs a trained model"), qPrintable(untrained.err));
    const auto result = testing::runOrrery(scheduleArgs({"--policy", "octopus", "--models-from", "octopus.orrery", "--once",
                                                         "--namespace", "octo", "--lease-name", "octopus"}),
                                           m_dir.path());
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QCOMPARE(result.out.count("bound octo/o"), 3);
    for (const auto& pod : client.listPods("octo").items)
        QVERIFY(!pod.nodeName.empty());
    QCOMPARE(testing::runOrrery(scheduleArgs({"--policy", "octopus", "--models-from", "absent.orrery", "--once"}), m_dir.path()).exitCode, 2);
}

void TestScheduleCli::badPolicyExits2()
{
    const auto result = testing::runOrrery(scheduleArgs({"--policy", "hpa-vpa", "--once"}), m_dir.path());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("'hpa-vpa' is not a placement plugin"), qPrintable(result.err));
    QCOMPARE(testing::runOrrery(scheduleArgs({"--policy", "first-fit", "--rate", "fast"}), m_dir.path()).exitCode, 2);
}

QTEST_GUILESS_MAIN(TestScheduleCli)
#include "tst_schedule_cli.moc"
