// LiveEnvironment against a loopback API server: observations from a recorded Deployment,
// actions guarded (off by default, per context and namespace), previewed with dryRun=All,
// rate-limited, and written to the project's live_audit table.
#include "fake_http_server.h"

#include "live/kube_client.h"
#include "live/live_environment.h"
#include "live/token_bucket.h"
#include "store/live_audit.h"
#include "store/project.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::live;
using namespace orrery::testing;
using orrery::policy::ActionOutcome;
using orrery::policy::ControlAction;
using orrery::policy::ControlResource;

namespace {

//! deployment.json (icx/icx-db) as the single item of a DeploymentList.
QByteArray deploymentList()
{
    const QJsonObject deployment = QJsonDocument::fromJson(readFile(ORRERY_FIXTURE_DIR "/live/deployment.json")).object();
    return QJsonDocument(QJsonObject{{"kind", "DeploymentList"}, {"apiVersion", "apps/v1"},
                                     {"metadata", QJsonObject{{"resourceVersion", "7"}}},
                                     {"items", QJsonArray{deployment}}})
        .toJson(QJsonDocument::Compact);
}

} // namespace

class TestLiveEnvironment : public QObject {
    Q_OBJECT
private slots:
    void tokenBucket();
    void guardedActuationIsAudited();
    void patchBodies();
};

void TestLiveEnvironment::tokenBucket()
{
    TokenBucket bucket(2, 1.0);
    const auto t0 = TokenBucket::Clock::now();
    QVERIFY(bucket.tryTake(t0));
    QVERIFY(bucket.tryTake(t0));
    QVERIFY(!bucket.tryTake(t0));
    QVERIFY(!bucket.tryTake(t0 + std::chrono::milliseconds(500)));
    QVERIFY(bucket.tryTake(t0 + std::chrono::milliseconds(1100)));
    QVERIFY(bucket.tokens(t0 + std::chrono::seconds(100)) <= 2.0);
}

void TestLiveEnvironment::guardedActuationIsAudited()
{
    bool rejectDryRun = false;
    FakeHttpServer server([&](const RecordedRequest& request) {
        if (request.method == "GET")
            return ScriptedResponse{200, "application/json", deploymentList(), {}, false};
        if (rejectDryRun)
            return ScriptedResponse{422, "application/json",
                                    R"({"kind":"Status","status":"Failure","message":"Deployment.apps \"icx-db\" is invalid: spec.replicas: Invalid value: -1","code":422})",
                                    {}, false};
        return ScriptedResponse{200, "application/json", readFile(ORRERY_FIXTURE_DIR "/live/deployment.json"), {}, false};
    });
    ResolvedContext context;
    context.contextName = "kind-test";
    context.server = server.url().toStdString();
    context.bearerToken = "t0ken";
    KubeClient kube(context);
    QTemporaryDir dir;
    auto project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
    orrery::store::LiveAuditLog log(project.database());
    ActuationGuard guard(2, 0.001); // a burst of two actions, then practically none
    LiveEnvironment environment(kube, nullptr, guard,
                                [&](const ActuationRecord& record) {
                                    log.append({0, {}, record.context, record.nameSpace, record.target, record.actionJson,
                                                record.dryRun, toString(record.outcome), record.message});
                                },
                                LiveEnvironmentOptions{"icx", {}, "1m", std::chrono::milliseconds(0), false, {}, 0});

    const auto observation = environment.reset(1);
    QCOMPARE(observation.targets.size(), std::size_t(1));
    QCOMPARE(observation.targets[0].name, std::string("icx/icx-db"));
    QCOMPARE(observation.targets[0].limit[orrery::policy::indexOf(ControlResource::Cpu)], 0.25);
    QCOMPARE(observation.targets[0].limit[orrery::policy::indexOf(ControlResource::Memory)], 512.0 * 1024 * 1024);

    // Off by default: nothing is sent.
    const ControlAction scale = ControlAction::setReplicas("icx/icx-db", 3);
    auto result = environment.step(std::span(&scale, 1));
    QCOMPARE(result.outcomes.at(0).status, ActionOutcome::Status::Rejected);
    QVERIFY(QString::fromStdString(result.outcomes[0].reason).contains("actuation is off"));
    for (const auto& request : server.requests())
        QCOMPARE(request.method, QByteArray("GET"));

    guard.enable("kind-test", "icx");
    server.clearRequests();
    const std::vector<ControlAction> actions{scale, ControlAction::setLimit("icx/icx-db", ControlResource::Cpu, 0.5),
                                             ControlAction::setLimit("icx/icx-db", ControlResource::Memory, 1 << 30)};
    result = environment.step(actions);
    QCOMPARE(result.outcomes.at(0).status, ActionOutcome::Status::Applied);
    QCOMPARE(result.outcomes.at(1).status, ActionOutcome::Status::Applied);
    QCOMPARE(result.outcomes.at(2).status, ActionOutcome::Status::Rejected); // the rate limit
    QVERIFY(QString::fromStdString(result.outcomes[2].reason).contains("rate limit"));
    const auto requests = server.requests();
    QCOMPARE(requests.size(), 5); // dry run + apply, twice, then the observation's list
    QCOMPARE(requests[0].query.value("dryRun"), QByteArray("All"));
    QCOMPARE(requests[0].headers.value("content-type"), QByteArray("application/merge-patch+json"));
    QCOMPARE(requests[0].body, QByteArray(R"({"spec":{"replicas":3}})"));
    QVERIFY(!requests[1].query.contains("dryRun"));
    QCOMPARE(requests[2].headers.value("content-type"), QByteArray("application/strategic-merge-patch+json"));
    QCOMPARE(requests[2].body, QByteArray(R"({"spec":{"template":{"spec":{"containers":[{"name":"icx-db","resources":{"limits":{"cpu":"500m"}}}]}}}})"));
    QCOMPARE(requests[1].headers.value("authorization"), QByteArray("Bearer t0ken"));

    // A dry run the server refuses is never applied.
    ActuationGuard fresh;
    fresh.enable("kind-test", "icx");
    LiveEnvironment strict(kube, nullptr, fresh, [&](const ActuationRecord& record) {
        log.append({0, {}, record.context, record.nameSpace, record.target, record.actionJson, record.dryRun,
                    toString(record.outcome), record.message});
    }, LiveEnvironmentOptions{"icx", {"icx-db"}, "1m", std::chrono::milliseconds(0), false, {}, 0});
    strict.reset(1);
    rejectDryRun = true;
    server.clearRequests();
    result = strict.step(std::span(&scale, 1));
    QCOMPARE(result.outcomes.at(0).status, ActionOutcome::Status::Rejected);
    QVERIFY(QString::fromStdString(result.outcomes[0].reason).contains("spec.replicas: Invalid value"));
    QCOMPARE(server.requests().size(), 2); // the refused dry run and the observation

    const auto entries = log.recent();
    QStringList outcomes;
    for (auto it = entries.rbegin(); it != entries.rend(); ++it)
        outcomes << QString::fromStdString(it->outcome) + (it->dryRun ? "(dry)" : "");
    QCOMPARE(outcomes, QStringList({"rejected", "previewed(dry)", "applied", "previewed(dry)", "applied", "rejected",
                                    "rejected(dry)"}));
    QCOMPARE(entries.back().context, std::string("kind-test"));
    QCOMPARE(entries.back().target, std::string("icx/icx-db"));
    QVERIFY(QString::fromStdString(entries.back().actionJson).contains("\"SetReplicas\""));
    for (const auto& entry : entries)
        QVERIFY(entry.message.find("t0ken") == std::string::npos); // credentials never written
}

void TestLiveEnvironment::patchBodies()
{
    QCOMPARE(LiveEnvironment::patchBody(ControlAction::setLimit("a/b", ControlResource::Memory, 268435456.0), "app"),
             std::string(R"({"spec":{"template":{"spec":{"containers":[{"name":"app","resources":{"limits":{"memory":"256Mi"}}}]}}}})"));
    QCOMPARE(LiveEnvironment::patchBody(ControlAction::setLimit("a/b", ControlResource::Cpu, 2.0), "app"),
             std::string(R"({"spec":{"template":{"spec":{"containers":[{"name":"app","resources":{"limits":{"cpu":"2"}}}]}}}})"));
}

QTEST_GUILESS_MAIN(TestLiveEnvironment)
#include "tst_live_environment.moc"
