// The store's building blocks: SQL wrappers, migrations runner, blob format, hashing, time text,
// policy text and owner liveness.
#include "store/database.h"
#include "store/policy_text.h"
#include "store/process_identity.h"
#include "store/sample_codec.h"
#include "store/schema.h"
#include "store/sha256.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "store/transaction.h"
#include "store/utc_time.h"

#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <chrono>
#include <climits>
#include <stdexcept>

#include <unistd.h>

using namespace orrery;
using namespace orrery::store;

class TestProjectSql : public QObject {
    Q_OBJECT

private slots:
    void init();
    void sha256MatchesFipsVectors_data();
    void sha256MatchesFipsVectors();
    void sampleBlobIsLittleEndianPairs();
    void transactionRollsBackUnlessCommitted();
    void parametersAreNeverSql();
    void errorsNameThePath();
    void failedMigrationLeavesPreviousVersion();
    void migrationsAreIdempotent();
    void timestampsAreIsoUtc();
    void policyTextIsCanonical();
    void ownerLiveness();

private:
    QTemporaryDir m_dir;
    std::string m_path;
    int m_counter = 0;
};

void TestProjectSql::init()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("db%1.sqlite").arg(++m_counter)).toStdString();
}

void TestProjectSql::sha256MatchesFipsVectors_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("digest");
    QTest::newRow("empty") << QByteArray() << "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    QTest::newRow("abc") << QByteArray("abc") << "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    QTest::newRow("448 bits") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                              << "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
    QTest::newRow("55 bytes, padding in one block") << QByteArray(55, 'a')
                                                    << "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318";
    QTest::newRow("56 bytes, padding spills") << QByteArray(56, 'a')
                                              << "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a";
    QTest::newRow("million a") << QByteArray(1'000'000, 'a')
                               << "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
}

void TestProjectSql::sha256MatchesFipsVectors()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, digest);
    QCOMPARE(QString::fromStdString(Sha256::hexDigest(std::string_view(input.constData(), input.size()))), digest);
    // Fed in uneven pieces, the digest is the same.
    Sha256 pieces;
    for (qsizetype at = 0; at < input.size(); at += 37)
        pieces.update(std::string_view(input.constData() + at, std::min<qsizetype>(37, input.size() - at)));
    const auto raw = pieces.finish();
    QCOMPARE(QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(raw.data()), 32).toHex()), digest);
}

void TestProjectSql::sampleBlobIsLittleEndianPairs()
{
    std::vector<std::byte> blob;
    SampleCodec::append(blob, 0x0102030405060708, 1.0);
    SampleCodec::append(blob, -2, -0.0);
    QCOMPARE(blob.size(), 2 * SampleCodec::kBytesPerSample);
    const std::array<std::uint8_t, 32> expected{
        0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,  // time, little-endian
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0, 0x3f,  // 1.0 = 0x3ff0000000000000
        0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,  // -2 in two's complement
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80,  // -0.0 = sign bit only
    };
    for (std::size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(std::to_integer<int>(blob[i]), int{expected[i]});

    std::vector<Sample> decoded{{99, 99.0}};  // decode appends
    SampleCodec::decode(blob, decoded);
    QCOMPARE(decoded.size(), std::size_t{3});
    QCOMPARE(decoded[1], (Sample{0x0102030405060708, 1.0}));
    QCOMPARE(decoded[2].time, sim::SimTime{-2});
    QVERIFY(std::signbit(decoded[2].value));
}

void TestProjectSql::transactionRollsBackUnlessCommitted()
{
    Database db = Database::open(m_path);
    db.exec("CREATE TABLE t (x INTEGER)");
    {
        Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (1)");
        QVERIFY(db.inTransaction());
    }  // no commit
    QVERIFY(!db.inTransaction());
    QCOMPARE(db.queryInt64("SELECT count(*) FROM t"), std::int64_t{0});
    try {
        Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (2)");
        throw std::runtime_error("midway");
    } catch (const std::runtime_error&) {
    }
    QCOMPARE(db.queryInt64("SELECT count(*) FROM t"), std::int64_t{0});
    {
        Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (3)");
        transaction.commit();
    }
    QCOMPARE(db.queryInt64("SELECT count(*) FROM t"), std::int64_t{1});
    {
        Transaction outer(db);
        QVERIFY_THROWS_EXCEPTION(StoreError, Transaction{db});  // no nesting
    }
}

void TestProjectSql::parametersAreNeverSql()
{
    Database db = Database::open(m_path);
    db.exec("CREATE TABLE t (name TEXT, data BLOB)");
    const std::string hostile = "x'); DROP TABLE t; --";
    Statement insert(db, "INSERT INTO t (name, data) VALUES (?1, ?2)");
    insert.bindText(1, hostile).bindBlob(2, {}).run();
    Statement read(db, "SELECT name, typeof(data), length(data) FROM t");
    QVERIFY(read.step());
    QCOMPARE(read.columnText(0), hostile);
    QCOMPARE(read.columnText(1), std::string("blob"));  // an empty blob stays a blob, not NULL
    QCOMPARE(read.columnInt64(2), std::int64_t{0});
    QVERIFY(!read.step());
}

void TestProjectSql::errorsNameThePath()
{
    Database db = Database::open(m_path);
    try {
        db.exec("SELECT * FROM no_such_table");
        QFAIL("no error");
    } catch (const StoreError& error) {
        const std::string message = error.what();
        QVERIFY2(message.rfind(m_path + ": ", 0) == 0, message.c_str());
        QVERIFY2(message.find("no such table: no_such_table") != std::string::npos, message.c_str());
        QCOMPARE(error.path(), m_path);
        QVERIFY(error.sqliteCode() != 0);
    }
    const std::string missing = m_dir.filePath("no/such/dir/x.orrery").toStdString();
    try {
        (void)Database::open(missing);
        QFAIL("no error");
    } catch (const StoreError& error) {
        QVERIFY2(std::string(error.what()).rfind(missing + ": cannot open", 0) == 0, error.what());
    }
}

void TestProjectSql::failedMigrationLeavesPreviousVersion()
{
    Database db = Database::open(m_path);
    const Migration steps[] = {
        schemaMigrations()[0],
        {2, "half good, half broken", "CREATE TABLE created_then_rolled_back (x); SELECT * FROM nowhere;"},
    };
    try {
        applyMigrations(db, steps);
        QFAIL("the broken step did not fail");
    } catch (const StoreError& error) {
        const std::string message = error.what();
        QVERIFY2(message.find("migration to schema version 2 failed") != std::string::npos, message.c_str());
        QVERIFY2(message.find("no such table: nowhere") != std::string::npos, message.c_str());
    }
    QCOMPARE(db.queryInt64("PRAGMA user_version"), std::int64_t{1});
    QCOMPARE(db.queryInt64("SELECT count(*) FROM migrations"), std::int64_t{1});
    QCOMPARE(db.queryInt64("SELECT count(*) FROM sqlite_schema WHERE name = 'created_then_rolled_back'"),
             std::int64_t{0});
    QCOMPARE(db.queryInt64("PRAGMA application_id"), std::int64_t{kApplicationId});

    const Migration gap[] = {schemaMigrations()[0], {3, "skips 2", "SELECT 1"}};
    QVERIFY_THROWS_EXCEPTION(StoreError, applyMigrations(db, gap));
}

void TestProjectSql::migrationsAreIdempotent()
{
    Database db = Database::open(m_path);
    QCOMPARE(applyMigrations(db, schemaMigrations()), currentSchemaVersion());
    QCOMPARE(applyMigrations(db, schemaMigrations()), 0);
    // Versions are consecutive from 1 and never repeat.
    int expected = 1;
    for (const Migration& step : schemaMigrations())
        QCOMPARE(step.version, expected++);
    QCOMPARE(db.queryInt64("PRAGMA user_version"), std::int64_t{currentSchemaVersion()});
}

void TestProjectSql::timestampsAreIsoUtc()
{
    using namespace std::chrono;
    QCOMPARE(utcTimestamp(system_clock::time_point{}), std::string("1970-01-01T00:00:00.000Z"));
    const auto leapDay = sys_days{year{2024} / February / 29} + hours{23} + minutes{59} + seconds{58} + milliseconds{7};
    QCOMPARE(utcTimestamp(system_clock::time_point{duration_cast<system_clock::duration>(leapDay.time_since_epoch())}),
             std::string("2024-02-29T23:59:58.007Z"));
    const auto beforeEpoch = system_clock::time_point{} - milliseconds{1};
    QCOMPARE(utcTimestamp(beforeEpoch), std::string("1969-12-31T23:59:59.999Z"));
    QCOMPARE(utcNow().size(), std::size_t{24});
}

void TestProjectSql::policyTextIsCanonical()
{
    const PolicyChoices forward{{"placement", "kube {\"a\":1}"}, {"control", "aimd {}"}};
    const PolicyChoices backward{{"control", "aimd {}"}, {"placement", "kube {\"a\":1}"}};
    QCOMPARE(canonicalPolicyText(forward), canonicalPolicyText(backward));
    QCOMPARE(canonicalPolicyText(forward), std::string("{\"control\":\"aimd {}\",\"placement\":\"kube {\\\"a\\\":1}\"}"));
    QCOMPARE(canonicalPolicyText({}), std::string("{}"));
    QCOMPARE(parsePolicyText(canonicalPolicyText(forward)), backward);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, canonicalPolicyText({{"queue", "fcfs"}, {"queue", "sjf"}}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parsePolicyText("[1, 2]"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parsePolicyText("{\"placement\": 3}"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parsePolicyText("not json"));
}

void TestProjectSql::ownerLiveness()
{
    using Liveness = ProcessIdentity::Liveness;
    const ProcessIdentity self = ProcessIdentity::current();
    QCOMPARE(self.pid, static_cast<std::int64_t>(::getpid()));
    QVERIFY(!self.host.empty());
    QCOMPARE(self.probe(), Liveness::Alive);
    QCOMPARE((ProcessIdentity{self.host, self.pid, ""}.probe()), Liveness::Alive);
    QCOMPARE((ProcessIdentity{self.host, 2'000'000'000, ""}.probe()), Liveness::Gone);
    QCOMPARE((ProcessIdentity{self.host, 0, ""}.probe()), Liveness::Gone);
    QCOMPARE((ProcessIdentity{self.host, -1, ""}.probe()), Liveness::Gone);
    QCOMPARE((ProcessIdentity{self.host + ".elsewhere", 2'000'000'000, ""}.probe()), Liveness::Unknown);
    if (self.startToken.empty())
        QSKIP("no /proc start tokens on this system");
    QCOMPARE(ProcessIdentity::startTokenOf(self.pid), self.startToken);
    QCOMPARE((ProcessIdentity{self.host, self.pid, self.startToken + "1"}.probe()), Liveness::Gone);
    QCOMPARE((ProcessIdentity{self.host, self.pid, "another-boot/1"}.probe()), Liveness::Gone);
    // PID 1 exists but belongs to someone else (EPERM for kill); without a token it counts as alive.
    QCOMPARE((ProcessIdentity{self.host, 1, ""}.probe()), Liveness::Alive);
}

QTEST_GUILESS_MAIN(TestProjectSql)
#include "tst_project_sql.moc"
