// kube-scheduler's filters as `orrery schedule` applies them (live/scheduling_filters.h): taints
// and tolerations, nodeSelector and required node affinity, resources and pod count, their
// FailedScheduling message; the pod's scheduling fields as parsed from real API JSON; and
// LiveSchedulingState showing a policy only the nodes that pass, with placements held.
#include "live/kube_object_parser.h"
#include "live/live_placement.h"
#include "live/scheduling_filters.h"

#include <QtTest>

using namespace orrery;
using live::KubeNode;
using live::KubePod;

namespace {

KubeNode node(const std::string& name, const std::string& cpu, const std::string& memory, const std::string& extra = "",
              const std::string& labels = "{}", const std::string& gpus = "")
{
    const std::string gpu = gpus.empty() ? "" : ", \"nvidia.com/gpu\": \"" + gpus + "\"";
    return live::KubeObjectParser::node(
        R"({"kind":"Node","metadata":{"name":")" + name + R"(","labels":)" + labels + R"(},"spec":{)" + extra +
        R"(},"status":{"capacity":{"cpu":")" + cpu + R"(","memory":")" + memory + R"(","pods":"110")" + gpu +
        R"(},"allocatable":{"cpu":")" + cpu + R"(","memory":")" + memory + R"(","pods":"110")" + gpu +
        R"(},"conditions":[{"type":"Ready","status":"True"}]}})");
}

KubePod pod(const std::string& cpu, const std::string& specExtra = "", const std::string& gpu = "")
{
    const std::string gpuRequest = gpu.empty() ? "" : ", \"nvidia.com/gpu\": \"" + gpu + "\"";
    return live::KubeObjectParser::pod(
        R"({"kind":"Pod","metadata":{"name":"p","namespace":"default","uid":"u-1","creationTimestamp":"2026-11-28T21:00:00Z"},)"
        R"("spec":{"schedulerName":"orrery","containers":[{"name":"c","image":"nginx","resources":{"requests":{"cpu":")" + cpu +
        R"(","memory":"1Gi")" + gpuRequest + R"(}}}])" + specExtra + R"(},"status":{"phase":"Pending"}})");
}

//! Places on the view's first node, and remembers what it was shown.
class FirstNodePolicy final : public policy::PlacementPolicy {
public:
    policy::PlacementDecision place(const policy::PendingUnit&, const policy::ClusterView& view) override
    {
        shown.clear();
        for (std::uint32_t i = 0; i < view.nodeCount(); ++i)
            shown.push_back(view.poolOf(i).name);
        return view.nodeCount() ? policy::PlacementDecision::onNode(0) : policy::PlacementDecision::defer();
    }
    std::vector<std::string> shown;
};

} // namespace

class TestSchedulingFilters : public QObject {
    Q_OBJECT

private slots:
    void parsesTheSchedulingFields()
    {
        const KubePod parsed = pod("500m",
            R"(,"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"dedicated","operator":"Equal","value":"gpu","effect":"NoSchedule"},)"
            R"({"operator":"Exists"}],"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[)"
            R"({"matchExpressions":[{"key":"zone","operator":"In","values":["a","b"]}],"matchFields":[{"key":"metadata.name","operator":"NotIn","values":["n9"]}]}]}}})");
        QCOMPARE(parsed.scheduling.schedulerName, std::string("orrery"));
        QCOMPARE(parsed.scheduling.nodeSelector.at("disk"), std::string("ssd"));
        QCOMPARE(parsed.scheduling.tolerations.size(), std::size_t(2));
        QCOMPARE(parsed.scheduling.tolerations[0].value, std::string("gpu"));
        QCOMPARE(parsed.scheduling.tolerations[1].op, std::string("Exists"));
        QCOMPARE(parsed.scheduling.requiredNodeAffinity.size(), std::size_t(1));
        QCOMPARE(parsed.scheduling.requiredNodeAffinity[0].matchExpressions[0].values.size(), std::size_t(2));
        QCOMPARE(parsed.scheduling.requiredNodeAffinity[0].matchFields[0].op, std::string("NotIn"));
        // No schedulerName: Kubernetes' default scheduler's.
        const KubePod plain = live::KubeObjectParser::pod(R"({"kind":"Pod","metadata":{"name":"q"},"spec":{"containers":[]}})");
        QCOMPARE(plain.scheduling.schedulerName, std::string("default-scheduler"));
    }

    void taintsKeepOffWhatDoesNotTolerate()
    {
        const KubeNode tainted = node("n1", "4", "8Gi", R"("taints":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}])");
        const auto reasons = live::unfitReasons(tainted, {}, pod("1"));
        QCOMPARE(reasons, std::vector<std::string>{"node(s) had untolerated taint {dedicated: gpu}"});
        QVERIFY(live::unfitReasons(tainted, {}, pod("1", R"(,"tolerations":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}])")).empty());
        QVERIFY(live::unfitReasons(tainted, {}, pod("1", R"(,"tolerations":[{"key":"dedicated","operator":"Exists"}])")).empty());
        QVERIFY(live::unfitReasons(tainted, {}, pod("1", R"(,"tolerations":[{"operator":"Exists"}])")).empty());
        QVERIFY(!live::unfitReasons(tainted, {}, pod("1", R"(,"tolerations":[{"key":"dedicated","value":"cpu"}])")).empty());
        QVERIFY(!live::unfitReasons(tainted, {}, pod("1", R"(,"tolerations":[{"key":"dedicated","operator":"Exists","effect":"NoExecute"}])")).empty());
        // PreferNoSchedule only scores; it never filters.
        const KubeNode soft = node("n2", "4", "8Gi", R"("taints":[{"key":"spot","value":"yes","effect":"PreferNoSchedule"}])");
        QVERIFY(live::unfitReasons(soft, {}, pod("1")).empty());
        const KubeNode cordoned = node("n3", "4", "8Gi", R"("unschedulable":true)");
        QCOMPARE(live::unfitReasons(cordoned, {}, pod("1")), std::vector<std::string>{"node(s) were unschedulable"});
    }

    void affinityAndSelectorMustHold_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<bool>("fits");
        const auto term = [](const char* expressions) {
            return QString(R"(,"affinity":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[%1]}}})")
                .arg(expressions);
        };
        QTest::newRow("selector matches") << R"(,"nodeSelector":{"disk":"ssd"})" << true;
        QTest::newRow("selector value differs") << R"(,"nodeSelector":{"disk":"hdd"})" << false;
        QTest::newRow("selector key missing") << R"(,"nodeSelector":{"gpu":"a100"})" << false;
        QTest::newRow("In") << term(R"({"matchExpressions":[{"key":"zone","operator":"In","values":["b","a"]}]})") << true;
        QTest::newRow("NotIn") << term(R"({"matchExpressions":[{"key":"zone","operator":"NotIn","values":["a"]}]})") << false;
        QTest::newRow("Exists") << term(R"({"matchExpressions":[{"key":"disk","operator":"Exists"}]})") << true;
        QTest::newRow("DoesNotExist") << term(R"({"matchExpressions":[{"key":"disk","operator":"DoesNotExist"}]})") << false;
        QTest::newRow("Gt") << term(R"({"matchExpressions":[{"key":"cores","operator":"Gt","values":["31"]}]})") << true;
        QTest::newRow("Lt") << term(R"({"matchExpressions":[{"key":"cores","operator":"Lt","values":["32"]}]})") << false;
        QTest::newRow("second term holds") << term(R"({"matchExpressions":[{"key":"zone","operator":"In","values":["z"]}]},)"
                                                   R"({"matchExpressions":[{"key":"disk","operator":"In","values":["ssd"]}]})") << true;
        QTest::newRow("all of a term") << term(R"({"matchExpressions":[{"key":"zone","operator":"In","values":["a"]},)"
                                               R"({"key":"disk","operator":"In","values":["hdd"]}]})") << false;
        QTest::newRow("matchFields name") << term(R"({"matchFields":[{"key":"metadata.name","operator":"In","values":["n1"]}]})") << true;
        QTest::newRow("empty term") << term(R"({})") << false;
    }

    void affinityAndSelectorMustHold()
    {
        QFETCH(QString, spec);
        QFETCH(bool, fits);
        const KubeNode labelled = node("n1", "4", "8Gi", "", R"({"disk":"ssd","zone":"a","cores":"32"})");
        const auto reasons = live::unfitReasons(labelled, {}, pod("1", spec.toStdString()));
        QCOMPARE(reasons.empty(), fits);
        if (!fits)
            QCOMPARE(reasons, std::vector<std::string>{"node(s) didn't match Pod's node affinity/selector"});
    }

    void resourcesAndPodCount()
    {
        const KubeNode small = node("n1", "2", "4Gi", "", "{}", "1");
        live::NodeUsage usage;
        usage.requested.millicores = 1500;
        usage.requested.memoryBytes = 3LL << 30;
        QCOMPARE(live::unfitReasons(small, usage, pod("600m")), std::vector<std::string>{"Insufficient cpu"});
        QVERIFY(live::unfitReasons(small, usage, pod("500m")).empty());
        usage.requested.memoryBytes = 3LL * (1LL << 30) + 1;
        QCOMPARE(live::unfitReasons(small, usage, pod("600m")), (std::vector<std::string>{"Insufficient cpu", "Insufficient memory"}));
        QCOMPARE(live::unfitReasons(small, {}, pod("1", "", "2")), std::vector<std::string>{"Insufficient nvidia.com/gpu"});
        QVERIFY(live::unfitReasons(small, {}, pod("1", "", "1")).empty());
        live::NodeUsage full;
        full.pods = 110;
        QCOMPARE(live::unfitReasons(small, full, pod("1m")), std::vector<std::string>{"Too many pods"});
    }

    void messageCountsReasonsMostFirst()
    {
        QCOMPARE(live::unschedulableMessage(5, {{"Insufficient cpu", 1}, {"node(s) had untolerated taint {a: b}", 3}}),
                 std::string("0/5 nodes are available: 3 node(s) had untolerated taint {a: b}, 1 Insufficient cpu."));
        QCOMPARE(live::unschedulableMessage(0, {}), std::string("0/0 nodes are available."));
    }

    void thePolicySeesOnlyNodesThatPass()
    {
        std::vector<KubeNode> nodes{node("tainted", "8", "16Gi", R"("taints":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}])"),
                                    node("busy", "2", "16Gi"), node("free", "2", "16Gi")};
        KubePod running = pod("1500m");
        running.nodeName = "busy";
        running.phase = "Running";
        KubePod finished = pod("2");
        finished.nodeName = "free";
        finished.phase = "Succeeded"; // holds nothing any more
        live::LiveSchedulingState state(nodes, {running, finished});
        FirstNodePolicy policy;
        const live::LivePlacement first = state.place(pod("1"), policy);
        QCOMPARE(first.node, std::string("free"));
        QCOMPARE(policy.shown, std::vector<std::string>{"free"});
        QCOMPARE(first.feasibleNodes, std::size_t(1));
        QCOMPARE(state.usage("free").requested.millicores, std::int64_t(1000));

        // The first placement is held: the next pod of 1.5 cores fits nowhere.
        const live::LivePlacement second = state.place(pod("1500m"), policy);
        QVERIFY(second.node.empty());
        QCOMPARE(second.reason, std::string("Unschedulable"));
        QCOMPARE(second.message, std::string("0/3 nodes are available: 2 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}."));

        // A policy that defers leaves the pod pending, with the reason.
        class Defer final : public policy::PlacementPolicy {
        public:
            policy::PlacementDecision place(const policy::PendingUnit&, const policy::ClusterView&) override { return policy::PlacementDecision::defer(); }
        } defer;
        const live::LivePlacement deferred = state.place(pod("100m"), defer);
        QCOMPARE(deferred.reason, std::string("PolicyDeferred"));
    }
};

QTEST_GUILESS_MAIN(TestSchedulingFilters)
#include "tst_scheduling_filters.moc"
