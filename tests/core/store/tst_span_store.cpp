// Spans and annotations in the project file (schema version 5): round trip through a real file,
// the name table's tail, batching and windows, cascade delete, corrupt blobs, the migration from
// a released version-4 file, and the live_audit table's checks.
#include "frozen_schemas.h"
#include "sim/in_memory_run_recorder.h"
#include "store/database.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "store/schema.h"
#include "store/span_codec.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "trace/jaeger_reader.h"

#include <QTemporaryDir>
#include <QTest>

#include <stdexcept>

using namespace orrery;
using namespace orrery::store;
using trace::Span;
using trace::SpanRelation;

namespace {

sim::RunInfo simpleRun()
{
    return sim::RunInfo{"traces", "name: traces\n", 7, sim::kMinute, {}, {}};
}

//! `count` traces of `front` → `back` (+ a background span in every third), ids from `firstId`.
std::vector<trace::Trace> makeTraces(trace::NameTable& names, int count, std::uint64_t firstId)
{
    const auto type = names.intern("GET /home");
    const auto front = names.intern("frontend");
    const auto back = names.intern("cart");
    const auto replica = names.intern("cart/1");
    const auto op = names.intern("call");
    std::vector<trace::Trace> traces;
    for (int k = 0; k < count; ++k) {
        trace::Trace t;
        t.id = trace::TraceId{k % 2 == 0 ? 0 : 0xdeadbeefULL, firstId + static_cast<std::uint64_t>(k)};
        t.requestType = type;
        const std::int64_t start = 1'000'000'000LL * k - 5;  // first one negative: zig-zag deltas
        const trace::SpanId base = 100 * (firstId + static_cast<std::uint64_t>(k));
        // Children first, as the simulator appends them when they finish.
        t.spans.push_back(Span{base + 2, base + 1, start + 10, 300 + k, back, op, replica, SpanRelation::ChildOf});
        if (k % 3 == 0)
            t.spans.push_back(Span{base + 3, base + 1, start + 20, 9000, back, op, back, SpanRelation::FollowsFrom});
        t.spans.push_back(Span{base + 1, 0, start, 500 + k, front, type, front, SpanRelation::Root});
        if (k == 1)
            t.spans.push_back(Span{base + 4, 0xfeedULL, start + 1, 2, front, op, front, SpanRelation::Root});  // orphan
        traces.push_back(std::move(t));
    }
    return traces;
}

bool sameSpans(const trace::Trace& a, const trace::Trace& b)
{
    if (a.id != b.id || a.requestType != b.requestType || a.spans.size() != b.spans.size())
        return false;
    for (std::size_t i = 0; i < a.spans.size(); ++i) {
        const Span& x = a.spans[i];
        const Span& y = b.spans[i];
        if (x.id != y.id || x.parent != y.parent || x.startNs != y.startNs || x.durationNs != y.durationNs
            || x.service != y.service || x.operation != y.operation || x.instance != y.instance
            || x.relation != y.relation)
            return false;
    }
    return true;
}

QStringList schemaOf(const std::string& path)
{
    Database db = Database::open(path, Database::OpenMode::ReadOnly);
    Statement query(db, "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY type, name");
    QStringList rows;
    while (query.step())
        rows << QString::fromStdString(query.columnText(0) + ' ' + query.columnText(1) + ' ' + query.columnText(3)).simplified();
    return rows;
}

} // namespace

class TstSpanStore : public QObject {
    Q_OBJECT

private slots:
    void roundTripThroughAProjectFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("spans.orrery").toStdString();
        trace::NameTable names;
        std::vector<trace::Trace> first = makeTraces(names, 5, 1);
        const std::size_t namesAfterFirst = names.size();
        std::vector<trace::Trace> second;
        RunId runId = 0;
        {
            Project project = Project::open(path);
            ProjectRunRecorder recorder(project);
            recorder.beginRun(simpleRun());
            recorder.recordTraces(first, names);
            QCOMPARE(project.database().queryInt64("SELECT count(*) FROM run_traces"), std::int64_t{0});  // staged
            recorder.flush();
            QCOMPARE(project.database().queryInt64("SELECT count(*) FROM run_names"),
                     static_cast<std::int64_t>(namesAfterFirst));
            names.intern("late-service");  // the second call brings a new name: only the tail is written
            second = makeTraces(names, 4, 50);
            second[0].spans[0].service = *names.find("late-service");
            recorder.recordAnnotation(sim::RunAnnotation{10, 20, "anomaly.cpu", "cart/1", 0.75});
            recorder.recordTraces(second, names);
            recorder.recordTraces({}, names);  // nothing new: no batch
            recorder.endRun(sim::RunStatus::Completed, "");
            runId = *recorder.runId();
        }
        QVERIFY(namesAfterFirst < names.size());

        const Project project = Project::open(path);
        QCOMPARE(project.traceCount(runId), std::int64_t{9});
        QCOMPARE(project.database().queryInt64("SELECT count(*) FROM run_traces"), std::int64_t{2});
        QCOMPARE(project.database().queryInt64("SELECT count(*) FROM run_names"), static_cast<std::int64_t>(names.size()));
        const trace::TraceSet loaded = project.loadTraces(runId);
        QCOMPARE(loaded.names.names(), names.names());
        QCOMPARE(loaded.traces.size(), std::size_t{9});
        std::int64_t spans = 0;
        for (std::size_t i = 0; i < 9; ++i) {
            const trace::Trace& expected = i < 5 ? first[i] : second[i - 5];
            QVERIFY2(sameSpans(loaded.traces[i], expected), std::to_string(i).c_str());
            spans += static_cast<std::int64_t>(expected.spans.size());
        }
        QCOMPARE(project.spanCount(runId), spans);

        const auto annotations = project.annotations(runId);
        QCOMPARE(annotations.size(), std::size_t{1});
        QCOMPARE(annotations[0].kind, std::string("anomaly.cpu"));
        QCOMPARE(annotations[0].target, std::string("cart/1"));
        QCOMPARE(annotations[0].start, sim::SimTime{10});
        QCOMPARE(annotations[0].end, sim::SimTime{20});
        QCOMPARE(annotations[0].intensity, 0.75);
        QCOMPARE(project.integrityCheck(), std::string("ok"));
    }

    void annotationsOfOneKind()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("kinds.orrery").toStdString();
        RunId runId = 0;
        {
            Project project = Project::open(path);
            ProjectRunRecorder recorder(project);
            recorder.beginRun(simpleRun());
            recorder.recordAnnotation(sim::RunAnnotation{0, 0, "run.workload", "BatchJobs/a", 0});
            recorder.recordAnnotation(sim::RunAnnotation{10, 20, "anomaly.cpu", "cart/1", 0.75});
            recorder.recordAnnotation(sim::RunAnnotation{0, 0, "run.workload", "model-serving/b", 0});
            recorder.endRun(sim::RunStatus::Completed, "");
            runId = *recorder.runId();
        }
        const Project project = Project::open(path);
        const auto workloads = project.annotations(runId, "run.workload");
        QCOMPARE(workloads.size(), std::size_t{2});
        QCOMPARE(workloads[0].target, std::string("BatchJobs/a")); // in recording order
        QCOMPARE(workloads[1].target, std::string("model-serving/b"));
        QCOMPARE(project.annotations(runId, "anomaly.cpu").size(), std::size_t{1});
        QVERIFY(project.annotations(runId, "anomaly").empty()); // the kind exactly, not a prefix
        QCOMPARE(project.annotations(runId).size(), std::size_t{3});
    }

    void realTracesRoundTripInSmallBlobsAndWindows()
    {
        const trace::TraceSet real = trace::readJaegerFile(ORRERY_FIXTURE_DIR "/traces/socialnetwork-jaeger-traces.json");
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("real.orrery").toStdString());
        ProjectRunRecorder::Options options;
        options.spansPerBlob = 100;  // about 3 traces a blob
        ProjectRunRecorder recorder(project, options);
        recorder.beginRun(simpleRun());
        recorder.recordTraces(real.traces, real.names);
        recorder.endRun(sim::RunStatus::Completed, "");
        const RunId runId = *recorder.runId();
        QVERIFY(project.database().queryInt64("SELECT count(*) FROM run_traces") >= 7);
        QCOMPARE(project.spanCount(runId), std::int64_t{660});

        const trace::TraceSet all = project.loadTraces(runId);
        QCOMPARE(all.traces.size(), std::size_t{20});
        for (std::size_t i = 0; i < 20; ++i)
            QVERIFY(sameSpans(all.traces[i], real.traces[i]));
        const trace::TraceSet window = project.loadTraces(runId, 7, 5);
        QCOMPARE(window.traces.size(), std::size_t{5});
        for (std::size_t i = 0; i < 5; ++i)
            QVERIFY(sameSpans(window.traces[i], real.traces[7 + i]));
        QCOMPARE(project.loadTraces(runId, 18, 10).traces.size(), std::size_t{2});
        QCOMPARE(project.loadTraces(runId, 25).traces.size(), std::size_t{0});
        QVERIFY(project.loadTraces(999).traces.empty());
    }

    void deletingARunDeletesItsSpans()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("cascade.orrery").toStdString());
        ProjectRunRecorder recorder(project);
        trace::NameTable names;
        recorder.beginRun(simpleRun());
        recorder.recordTraces(makeTraces(names, 3, 1), names);
        recorder.recordAnnotation(sim::RunAnnotation{0, 1, "anomaly.cpu", "x", 1.0});
        recorder.endRun(sim::RunStatus::Completed, "");
        Database& db = project.database();
        QVERIFY(db.queryInt64("SELECT count(*) FROM run_traces") > 0);
        db.exec("DELETE FROM runs");
        for (const char* table : {"run_traces", "run_names", "run_annotations"})
            QCOMPARE(db.queryInt64(std::string("SELECT count(*) FROM ") + table), std::int64_t{0});
    }

    void misuseIsRefused()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("misuse.orrery").toStdString());
        ProjectRunRecorder recorder(project);
        trace::NameTable names;
        const auto traces = makeTraces(names, 1, 1);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, recorder.recordTraces(traces, names));
        recorder.beginRun(simpleRun());
        recorder.recordTraces(traces, names);
        trace::NameTable other;
        QVERIFY_THROWS_EXCEPTION(std::logic_error, recorder.recordTraces(traces, other));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 recorder.recordAnnotation(sim::RunAnnotation{0, 1, "k", "t", std::nan("")}));
        recorder.endRun(sim::RunStatus::Completed, "");
    }

    void corruptBlobsAreErrors()
    {
        trace::NameTable names;
        const auto traces = makeTraces(names, 2, 1);
        std::vector<std::byte> blob;
        SpanCodec::encode(traces, blob);
        std::vector<trace::Trace> out;
        SpanCodec::decode(blob, names.size(), out);
        QCOMPARE(out.size(), std::size_t{2});
        const std::vector<std::byte> truncated(blob.begin(), blob.end() - 3);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SpanCodec::decode(truncated, names.size(), out));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SpanCodec::decode(blob, 2, out));  // names missing
        std::vector<std::byte> future = blob;
        future[0] = std::byte{9};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SpanCodec::decode(future, names.size(), out));

        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("corrupt.orrery").toStdString());
        ProjectRunRecorder recorder(project);
        recorder.beginRun(simpleRun());
        recorder.recordTraces(traces, names);
        recorder.endRun(sim::RunStatus::Completed, "");
        project.database().exec("UPDATE run_traces SET data = x'01ff'");
        QVERIFY_THROWS_EXCEPTION(StoreError, (void)project.loadTraces(*recorder.runId()));
    }

    void migratesVersion4File()
    {
        QTemporaryDir dir;
        const std::string oldPath = dir.filePath("v4.orrery").toStdString();
        {
            Database db = Database::open(oldPath);
            for (const char* step : {testing::kFrozenVersion1, testing::kFrozenVersion2, testing::kFrozenVersion3,
                                     testing::kFrozenVersion4})
                db.exec(step);
            QCOMPARE(db.queryInt64("PRAGMA user_version"), std::int64_t{4});
        }
        Project project = Project::open(oldPath);
        QVERIFY(currentSchemaVersion() >= 5);
        QCOMPARE(project.migrationsApplied(), currentSchemaVersion() - 4);
        QCOMPARE(project.database().queryText("SELECT description FROM migrations WHERE version = 5"),
                 std::string(schemaMigrations()[4].description));
        const std::string freshPath = dir.filePath("fresh.orrery").toStdString();
        { Project fresh = Project::open(freshPath); }
        QCOMPARE(schemaOf(oldPath), schemaOf(freshPath));
    }

    void inMemoryRecorderKeepsAnnotations()
    {
        sim::InMemoryRunRecorder recorder;
        recorder.beginRun(simpleRun());
        const std::string plain = [&] {
            sim::InMemoryRunRecorder other;
            other.beginRun(simpleRun());
            other.endRun(sim::RunStatus::Completed, "");
            return other.serialize();
        }();
        recorder.recordAnnotation(sim::RunAnnotation{5, 9, "anomaly.network-delay", "cart/0", 0.5});
        recorder.endRun(sim::RunStatus::Completed, "");
        QCOMPARE(recorder.annotations().size(), std::size_t{1});
        QCOMPARE(recorder.annotations()[0].target, std::string("cart/0"));
        QVERIFY(recorder.serialize().find("annotation anomaly.network-delay cart/0 5 9 0x1p-1\n") != std::string::npos);
        QVERIFY(plain.find("annotation") == std::string::npos);  // runs without any serialize as before
        recorder.beginRun(simpleRun());
        QVERIFY(recorder.annotations().empty());
    }

    void liveAuditChecksItsColumns_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<int>("dryRun");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("previewed") << QStringLiteral(R"({"scale":3})") << 1 << QStringLiteral("previewed") << true;
        QTest::newRow("applied") << QStringLiteral("{}") << 0 << QStringLiteral("applied") << true;
        QTest::newRow("bad json") << QStringLiteral("{scale") << 0 << QStringLiteral("applied") << false;
        QTest::newRow("bad dry run") << QStringLiteral("{}") << 2 << QStringLiteral("applied") << false;
        QTest::newRow("bad outcome") << QStringLiteral("{}") << 0 << QStringLiteral("done") << false;
    }

    void liveAuditChecksItsColumns()
    {
        QFETCH(QString, action);
        QFETCH(int, dryRun);
        QFETCH(QString, outcome);
        QFETCH(bool, accepted);
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("audit.orrery").toStdString());
        Statement insert(project.database(), "INSERT INTO live_audit (at, context, namespace, target, action, dry_run, "
                                             "outcome) VALUES ('2024-01-01T00:00:00.000Z', 'kind', 'default', "
                                             "'deployment/cart', ?1, ?2, ?3)");
        insert.bindText(1, action.toStdString()).bindInt64(2, dryRun).bindText(3, outcome.toStdString());
        bool ok = true;
        try {
            insert.run();
        } catch (const StoreError&) {
            ok = false;
        }
        QCOMPARE(ok, accepted);
    }
};

QTEST_GUILESS_MAIN(TstSpanStore)
#include "tst_span_store.moc"
