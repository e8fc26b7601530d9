// KubernetesLogShard: the shard a pod prints between markers is decoded byte for byte; a log cut
// inside it, a wrong size, bad base64 or another cell's shard are told apart from a log that has
// none (whose last `error:` line becomes the message).
#include "ops/kubernetes_log_shard.h"
#include "fuzz_replay.h"
#include "kube_log_shard_invariant.h"

#include <QTest>

using orrery::app::KubernetesLogShard;
using Status = KubernetesLogShard::Status;
Q_DECLARE_METATYPE(KubernetesLogShard::Status)

class TestKubernetesLogShard : public QObject {
    Q_OBJECT

private slots:
    // Every kept crash input and seed of the kube_log_shard harness, through its invariant.
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "kube_log_shard"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string problem = orrery::fuzz::kubeLogShardProblem(orrery::fuzz::readReplayFile(file));
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("one byte") << QByteArray("\x00", 1);
        QTest::newRow("binary 1000") << [] {
            QByteArray b;
            for (int i = 0; i < 1000; ++i)
                b += char(i * 37);
            return b;
        }();
    }

    void roundTrip()
    {
        QFETCH(QByteArray, bytes);
        const std::string raw(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        const std::string log = "orrery: loading plugins\n" + KubernetesLogShard::encode("p0.a.s1.r0", raw) + "bye\n";
        const KubernetesLogShard shard = KubernetesLogShard::decode(log, "p0.a.s1.r0");
        QCOMPARE(shard.status, Status::Found);
        QCOMPARE(QString::fromStdString(shard.cell), QString("p0.a.s1.r0"));
        QVERIFY(shard.bytes == raw);
        // CRLF line ends (a log viewed through another tool) decode the same.
        std::string crlf;
        for (const char c : log)
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        QVERIFY(KubernetesLogShard::decode(crlf, "p0.a.s1.r0").bytes == raw);
    }

    void problems_data()
    {
        const std::string good = KubernetesLogShard::encode("c1", "hello shard");
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<Status>("status");
        QTest::addColumn<QString>("message");
        QTest::newRow("no shard, error line") << "starting\nerror: plugin 'x' not found\nmore\n" << "c1" << Status::Missing
                                             << "error: plugin 'x' not found";
        QTest::newRow("no shard at all") << "" << "c1" << Status::Missing << "the pod's log holds no shard";
        QTest::newRow("cut") << QString::fromStdString(good.substr(0, good.size() - 20)) << "c1" << Status::Truncated
                             << "the log ends inside the shard of c1";
        QTest::newRow("other cell") << QString::fromStdString(good) << "c2" << Status::Corrupt << "not of c2";
        QTest::newRow("size mismatch") << "ORRERY-SHARD-BEGIN c1 5\naGVsbG8gc2hhcmQ=\nORRERY-SHARD-END c1\n" << "c1" << Status::Corrupt
                                       << "has 11 bytes, its marker says 5";
        QTest::newRow("bad base64") << "ORRERY-SHARD-BEGIN c1 3\n*#!\nORRERY-SHARD-END c1\n" << "c1" << Status::Corrupt
                                    << "not valid base64";
        QTest::newRow("mismatched end") << "ORRERY-SHARD-BEGIN c1 0\nORRERY-SHARD-END c9\n" << "c1" << Status::Corrupt << "ends with";
        QTest::newRow("bad size") << "ORRERY-SHARD-BEGIN c1 x\n" << "c1" << Status::Corrupt << "malformed shard size";
    }

    void problems()
    {
        QFETCH(QString, log);
        QFETCH(QString, expected);
        QFETCH(Status, status);
        QFETCH(QString, message);
        const KubernetesLogShard shard = KubernetesLogShard::decode(log.toStdString(), expected.toStdString());
        QCOMPARE(shard.status, status);
        QVERIFY2(QString::fromStdString(shard.message).contains(message), shard.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestKubernetesLogShard)
#include "tst_kubernetes_log_shard.moc"
