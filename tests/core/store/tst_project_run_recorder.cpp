// ProjectRunRecorder: when rows become visible, batching, failure paths and misuse.
#include "status_text.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "store/statement.h"

#include <sqlite3.h>

#include <QTemporaryDir>
#include <QTest>

#include <stdexcept>

using namespace orrery;
using namespace orrery::store;
using orrery::store::testing::statusText;

namespace {

sim::RunInfo simpleRun(std::uint64_t seed = 1)
{
    return sim::RunInfo{"scenario", "name: scenario\n", seed, sim::kMinute, {{"placement", "first-fit {}"}}, {}};
}

//! Counts the transactions a project's connection commits while it lives.
class CommitCounter {
public:
    explicit CommitCounter(Project& project)
        : m_db(project.database().handle())
    {
        sqlite3_commit_hook(m_db, &CommitCounter::onCommit, this);
    }
    CommitCounter(const CommitCounter&) = delete;
    CommitCounter& operator=(const CommitCounter&) = delete;
    ~CommitCounter() { sqlite3_commit_hook(m_db, nullptr, nullptr); }
    [[nodiscard]] int count() const { return m_count; }

private:
    static int onCommit(void* self)
    {
        ++static_cast<CommitCounter*>(self)->m_count;
        return 0;
    }
    sqlite3* m_db;
    int m_count = 0;
};

std::int64_t storedSampleCount(const Project& reader, RunId run)
{
    std::int64_t total = 0;
    for (const SeriesInfo& series : reader.series(run))
        total += series.sampleCount;
    return total;
}

} // namespace

class TestProjectRunRecorder : public QObject {
    Q_OBJECT

private slots:
    void init();
    void beginRunIsVisibleAtOnce();
    void samplesAreWrittenInBatches();
    void flushWritesPartialChunks();
    void endRunWritesEverythingAtOnce();
    void destructionDuringRunMarksFailed();
    void exceptionUnwindingMarksFailed();
    void recorderIsReusable();
    void repeatedDefinitionsAndMetrics();
    void rejectsMisuse();

private:
    QTemporaryDir m_dir;
    std::string m_path;
    int m_counter = 0;
};

void TestProjectRunRecorder::init()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("p%1.orrery").arg(++m_counter)).toStdString();
}

void TestProjectRunRecorder::beginRunIsVisibleAtOnce()
{
    Project project = Project::open(m_path);
    ProjectRunRecorder recorder(project);
    QVERIFY(!recorder.runId());
    recorder.beginRun(simpleRun());
    QVERIFY(recorder.isRecording());

    Project reader = Project::open(m_path);  // another connection sees the committed row
    const auto runs = reader.listRuns();
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs[0].id, *recorder.runId());
    QCOMPARE(statusText(runs[0].status), std::string("running"));
    QVERIFY(runs[0].endedAt.empty());
    recorder.endRun(sim::RunStatus::Cancelled, "stopped by the user");
    QCOMPARE(statusText(reader.run(runs[0].id)->status), std::string("cancelled"));
    QCOMPARE(reader.run(runs[0].id)->message, std::string("stopped by the user"));
}

void TestProjectRunRecorder::samplesAreWrittenInBatches()
{
    Project project = Project::open(m_path);
    Project reader = Project::open(m_path);
    ProjectRunRecorder recorder(project, ProjectRunRecorder::Options{100, 3});
    recorder.beginRun(simpleRun());
    const auto a = recorder.defineSeries("a", "");
    const auto b = recorder.defineSeries("b", "");
    const RunId run = *recorder.runId();

    // Two full chunks of a: sealed, but fewer than three pending, so nothing written yet.
    for (int i = 0; i < 250; ++i)
        recorder.recordSample(a, i, i);
    QCOMPARE(recorder.chunksWritten(), std::int64_t{0});
    QCOMPARE(storedSampleCount(reader, run), std::int64_t{0});
    // The third full chunk (of b) completes a batch: three chunks in one transaction.
    {
        CommitCounter commits(project);
        for (int i = 0; i < 100; ++i)
            recorder.recordSample(b, i, -i);
        QCOMPARE(commits.count(), 1);
    }
    QCOMPARE(recorder.chunksWritten(), std::int64_t{3});
    QCOMPARE(storedSampleCount(reader, run), std::int64_t{300});
    QCOMPARE(reader.series(run)[0].chunkCount, std::int64_t{2});
    recorder.endRun(sim::RunStatus::Completed, "");
    QCOMPARE(storedSampleCount(reader, run), std::int64_t{350});
}

void TestProjectRunRecorder::flushWritesPartialChunks()
{
    Project project = Project::open(m_path);
    Project reader = Project::open(m_path);
    ProjectRunRecorder recorder(project, ProjectRunRecorder::Options{100, 10});
    recorder.beginRun(simpleRun());
    const auto a = recorder.defineSeries("a", "");
    for (int i = 0; i < 150; ++i)
        recorder.recordSample(a, i, i);
    recorder.flush();
    QCOMPARE(recorder.chunksWritten(), std::int64_t{2});  // one full, one partial of 50
    for (int i = 150; i < 420; ++i)
        recorder.recordSample(a, i, i);
    recorder.endRun(sim::RunStatus::Completed, "");

    const auto series = reader.series(*recorder.runId());
    QCOMPARE(series[0].sampleCount, std::int64_t{420});
    QCOMPARE(series[0].chunkCount, std::int64_t{5});  // 100, 50, 100, 100, 70
    const auto samples = reader.samples(series[0].id);
    for (int i = 0; i < 420; ++i)
        QCOMPARE(samples[static_cast<std::size_t>(i)], (Sample{i, static_cast<double>(i)}));
    Statement firsts(reader.database(), "SELECT first_time_ns, sample_count FROM series_chunks ORDER BY chunk_index");
    const std::pair<std::int64_t, std::int64_t> expected[] = {{0, 100}, {100, 50}, {150, 100}, {250, 100}, {350, 70}};
    for (const auto& [first, count] : expected) {
        QVERIFY(firsts.step());
        QCOMPARE(firsts.columnInt64(0), first);
        QCOMPARE(firsts.columnInt64(1), count);
    }
}

void TestProjectRunRecorder::endRunWritesEverythingAtOnce()
{
    Project project = Project::open(m_path);
    Project reader = Project::open(m_path);
    ProjectRunRecorder recorder(project, ProjectRunRecorder::Options{1000, 1000});
    recorder.beginRun(simpleRun());
    const auto a = recorder.defineSeries("a", "");
    for (int i = 0; i < 2500; ++i)
        recorder.recordSample(a, i, i);
    recorder.recordMetric("m", 2.0, "s");
    // Nothing but the run and series rows is in the file before endRun.
    QCOMPARE(storedSampleCount(reader, *recorder.runId()), std::int64_t{0});
    QVERIFY(reader.metrics(*recorder.runId()).empty());

    CommitCounter commits(project);
    recorder.endRun(sim::RunStatus::Completed, "");
    QCOMPARE(commits.count(), 1);
    QCOMPARE(storedSampleCount(reader, *recorder.runId()), std::int64_t{2500});
    QCOMPARE(reader.metrics(*recorder.runId()).size(), std::size_t{1});
    QCOMPARE(statusText(reader.run(*recorder.runId())->status), std::string("completed"));
}

void TestProjectRunRecorder::destructionDuringRunMarksFailed()
{
    Project project = Project::open(m_path);
    RunId run = 0;
    {
        ProjectRunRecorder recorder(project);
        recorder.beginRun(simpleRun());
        const auto a = recorder.defineSeries("a", "");
        for (int i = 0; i < 10; ++i)
            recorder.recordSample(a, i, i);
        recorder.recordMetric("partial", 1.5, "");
        run = *recorder.runId();
    }
    const auto summary = project.run(run);
    QCOMPARE(statusText(summary->status), std::string("failed"));
    QVERIFY2(summary->message.find("destroyed before the run ended") != std::string::npos, summary->message.c_str());
    QVERIFY(!summary->endedAt.empty());
    QCOMPARE(storedSampleCount(project, run), std::int64_t{10});  // what it held is kept
    QCOMPARE(project.metrics(run).size(), std::size_t{1});
}

void TestProjectRunRecorder::exceptionUnwindingMarksFailed()
{
    Project project = Project::open(m_path);
    std::optional<RunId> run;
    const auto simulate = [&] {
        ProjectRunRecorder recorder(project);
        recorder.beginRun(simpleRun());
        run = recorder.runId();
        const auto a = recorder.defineSeries("a", "");
        recorder.recordSample(a, 0, 1.0);
        throw std::runtime_error("model diverged");
    };
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, simulate());
    QVERIFY(run);
    QCOMPARE(statusText(project.run(*run)->status), std::string("failed"));
    QCOMPARE(project.integrityCheck(), std::string("ok"));
}

void TestProjectRunRecorder::recorderIsReusable()
{
    Project project = Project::open(m_path);
    ProjectRunRecorder recorder(project);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        recorder.beginRun(simpleRun(seed));
        const auto a = recorder.defineSeries("a", "");
        QCOMPARE(a, sim::SeriesId{0});  // handles restart with each run
        recorder.recordSample(a, 0, static_cast<double>(seed));
        recorder.endRun(sim::RunStatus::Completed, "");
        QVERIFY(!recorder.isRecording());
    }
    const auto runs = project.listRuns();
    QCOMPARE(runs.size(), std::size_t{3});
    for (std::size_t i = 0; i < runs.size(); ++i) {
        QCOMPARE(runs[i].seed, std::uint64_t{i + 1});
        const auto samples = project.samples(project.series(runs[i].id).at(0).id);
        QCOMPARE(samples, (std::vector<Sample>{{0, static_cast<double>(i + 1)}}));
    }
}

void TestProjectRunRecorder::repeatedDefinitionsAndMetrics()
{
    Project project = Project::open(m_path);
    ProjectRunRecorder recorder(project);
    recorder.beginRun(simpleRun());
    const auto a = recorder.defineSeries("a", "s");
    QCOMPARE(recorder.defineSeries("b", "s"), a + 1);
    QCOMPARE(recorder.defineSeries("a", "s"), a);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, recorder.defineSeries("a", "ms"));
    recorder.recordMetric("x", 1.0, "u");
    recorder.recordMetric("y", 2.0, "u");
    recorder.recordMetric("x", 3.0, "u");
    recorder.endRun(sim::RunStatus::Completed, "");
    const auto metrics = project.metrics(*recorder.runId());
    QCOMPARE(metrics.size(), std::size_t{2});
    QCOMPARE(metrics[0].name, std::string("x"));
    QCOMPARE(metrics[0].value, 3.0);
    QCOMPARE(metrics[1].name, std::string("y"));
}

void TestProjectRunRecorder::rejectsMisuse()
{
    Project project = Project::open(m_path);
    ProjectRunRecorder recorder(project);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, recorder.defineSeries("a", ""));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, recorder.recordSample(0, 0, 0.0));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, recorder.recordMetric("m", 0.0, ""));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, recorder.endRun(sim::RunStatus::Completed, ""));

    sim::RunInfo twice = simpleRun();
    twice.policies = {{"placement", "kube {}"}, {"placement", "first-fit {}"}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, recorder.beginRun(twice));
    QVERIFY(project.listRuns().empty());  // nothing half-written

    recorder.beginRun(simpleRun());
    QVERIFY_THROWS_EXCEPTION(std::logic_error, recorder.beginRun(simpleRun(2)));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, recorder.recordSample(7, 0, 0.0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, recorder.endRun(sim::RunStatus::Running, ""));
    recorder.endRun(sim::RunStatus::Completed, "");
    QCOMPARE(project.listRuns().size(), std::size_t{1});
}

QTEST_GUILESS_MAIN(TestProjectRunRecorder)
#include "tst_project_run_recorder.moc"
