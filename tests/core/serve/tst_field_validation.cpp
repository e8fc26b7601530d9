// Unknown fields in what clients write to a served cluster (serve/field_validation.h), as
// kube-apiserver's decoder treats them under `fieldValidation`: Strict refuses with the strict
// decoding error naming every unknown field in the body's order ("spec.containers[0].imagee"),
// Warn (the default) stores the object without them and says so in a Warning header each, Ignore
// drops them silently; free-keyed maps (labels, resources.limits) and raw fields take anything.
#include "serve/field_validation.h"
#include "serve/serve_api.h"
#include "serve/served_cluster.h"
#include "serve_test_support.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <stdexcept>

using namespace orrery;
using nlohmann::json;
using serve::FieldValidation;
using serve::KnownFields;
using serve::ServeApi;
using serve::ServeRequest;
using serve::ServeResponse;

namespace {

const std::string kPods = "/api/v1/namespaces/batch/pods";

ServeRequest post(std::string path, std::string body, std::map<std::string, std::string> query = {})
{
    return {"POST", std::move(path), std::move(query), "application/json", std::move(body), {}};
}

//! A pod every field of which the API knows, with `extra` merged in.
std::string pod(const std::string& name, const json& extra = json::object())
{
    json pod = json::parse("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\n        \"metadata\":{\"name\":\"\",\"labels\":{\"app\":\"web\",\"any/key\":\"x\"},\"annotations\":{\"a\":\"b\"},\n                    \"managedFields\":[{\"manager\":\"kubectl\",\"fieldsV1\":{\"f:spec\":{\"f:containers\":{}}}}]},\n        \"spec\":{\"schedulerName\":\"orrery\",\"nodeSelector\":{\"disk\":\"ssd\"},\n                \"containers\":[{\"name\":\"c\",\"image\":\"busybox\",\"resources\":{\"requests\":{\"cpu\":\"250m\",\"nvidia.com/gpu\":\"1\"}},\n                               \"ports\":[{\"containerPort\":80}],\"env\":[{\"name\":\"A\",\"valueFrom\":{\"fieldRef\":{\"fieldPath\":\"x\"}}}]}],\n                \"tolerations\":[{\"key\":\"k\",\"operator\":\"Exists\",\"effect\":\"NoSchedule\"}],\n                \"affinity\":{\"nodeAffinity\":{\"requiredDuringSchedulingIgnoredDuringExecution\":{\"nodeSelectorTerms\":[\n                    {\"matchExpressions\":[{\"key\":\"zone\",\"operator\":\"In\",\"values\":[\"a\"]}]}]}}}}}");
    pod["metadata"]["name"] = name;
    pod.merge_patch(extra);
    return pod.dump();
}

} // namespace

class TestFieldValidation : public QObject {
    Q_OBJECT
private slots:
    void directives_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("mode"); // -1: refused
        QTest::newRow("default") << QString() << int(FieldValidation::Warn);
        QTest::newRow("Warn") << QStringLiteral("Warn") << int(FieldValidation::Warn);
        QTest::newRow("Strict") << QStringLiteral("Strict") << int(FieldValidation::Strict);
        QTest::newRow("Ignore") << QStringLiteral("Ignore") << int(FieldValidation::Ignore);
        QTest::newRow("lower case") << QStringLiteral("strict") << -1;
        QTest::newRow("other") << QStringLiteral("Loose") << -1;
    }
    void directives()
    {
        QFETCH(QString, value);
        QFETCH(int, mode);
        const auto parsed = serve::fieldValidationOf(value.toStdString());
        QCOMPARE(parsed ? int(*parsed) : -1, mode);
    }

    void everyKnownFieldPasses()
    {
        const KnownFields& fields = KnownFields::builtIn();
        for (const char* kind : {"v1/Pod", "v1/Binding", "v1/Event", "coordination.k8s.io/v1/Lease"})
            QVERIFY2(fields.knows(kind), kind);
        QVERIFY(!fields.knows("apps/v1/Deployment"));
        QVERIFY(fields.unknownFields("v1/Pod", pod("web")).empty());
        QVERIFY(fields.unknownFields("apps/v1/Deployment", "{\"spec\":{\"anything\":1}}").empty());
        QVERIFY(fields.unknownFields("v1/Pod", "{not json").empty()); // the decoder's own error comes later
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, KnownFields("{\"no kinds\": 1}"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, KnownFields("not json"));
    }

    void unknownFieldsAreNamedAsTheStrictDecoderNamesThem()
    {
        const KnownFields& fields = KnownFields::builtIn();
        // In the body's order, lists indexed, nested anywhere; maps with free keys take anything.
        const std::string body = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"zeta\":1,\n            \"metadata\":{\"name\":\"w\",\"labels\":{\"imagee\":\"x\"},\"nmae\":\"w\"},\n            \"spec\":{\"containers\":[{\"name\":\"a\",\"image\":\"i\"},{\"name\":\"b\",\"imagee\":\"i\",\"resources\":{\"limits\":{\"foo\":\"1\"},\"limitz\":{}}}],\n                    \"alpha\":{\"deep\":true},\"affinity\":{\"nodeAffinity\":{\"requiredDuringSchedulingIgnoredDuringExecution\":\n                    {\"nodeSelectorTerms\":[{\"matchExpresions\":[]}]}}}}}";
        const std::vector<std::string> expected{"zeta",
                                                "metadata.nmae",
                                                "spec.containers[1].imagee",
                                                "spec.containers[1].resources.limitz",
                                                "spec.alpha",
                                                "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpresions"};
        QCOMPARE(fields.unknownFields("v1/Pod", body), expected);

        json object = json::parse(body);
        fields.dropUnknownFields("v1/Pod", object);
        QVERIFY(!object.contains("zeta"));
        QVERIFY(!object["metadata"].contains("nmae"));
        QCOMPARE(object["metadata"]["labels"]["imagee"].dump(), json("x").dump()); // a label, not a field
        QVERIFY(!object["spec"]["containers"][1].contains("imagee"));
        QCOMPARE(object["spec"]["containers"][1]["resources"]["limits"]["foo"].dump(), json("1").dump());
        QVERIFY(fields.unknownFields("v1/Pod", object.dump()).empty());
    }

    void messagesAreTheApiServers()
    {
        QCOMPARE(serve::strictDecodingMessage("Pod", "v1", {"spec.foo", "spec.containers[0].imagee"}),
                 std::string("Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: unknown field \"spec.foo\", unknown field \"spec.containers[0].imagee\""));
        QCOMPARE(serve::unknownFieldWarning("spec.foo"), std::string("299 - \"unknown field \\\"spec.foo\\\"\""));
    }

    void servedWritesFollowTheDirective()
    {
        auto served = std::make_unique<serve::ServedCluster>(testing::socialNetworkScenario(), serve::ServeOptions{});
        ServeApi api(*served);
        const std::string typo = pod("strict", {{"spec", {{"containers", json::array({{{"name", "c"}, {"image", "busybox"}, {"imagee", "x"}}})}, {"nodeSelecter", {{"a", "b"}}}}}});

        // Strict: nothing created, 400 naming both.
        const ServeResponse strict = api.handle(post(kPods, typo, {{"fieldValidation", "Strict"}}));
        QCOMPARE(strict.code, 400);
        const json status = json::parse(strict.body);
        QCOMPARE(status["reason"].dump(), json("BadRequest").dump());
        QCOMPARE(status["message"].get<std::string>(),
                 std::string("Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: unknown field \"spec.containers[0].imagee\", unknown field \"spec.nodeSelecter\""));
        QCOMPARE(api.handle({"GET", kPods + "/strict", {}, "", "", ""}).code, 404);
        QVERIFY(api.handle(post(kPods, pod("clean"), {{"fieldValidation", "Strict"}})).code == 201);

        // Warn (and the default): created without them, a Warning each.
        for (const std::string directive : {"Warn", ""}) {
            std::map<std::string, std::string> query;
            if (!directive.empty())
                query["fieldValidation"] = directive;
            const std::string name = directive.empty() ? "default" : "warn";
            json withName = json::parse(typo);
            withName["metadata"]["name"] = name;
            const ServeResponse warned = api.handle(post(kPods, withName.dump(), query));
            QCOMPARE(warned.code, 201);
            QCOMPARE(warned.warnings, (std::vector<std::string>{"299 - \"unknown field \\\"spec.containers[0].imagee\\\"\"",
                                                                "299 - \"unknown field \\\"spec.nodeSelecter\\\"\""}));
            const json stored = json::parse(api.handle({"GET", kPods + "/" + name, {}, "", "", ""}).body);
            QVERIFY(!stored["spec"].contains("nodeSelecter"));
            QVERIFY(!stored["spec"]["containers"][0].contains("imagee"));
            QCOMPARE(stored["spec"]["containers"][0]["image"].dump(), json("busybox").dump());
        }

        // Ignore: created without them, silently.
        json ignored = json::parse(typo);
        ignored["metadata"]["name"] = "ignored";
        const ServeResponse quiet = api.handle(post(kPods, ignored.dump(), {{"fieldValidation", "Ignore"}}));
        QCOMPARE(quiet.code, 201);
        QVERIFY(quiet.warnings.empty());

        // A directive the API server does not know.
        const ServeResponse bad = api.handle(post(kPods, pod("bad"), {{"fieldValidation", "strict"}}));
        QCOMPARE(bad.code, 422);
        QVERIFY2(json::parse(bad.body)["message"].get<std::string>().find("fieldValidation: Unsupported value: \"strict\"") != std::string::npos, bad.body.c_str());

        // Bindings, Events and Leases are checked too.
        QCOMPARE(api.handle(post(kPods + "/clean/binding", "{\"metadata\":{\"name\":\"clean\"},\"target\":{\"name\":\"node-0\"},\"targt\":{}}",
                                 {{"fieldValidation", "Strict"}})).code, 400);
        QCOMPARE(api.handle(post("/api/v1/namespaces/batch/events",
                                 "{\"metadata\":{\"name\":\"e\"},\"involvedObject\":{\"kind\":\"Pod\",\"name\":\"clean\"},\"reason\":\"R\",\"resaon\":\"x\"}",
                                 {{"fieldValidation", "Strict"}})).code, 400);
        QCOMPARE(api.handle(post("/apis/coordination.k8s.io/v1/namespaces/kube-system/leases",
                                 "{\"metadata\":{\"name\":\"l\"},\"spec\":{\"holderIdentity\":\"a\",\"leaseDurationSecond\":15}}",
                                 {{"fieldValidation", "Strict"}})).code, 400);
    }
};

QTEST_GUILESS_MAIN(TestFieldValidation)
#include "tst_field_validation.moc"
