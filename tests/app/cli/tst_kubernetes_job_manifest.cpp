// KubernetesJobManifest: the ConfigMap and the Indexed Job Orrery POSTs carry the batch/v1 and v1
// fields the API server validates, name-safe labels and prefixes, and the pod script that picks
// its cell by JOB_COMPLETION_INDEX.
#include "ops/kubernetes_job_manifest.h"

#include <QTest>

using orrery::app::KubernetesConfigFile;
using orrery::app::KubernetesJobManifest;
using orrery::app::KubernetesJobSettings;

namespace {

//! A JSON member as text: a string's value, anything else as JSON.
QString text(const nlohmann::json& value)
{
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
}

KubernetesJobSettings settings()
{
    KubernetesJobSettings s;
    s.experimentName = "Demo_AB sweep";
    s.nameSpace = "research";
    s.image = "registry.example/orrery:0.1";
    s.experimentPath = "e0/demo.yaml";
    s.files = {{"experiment.yaml", "e0/demo.yaml", "kind: Experiment\n"}, {"file1-scenarios-s-yaml.yaml", "scenarios/s.yaml", "kind: Scenario\n"}};
    s.cells = {"p0.a.s1.r0", "p0.b.s1.r0", "p0.a.s2.r0"};
    s.configMapName = "orrery-demo-ab-sweep-x7k2p";
    return s;
}

} // namespace

class TestKubernetesJobManifest : public QObject {
    Q_OBJECT

private slots:
    void jobHasTheBatchV1Fields()
    {
        const nlohmann::json job = KubernetesJobManifest(settings()).job();
        QCOMPARE(text(job["apiVersion"]), QString("batch/v1"));
        QCOMPARE(text(job["kind"]), QString("Job"));
        QCOMPARE(text(job["metadata"]["generateName"]), QString("orrery-demo-ab-sweep-"));
        QCOMPARE(text(job["metadata"]["namespace"]), QString("research"));
        QCOMPARE(text(job["metadata"]["labels"]["orrery.dev/experiment"]), QString("Demo_AB-sweep"));
        const nlohmann::json& spec = job["spec"];
        QCOMPARE(text(spec["completionMode"]), QString("Indexed"));
        QCOMPARE(text(spec["completions"]), QString("3"));
        QCOMPARE(text(spec["parallelism"]), QString("3"));
        QCOMPARE(text(spec["backoffLimit"]), QString("3"));
        QCOMPARE(text(spec["template"]["spec"]["restartPolicy"]), QString("Never"));
        QVERIFY(spec["template"]["spec"]["containers"].is_array());
        QCOMPARE(spec["template"]["spec"]["containers"].size(), std::size_t(1));
        const nlohmann::json& container = spec["template"]["spec"]["containers"][0];
        QCOMPARE(text(container["image"]), QString("registry.example/orrery:0.1"));
        QCOMPARE(text(container["command"][0]), QString("/bin/sh"));
        QCOMPARE(text(container["command"][1]), QString("-c"));
        QVERIFY(!container.contains("resources"));
        QCOMPARE(text(container["env"][1]["name"]), QString("ORRERY_EXPERIMENT"));
        QCOMPARE(text(container["env"][1]["value"]), QString("/config/e0/demo.yaml"));
        QCOMPARE(text(container["volumeMounts"][0]["mountPath"]), QString("/config"));
        const nlohmann::json& volume = spec["template"]["spec"]["volumes"][0];
        QCOMPARE(text(volume["configMap"]["name"]), QString("orrery-demo-ab-sweep-x7k2p"));
        QCOMPARE(volume["configMap"]["items"].size(), std::size_t(3));
        QCOMPARE(text(volume["configMap"]["items"][1]["path"]), QString("scenarios/s.yaml"));
        QCOMPARE(text(volume["configMap"]["items"][2]["key"]), QString("cells.txt"));
    }

    void parallelismAndRequests_data()
    {
        QTest::addColumn<int>("asked");
        QTest::addColumn<int>("expected");
        QTest::newRow("zero means every cell") << 0 << 3;
        QTest::newRow("fewer") << 2 << 2;
        QTest::newRow("more than cells") << 10 << 3;
    }

    void parallelismAndRequests()
    {
        QFETCH(int, asked);
        QFETCH(int, expected);
        KubernetesJobSettings s = settings();
        s.parallelism = static_cast<std::size_t>(asked);
        s.cpu = "500m";
        s.memory = "1Gi";
        const nlohmann::json job = KubernetesJobManifest(s).job();
        QCOMPARE(job["spec"]["parallelism"].get<int>(), expected);
        QCOMPARE(text(job["spec"]["template"]["spec"]["containers"][0]["resources"]["requests"]["cpu"]), QString("500m"));
        QCOMPARE(text(job["spec"]["template"]["spec"]["containers"][0]["resources"]["requests"]["memory"]), QString("1Gi"));
    }

    void configMapHoldsFilesAndCells()
    {
        const KubernetesJobManifest manifest(settings());
        const nlohmann::json map = manifest.configMap();
        QCOMPARE(text(map["apiVersion"]), QString("v1"));
        QCOMPARE(text(map["kind"]), QString("ConfigMap"));
        QCOMPARE(text(map["data"]["experiment.yaml"]), QString("kind: Experiment\n"));
        QCOMPARE(text(map["data"]["cells.txt"]), QString("p0.a.s1.r0\np0.b.s1.r0\np0.a.s2.r0\n"));
        QCOMPARE(text(map["metadata"]["labels"]["app.kubernetes.io/managed-by"]), QString("orrery"));
        // keys and values: 15 + 17, 27 + 15, 9 + 33
        QCOMPARE(manifest.configBytes(), std::size_t(116));
    }

    void podScriptPicksItsCell()
    {
        const std::string script = KubernetesJobManifest(settings()).podScript();
        QVERIFY(script.find("sed -n \"$((JOB_COMPLETION_INDEX + 1))p\" \"$ORRERY_CELLS\"") != std::string::npos);
        QVERIFY(script.find("cell run \"$ORRERY_EXPERIMENT\" --cell \"$CELL\"") != std::string::npos);
        QVERIFY(script.find("ORRERY-SHARD-BEGIN $CELL") != std::string::npos);
        QVERIFY(script.find("ORRERY-SHARD-END $CELL") != std::string::npos);
    }

    void names_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("label");
        QTest::addColumn<QString>("dns");
        QTest::newRow("plain") << "demo-ab" << "demo-ab" << "demo-ab";
        QTest::newRow("spaces and case") << "Demo AB" << "Demo-AB" << "demo-ab";
        QTest::newRow("edges trimmed") << "_x_" << "x" << "x-";
        QTest::newRow("long") << QString(70, 'a') << QString(63, 'a') << QString(40, 'a');
    }

    void names()
    {
        QFETCH(QString, text);
        QFETCH(QString, label);
        QFETCH(QString, dns);
        QCOMPARE(QString::fromStdString(KubernetesJobManifest::labelValue(text.toStdString())), label);
        QCOMPARE(QString::fromStdString(KubernetesJobManifest::dnsPrefix(text.toStdString(), 40)), dns);
    }
};

QTEST_GUILESS_MAIN(TestKubernetesJobManifest)
#include "tst_kubernetes_job_manifest.moc"
