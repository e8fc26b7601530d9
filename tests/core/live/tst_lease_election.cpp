// LeaseElection (live/lease_election.h) against a loopback server that keeps one
// coordination.k8s.io/v1 Lease as the API server does (resourceVersion checked on PUT, 409 on a
// stale one, 404 until created): create when absent, wait while another holder renews, take over
// once it has not renewed for the lease's duration on this instance's clock, lose a race with a
// 409 and never think itself leader, and release so a standby takes over at once.
#include "fake_http_server.h"

#include "live/lease_election.h"
#include "live/live_error.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QTest>

using namespace orrery::live;
using orrery::testing::FakeHttpServer;
using orrery::testing::RecordedRequest;
using orrery::testing::ScriptedResponse;
using Clock = std::chrono::steady_clock;

namespace {

const QByteArray kPath = "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/orrery";

//! The one Lease, stored as the API server stores it.
struct LeaseServer {
    QMutex mutex;
    QJsonObject lease; //!< empty: absent
    int version = 100;
    bool conflictNextPut = false; //!< someone else wrote between this client's GET and PUT

    ScriptedResponse status(int code, const char* reason, const QString& message)
    {
        const QJsonObject body{{"kind", "Status"}, {"apiVersion", "v1"}, {"status", "Failure"},
                               {"message", message}, {"reason", reason}, {"code", code}};
        return {code, "application/json", QJsonDocument(body).toJson(QJsonDocument::Compact), {}, false};
    }

    ScriptedResponse answer(const RecordedRequest& request)
    {
        const QMutexLocker lock(&mutex);
        const auto stored = [&] { return ScriptedResponse{200, "application/json", QJsonDocument(lease).toJson(QJsonDocument::Compact), {}, false}; };
        if (request.method == "GET" && request.path == kPath)
            return lease.isEmpty() ? status(404, "NotFound", R"(leases.coordination.k8s.io "orrery" not found)") : stored();
        if (request.method == "POST" && request.path == "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases") {
            if (!lease.isEmpty())
                return status(409, "AlreadyExists", R"(leases.coordination.k8s.io "orrery" already exists)");
            store(QJsonDocument::fromJson(request.body).object());
            ScriptedResponse created = stored();
            created.status = 201;
            return created;
        }
        if (request.method == "PUT" && request.path == kPath) {
            const QJsonObject body = QJsonDocument::fromJson(request.body).object();
            const QString sent = body["metadata"].toObject()["resourceVersion"].toString();
            if (lease.isEmpty())
                return status(404, "NotFound", R"(leases.coordination.k8s.io "orrery" not found)");
            if (conflictNextPut || sent != lease["metadata"].toObject()["resourceVersion"].toString()) {
                conflictNextPut = false;
                return status(409, "Conflict", R"(Operation cannot be fulfilled on leases.coordination.k8s.io "orrery": the object has been modified; please apply your changes to the latest version and try again)");
            }
            store(body);
            return stored();
        }
        return status(404, "NotFound", "unexpected " + QString::fromUtf8(request.method + " " + request.path));
    }

    void store(QJsonObject object)
    {
        QJsonObject metadata = object["metadata"].toObject();
        metadata["resourceVersion"] = QString::number(++version);
        metadata["uid"] = "0c3f7e1a-5b2d-4f6e-9a8b-7c6d5e4f3a2b";
        object["metadata"] = metadata;
        lease = object;
    }

    QString holder()
    {
        const QMutexLocker lock(&mutex);
        return lease["spec"].toObject()["holderIdentity"].toString();
    }
};

ResolvedContext contextFor(const FakeHttpServer& server)
{
    ResolvedContext context;
    context.contextName = "test";
    context.server = server.url().toStdString();
    return context;
}

} // namespace

class TestLeaseElection : public QObject {
    Q_OBJECT
private slots:
    void oneHolderAtATime()
    {
        LeaseServer state;
        FakeHttpServer server([&](const RecordedRequest& request) { return state.answer(request); });
        KubeClient clientA(contextFor(server));
        KubeClient clientB(contextFor(server));
        LeaseElection a(clientA, "kube-system", "orrery", "a", 15);
        LeaseElection b(clientB, "kube-system", "orrery", "b", 15);
        const Clock::time_point t0 = Clock::now();

        QVERIFY(a.tryAcquireOrRenew(t0)); // absent: created, held by a
        QCOMPARE(state.holder(), QStringLiteral("a"));
        QVERIFY(!b.tryAcquireOrRenew(t0)); // held and fresh
        QVERIFY(a.tryAcquireOrRenew(t0 + std::chrono::seconds(5))); // renewed
        // b saw a renewal at 5 s (its own clock), so 14 s later a still holds it.
        QVERIFY(!b.tryAcquireOrRenew(t0 + std::chrono::seconds(5)));
        QVERIFY(!b.tryAcquireOrRenew(t0 + std::chrono::seconds(19)));
        QCOMPARE(state.holder(), QStringLiteral("a"));
        // a stops renewing: 15 s after b last saw a change, b takes over (leaseTransitions + 1).
        QVERIFY(b.tryAcquireOrRenew(t0 + std::chrono::seconds(21)));
        QCOMPARE(state.holder(), QStringLiteral("b"));
        QCOMPARE(state.lease["spec"].toObject()["leaseTransitions"].toInt(), 1);
        // a comes back: it sees b's record as new and waits a whole duration.
        QVERIFY(!a.tryAcquireOrRenew(t0 + std::chrono::seconds(22)));
        QVERIFY(!a.isLeader());

        // A race: another writer between b's GET and PUT — b gets 409 and is not leader.
        state.conflictNextPut = true;
        QVERIFY(!b.tryAcquireOrRenew(t0 + std::chrono::seconds(23)));
        QVERIFY(!b.isLeader());
        QVERIFY(b.tryAcquireOrRenew(t0 + std::chrono::seconds(24))); // the next round renews

        // Release: the holder empties it, and a takes it at once.
        b.release();
        QCOMPARE(state.holder(), QString());
        QVERIFY(a.tryAcquireOrRenew(t0 + std::chrono::seconds(25)));
        QCOMPARE(state.holder(), QStringLiteral("a"));
    }

    void leaseJsonRoundTrips()
    {
        LeaseServer state;
        FakeHttpServer server([&](const RecordedRequest& request) { return state.answer(request); });
        KubeClient client(contextFor(server));
        LeaseElection election(client, "kube-system", "orrery", "me", 30);
        LeaseRecord record{"me", 30, "2026-11-28T21:00:00.000000Z", "2026-11-28T21:00:05.123456Z", 3, "77"};
        const LeaseRecord back = LeaseElection::parseLease(election.leaseJson(record));
        QCOMPARE(back.holder, record.holder);
        QCOMPARE(back.durationSeconds, 30);
        QCOMPARE(back.renewTime, record.renewTime);
        QCOMPARE(back.transitions, 3);
        QCOMPARE(back.resourceVersion, std::string("77"));
        QVERIFY_THROWS_EXCEPTION(LiveError, LeaseElection::parseLease(R"({"kind":"Pod"})"));
        QVERIFY_THROWS_EXCEPTION(LiveError, LeaseElection::parseLease("not json"));
        const std::string now = LeaseElection::microTimeNow();
        QCOMPARE(now.size(), std::size_t(27)); // 2026-11-28T21:00:05.123456Z
        QCOMPARE(now.back(), 'Z');
    }
};

QTEST_GUILESS_MAIN(TestLeaseElection)
#include "tst_lease_election.moc"
