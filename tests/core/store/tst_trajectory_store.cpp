// Trajectories of learned agents in the project file (schema version 7): bit-exact round trip,
// order and episode-range reads, several trajectories per run, cascade delete with the run, the
// migration from a version-6 file, refused input, the destructor's flush, and a SIGKILL in the
// middle of writing.
#include "store/database.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "store/schema.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "store/trajectory_codec.h"
#include "store/trajectory_writer.h"

#include <QTemporaryDir>
#include <QTest>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <thread>

using namespace orrery;
using namespace orrery::store;

namespace {

constexpr std::size_t kStateDim = 3;
constexpr std::size_t kActionDim = 2;

//! The state, action and reward of transition `i` of the test trajectories: ordinary values
//! plus -0.0, infinities, quiet and signalling NaNs with payloads.
struct Fixture {
    std::array<float, kStateDim> state{};
    std::array<float, kActionDim> action{};
    double reward = 0.0;
};

Fixture transition(std::int64_t i)
{
    Fixture f;
    f.state = {static_cast<float>(i) * 0.5f, -0.0f, std::bit_cast<float>(std::uint32_t{0x7fc00000u} | static_cast<std::uint32_t>(i & 0x3fffff))};
    f.action = {std::bit_cast<float>(std::uint32_t{0x7f800001u} + static_cast<std::uint32_t>(i % 1000)),  // signalling NaN
                i % 2 == 0 ? std::numeric_limits<float>::infinity() : -1.0f / 3.0f};
    f.reward = i % 3 == 0 ? std::bit_cast<double>(std::uint64_t{0x7ff8000000abcdefULL} + static_cast<std::uint64_t>(i))
                          : (i % 3 == 1 ? -0.0 : 1.0 / static_cast<double>(i + 7));
    return f;
}

bool sameBits(std::span<const float> a, std::span<const float> b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size_bytes()) == 0;
}

TrajectorySpec trainingSpec(std::string label = {})
{
    return TrajectorySpec{std::nullopt, "firm", std::move(label), kStateDim, kActionDim};
}

//! Appends `count` transitions, `stepsPerEpisode` per episode, numbered from 0.
void appendMany(TrajectoryWriter& writer, std::int64_t count, std::int64_t stepsPerEpisode)
{
    for (std::int64_t i = 0; i < count; ++i) {
        const Fixture f = transition(i);
        writer.append(static_cast<std::int32_t>(i / stepsPerEpisode), static_cast<std::int32_t>(i % stepsPerEpisode),
                      f.state, f.action, f.reward);
    }
}

//! Checks that `data` holds exactly transitions [first, first + count) of appendMany's sequence.
void verifyRange(const TrajectoryData& data, std::int64_t first, std::int64_t count, std::int64_t stepsPerEpisode)
{
    QCOMPARE(data.stateDim, kStateDim);
    QCOMPARE(data.actionDim, kActionDim);
    QCOMPARE(data.size(), static_cast<std::size_t>(count));
    QCOMPARE(data.states.size(), static_cast<std::size_t>(count) * kStateDim);
    QCOMPARE(data.actions.size(), static_cast<std::size_t>(count) * kActionDim);
    for (std::int64_t k = 0; k < count; ++k) {
        const std::int64_t i = first + k;
        const auto at = static_cast<std::size_t>(k);
        const Fixture f = transition(i);
        QCOMPARE(data.episodes[at], static_cast<std::int32_t>(i / stepsPerEpisode));
        QCOMPARE(data.steps[at], static_cast<std::int32_t>(i % stepsPerEpisode));
        QVERIFY2(sameBits(data.state(at), f.state), qPrintable(QStringLiteral("state %1").arg(i)));
        QVERIFY2(sameBits(data.action(at), f.action), qPrintable(QStringLiteral("action %1").arg(i)));
        QCOMPARE(std::bit_cast<std::uint64_t>(data.rewards[at]), std::bit_cast<std::uint64_t>(f.reward));
    }
}

RunId recordRun(Project& project)
{
    ProjectRunRecorder recorder(project);
    recorder.beginRun(sim::RunInfo{"agents", "name: agents\n", 3, sim::kMinute, {}, {}});
    recorder.endRun(sim::RunStatus::Completed, "");
    return *recorder.runId();
}

} // namespace

class TestTrajectoryStore : public QObject {
    Q_OBJECT

private slots:
    void roundTripIsBitExact_data();
    void roundTripIsBitExact();
    void episodeRangeReads_data();
    void episodeRangeReads();
    void twoTrajectoriesInOneRun();
    void deletingTheRunDeletesItsTrajectories();
    void freshProjectHasTheTables();
    void migratesFromVersion6();
    void refusesBadInput();
    void destructorFlushesThePartialChunk();
    void killMidWriteLeavesACommittedPrefix();

private:
    QTemporaryDir m_dir;
    int m_files = 0;
    std::string newFile() { return (m_dir.path() + QStringLiteral("/p%1.orrery").arg(++m_files)).toStdString(); }
};

void TestTrajectoryStore::roundTripIsBitExact_data()
{
    QTest::addColumn<int>("transitionsPerChunk");
    QTest::addColumn<int>("count");
    QTest::newRow("one per chunk") << 1 << 40;
    QTest::newRow("chunks cross episodes") << 7 << 1000;
    QTest::newRow("several transactions") << 5 << 5 * 16 * 3 + 2;
    QTest::newRow("default chunk, partial") << 4096 << 10'000;
}

void TestTrajectoryStore::roundTripIsBitExact()
{
    QFETCH(int, transitionsPerChunk);
    QFETCH(int, count);
    const std::string file = newFile();
    TrajectoryId id = 0;
    {
        Project project = Project::open(file);
        TrajectoryWriter writer(project, trainingSpec("app-17"), static_cast<std::size_t>(transitionsPerChunk));
        id = writer.id();
        appendMany(writer, count, 50);
        QCOMPARE(writer.appendedCount(), std::int64_t{count});
        writer.flush();
        QCOMPARE(writer.committedCount(), std::int64_t{count});
    }
    // Read through a fresh connection: what is in the file, not in a cache.
    const Project project = Project::open(file);
    verifyRange(project.readTrajectory(id), 0, count, 50);
    const auto info = project.trajectory(id);
    QVERIFY(info.has_value());
    QCOMPARE(info->spec.agent, std::string("firm"));
    QCOMPARE(info->spec.label, std::string("app-17"));
    QVERIFY(!info->spec.runId.has_value());
    QCOMPARE(info->transitionCount, std::int64_t{count});
    QCOMPARE(info->chunkCount, std::int64_t{(count + transitionsPerChunk - 1) / transitionsPerChunk});
    QCOMPARE(info->firstEpisode, std::int64_t{0});
    QCOMPARE(info->lastEpisode, std::int64_t{(count - 1) / 50});
    QCOMPARE(project.database().queryText("SELECT owner FROM trajectories"), std::string("training"));
    QCOMPARE(project.integrityCheck(), std::string("ok"));
}

void TestTrajectoryStore::episodeRangeReads_data()
{
    QTest::addColumn<qint64>("first");
    QTest::addColumn<qint64>("last");
    QTest::addColumn<qint64>("firstTransition");
    QTest::addColumn<qint64>("count");
    // 10 episodes of 13 steps in chunks of 5: chunk boundaries fall inside episodes.
    QTest::newRow("all") << qint64{0} << qint64{9} << qint64{0} << qint64{130};
    QTest::newRow("one episode") << qint64{4} << qint64{4} << qint64{52} << qint64{13};
    QTest::newRow("middle") << qint64{2} << qint64{6} << qint64{26} << qint64{65};
    QTest::newRow("last, range past the end") << qint64{9} << qint64{100} << qint64{117} << qint64{13};
    QTest::newRow("before the first") << qint64{-5} << qint64{-1} << qint64{0} << qint64{0};
    QTest::newRow("after the last") << qint64{10} << qint64{20} << qint64{0} << qint64{0};
    QTest::newRow("empty range") << qint64{5} << qint64{4} << qint64{0} << qint64{0};
}

void TestTrajectoryStore::episodeRangeReads()
{
    QFETCH(qint64, first);
    QFETCH(qint64, last);
    QFETCH(qint64, firstTransition);
    QFETCH(qint64, count);
    Project project = Project::open(newFile());
    TrajectoryWriter writer(project, trainingSpec(), 5);
    appendMany(writer, 130, 13);
    writer.flush();
    verifyRange(project.readTrajectory(writer.id(), first, last), firstTransition, count, 13);
}

void TestTrajectoryStore::twoTrajectoriesInOneRun()
{
    Project project = Project::open(newFile());
    const RunId run = recordRun(project);
    const RunId other = recordRun(project);
    TrajectoryWriter serving(project, TrajectorySpec{run, "firm", "serving", kStateDim, kActionDim}, 8);
    TrajectoryWriter training(project, TrajectorySpec{run, "simppo", "training", kStateDim, kActionDim}, 8);
    TrajectoryWriter elsewhere(project, TrajectorySpec{other, "firm", "", kStateDim, kActionDim}, 8);
    // Interleaved, as two agents of one run would write them.
    for (std::int64_t i = 0; i < 100; ++i) {
        const Fixture f = transition(i);
        serving.append(static_cast<std::int32_t>(i / 10), static_cast<std::int32_t>(i % 10), f.state, f.action, f.reward);
        if (i < 60)
            training.append(static_cast<std::int32_t>(i / 10), static_cast<std::int32_t>(i % 10), f.state, f.action, f.reward);
    }
    appendMany(elsewhere, 3, 10);
    serving.flush();
    training.flush();
    elsewhere.flush();

    const auto listed = project.trajectories(run);
    QCOMPARE(listed.size(), std::size_t{2});
    QCOMPARE(listed[0].id, serving.id());
    QCOMPARE(listed[0].spec.label, std::string("serving"));
    QCOMPARE(listed[0].transitionCount, std::int64_t{100});
    QCOMPARE(listed[1].id, training.id());
    QCOMPARE(listed[1].spec.agent, std::string("simppo"));
    QCOMPARE(listed[1].transitionCount, std::int64_t{60});
    QCOMPARE(*listed[1].spec.runId, run);
    QCOMPARE(project.trajectories().size(), std::size_t{3});
    QCOMPARE(project.trajectories(other + 100).size(), std::size_t{0});
    verifyRange(project.readTrajectory(serving.id()), 0, 100, 10);
    verifyRange(project.readTrajectory(training.id()), 0, 60, 10);
    verifyRange(project.readTrajectory(elsewhere.id()), 0, 3, 10);
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM trajectories WHERE owner = 'run'"), std::int64_t{3});
}

void TestTrajectoryStore::deletingTheRunDeletesItsTrajectories()
{
    Project project = Project::open(newFile());
    const RunId run = recordRun(project);
    TrajectoryId kept = 0;
    {
        TrajectoryWriter a(project, TrajectorySpec{run, "firm", "", kStateDim, kActionDim}, 4);
        TrajectoryWriter b(project, TrajectorySpec{run, "firm", "", kStateDim, kActionDim}, 4);
        TrajectoryWriter training(project, trainingSpec(), 4);
        appendMany(a, 30, 7);
        appendMany(b, 30, 7);
        appendMany(training, 30, 7);
        kept = training.id();
    }
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM trajectory_chunks"), std::int64_t{3 * 8});
    Statement remove(project.database(), "DELETE FROM runs WHERE id = ?1");
    remove.bindInt64(1, run).run();
    QCOMPARE(project.trajectories(run).size(), std::size_t{0});
    QCOMPARE(project.trajectories().size(), std::size_t{1});
    QCOMPARE(project.trajectories().front().id, kept);
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM trajectory_chunks"), std::int64_t{8});
    verifyRange(project.readTrajectory(kept), 0, 30, 7);
    QCOMPARE(project.integrityCheck(), std::string("ok"));
}

void TestTrajectoryStore::freshProjectHasTheTables()
{
    const Project project = Project::open(newFile());
    QVERIFY(currentSchemaVersion() >= 7);
    QCOMPARE(project.schemaVersion(), currentSchemaVersion());
    Database& db = project.database();
    QCOMPARE(db.queryText("SELECT description FROM migrations WHERE version = 7"),
             std::string(schemaMigrations()[6].description));
    for (const char* name : {"trajectories", "trajectory_chunks", "trajectories_by_run", "trajectory_chunks_by_episode"}) {
        Statement exists(db, "SELECT count(*) FROM sqlite_schema WHERE name = ?1");
        exists.bindText(1, name);
        QVERIFY(exists.step());
        QVERIFY2(exists.columnInt64(0) == 1, name);
    }
    // The episode-range read is answered through an index, not by scanning every chunk.
    Statement plan(db, "EXPLAIN QUERY PLAN SELECT chunk_index, transition_count, data FROM trajectory_chunks "
                       "WHERE trajectory_id = 1 AND first_episode <= 5 AND last_episode >= 3 ORDER BY chunk_index");
    std::string detail;
    while (plan.step())
        detail += plan.columnText(3) + '\n';
    QVERIFY2(detail.find("USING") != std::string::npos, detail.c_str());
}

void TestTrajectoryStore::migratesFromVersion6()
{
    const std::string file = newFile();
    {
        Database db = Database::open(file);
        db.exec("PRAGMA journal_mode = WAL");
        QCOMPARE(applyMigrations(db, schemaMigrations().first(6)), 6);
        db.exec("INSERT INTO scenarios (id, name, source_text, text_sha256, created_at) VALUES (1, 'old', 'name: old', "
                "'" + std::string(64, 'a') + "', '2026-01-01T00:00:00.000Z')");
        db.exec("INSERT INTO runs (id, scenario_id, seed, status, policies, horizon_ns, started_at, ended_at, owner_host, "
                "owner_pid) VALUES (1, 1, 5, 'completed', '{}', 1000, '2026-01-01T00:00:00.000Z', "
                "'2026-01-01T00:00:01.000Z', 'elsewhere', 1)");
        QCOMPARE(db.queryInt64("PRAGMA user_version"), std::int64_t{6});
    }
    Project project = Project::open(file);
    QCOMPARE(project.migrationsApplied(), currentSchemaVersion() - 6);
    QCOMPARE(project.schemaVersion(), currentSchemaVersion());
    QCOMPARE(project.listRuns().size(), std::size_t{1});
    {
        TrajectoryWriter writer(project, TrajectorySpec{1, "firm", "", kStateDim, kActionDim}, 16);
        appendMany(writer, 100, 20);
    }
    QCOMPARE(project.trajectories(1).size(), std::size_t{1});
    verifyRange(project.readTrajectory(project.trajectories(1).front().id), 0, 100, 20);
    QCOMPARE(project.integrityCheck(), std::string("ok"));
}

void TestTrajectoryStore::refusesBadInput()
{
    Project project = Project::open(newFile());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             TrajectoryWriter(project, TrajectorySpec{std::nullopt, "", "", 1, 1}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             TrajectoryWriter(project, TrajectorySpec{std::nullopt, "firm", "", 0, 1}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             TrajectoryWriter(project, TrajectorySpec{std::nullopt, "firm", "", 1, 0}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TrajectoryWriter(project, trainingSpec(), 0));
    QCOMPARE(project.trajectories().size(), std::size_t{0});
    // A run that does not exist: the foreign key refuses the row.
    QVERIFY_THROWS_EXCEPTION(StoreError, TrajectoryWriter(project, TrajectorySpec{42, "firm", "", 1, 1}));
    QCOMPARE(project.trajectories().size(), std::size_t{0});

    TrajectoryWriter writer(project, trainingSpec(), 2);
    const Fixture f = transition(0);
    const std::array<float, kStateDim + 1> longState{};
    const std::array<float, kActionDim - 1> shortAction{};
    writer.append(3, 0, f.state, f.action, 1.0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writer.append(3, 1, longState, f.action, 2.0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writer.append(3, 1, f.state, shortAction, 2.0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writer.append(3, 0, f.state, f.action, 2.0));  // step repeated
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writer.append(2, 9, f.state, f.action, 2.0));  // episode back
    QCOMPARE(writer.appendedCount(), std::int64_t{1});
    writer.append(4, 0, f.state, f.action, 3.0);  // a new episode may restart its steps
    writer.flush();
    const TrajectoryData data = project.readTrajectory(writer.id());
    QCOMPARE(data.size(), std::size_t{2});
    QCOMPARE(data.rewards, (std::vector<double>{1.0, 3.0}));
    QCOMPARE(data.episodes, (std::vector<std::int32_t>{3, 4}));
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM trajectory_chunks"), std::int64_t{1});

    // A chunk whose blob does not match its count is reported, not misread.
    project.database().exec("UPDATE trajectory_chunks SET transition_count = 3");
    QVERIFY_THROWS_EXCEPTION(StoreError, (void)project.readTrajectory(writer.id()));
    // Unknown ids read as empty.
    QCOMPARE(project.readTrajectory(writer.id() + 1).size(), std::size_t{0});
    QVERIFY(!project.trajectory(writer.id() + 1).has_value());
}

void TestTrajectoryStore::destructorFlushesThePartialChunk()
{
    const std::string file = newFile();
    TrajectoryId id = 0;
    {
        Project project = Project::open(file);
        TrajectoryWriter writer(project, trainingSpec(), 64);
        id = writer.id();
        appendMany(writer, 64 * 3 + 5, 40);  // three full chunks pending, one partial, nothing committed
        QCOMPARE(writer.committedCount(), std::int64_t{0});
    }
    const Project project = Project::open(file);
    verifyRange(project.readTrajectory(id), 0, 64 * 3 + 5, 40);
    QCOMPARE(project.integrityCheck(), std::string("ok"));
}

void TestTrajectoryStore::killMidWriteLeavesACommittedPrefix()
{
    const std::string file = newFile();
    TrajectoryId id = 0;
    {
        Project project = Project::open(file);
        TrajectoryWriter writer(project, trainingSpec(), 32);
        id = writer.id();
    }
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        // The child writes forever (no Qt here) until the parent kills it.
        try {
            Project project = Project::open(file);
            TrajectoryWriter writer(project, trainingSpec(), 32);
            for (std::int64_t i = 0;; ++i) {
                const Fixture f = transition(i);
                writer.append(static_cast<std::int32_t>(i / 25), static_cast<std::int32_t>(i % 25), f.state, f.action,
                              f.reward);
            }
        } catch (...) {
        }
        _exit(3);
    }
    // Wait until the child has committed several transactions, then kill it mid-write.
    const TrajectoryId childId = id + 1;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    std::int64_t seen = 0;
    {
        const Project watcher = Project::open(file);
        while (std::chrono::steady_clock::now() < deadline) {
            const auto info = watcher.trajectory(childId);
            seen = info ? info->transitionCount : 0;
            if (seen >= 32 * 16 * 20)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }
    ::kill(child, SIGKILL);
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the child ended before it was killed");
    QVERIFY2(seen >= 32 * 16 * 20, "the child committed too little before the deadline");

    const Project project = Project::open(file);
    QCOMPARE(project.integrityCheck(), std::string("ok"));
    const auto info = project.trajectory(childId);
    QVERIFY(info.has_value());
    QVERIFY(info->transitionCount >= seen);
    QCOMPARE(info->transitionCount % (32 * 16), std::int64_t{0});  // whole transactions only
    QCOMPARE(project.database().queryInt64("SELECT max(chunk_index) + 1 - count(*) FROM trajectory_chunks "
                                           "WHERE trajectory_id = " + std::to_string(childId)),
             std::int64_t{0});  // no gap
    verifyRange(project.readTrajectory(childId), 0, info->transitionCount, 25);
    QCOMPARE(project.readTrajectory(id).size(), std::size_t{0});
}

QTEST_GUILESS_MAIN(TestTrajectoryStore)
#include "tst_trajectory_store.moc"
