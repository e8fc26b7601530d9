// The crash campaign of issue 22 (docs/reliability.md, "Crash campaign"): the real `orrery run`,
// `orrery experiment` and `orrery train` SIGKILLed at moments drawn from a seeded generator, and
// after every kill: the project opens, PRAGMA integrity_check is ok, every finished run (or
// checkpoint) is bit-identical to the same work done without interruption, the killed run is
// marked 'interrupted', and a rerun resumes to the uninterrupted result. Then a full disk
// (RLIMIT_FSIZE), a read-only project file and two processes writing one project at once.
//
// ORRERY_CRASH_SEED and ORRERY_CRASH_KILLS override the seed and the kills per command.
#include "crash_campaign_support.h"

#ifdef ORRERY_CRASH_CAMPAIGN_SIMPPO
#include "agent_team.h"
#endif

#include <QtTest>

#include <cstdlib>
#include <random>

#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace orrery;
using orrery::testing::KilledProcess;
using orrery::testing::runAndKill;
using orrery::testing::runOrrery;

namespace {

constexpr std::uint64_t kDefaultSeed = 20261126;
constexpr int kDefaultKills = 20;

QString source(const QString& relative)
{
    return QStringLiteral(ORRERY_SOURCE_DIR) + '/' + relative;
}

QString readText(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QString::fromUtf8(file.readAll());
}

void writeText(const QString& path, const QString& text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    file.write(text.toUtf8());
}

//! demo.yaml with a longer horizon, so one run lasts long enough to be killed in the middle
//! (about 1,600 jobs and 720 samples per series per simulated 2 h).
QString demoVariant(const QString& directory, const QString& name, const QString& horizon)
{
    QString text = readText(source("resources/scenarios/demo.yaml"));
    if (!text.contains("horizon: 2h"))
        qFatal("demo.yaml no longer says 'horizon: 2h'");
    text.replace("horizon: 2h", "horizon: " + horizon);
    const QString path = directory + '/' + name;
    writeText(path, text);
    return path;
}

// Three functions on two invokers, one more arriving before episode 3 (tst_simppo_training):
// a resumed training must continue the churn schedule where it stopped.
QString functionsScenario()
{
    return QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: crash-functions}
spec:
  seed: 5
  horizon: 60s
  cluster:
    pools:
      - {name: invokers, count: 2, cpu: 4, memory: 8Gi}
  workloads:
    - name: faas
      kind: Functions
      platform: {invokers: invokers, controlPeriod: 5s}
      defaults: {arrivals: {pattern: fluctuating, rate: 20/s, every: 10s}, containers: 1}
      functions:
        - {name: primes, profile: primes}
        - {name: b64, profile: base64}
        - {name: resize, profile: image-resize}
      churn: {every: 2, changes: [1]}
)");
}

//! One kill campaign's tallies, for the summary table.
struct CampaignTally {
    QString command;
    int kills = 0;               //!< processes that were SIGKILLed (not those that finished first)
    int finishedChecked = 0;     //!< finished runs (models) compared with the uninterrupted ones, after every kill
    int intact = 0;              //!< of those, bit-identical
    int runningFound = 0;        //!< rows the killed process left 'running'
    int interruptedMarked = 0;   //!< of those, 'interrupted' after the next open
    int resumes = -1;            //!< reruns after a kill that ran to the end (-1: not applicable)
    int resumedOk = 0;           //!< of those, ended with the uninterrupted result
    int rerunsKilled = 0;        //!< reruns after a kill that were killed in turn
    std::map<QString, int> landed; //!< where the kills landed
};

QString landedText(const CampaignTally& tally)
{
    QStringList parts;
    for (const auto& [where, count] : tally.landed)
        parts << QStringLiteral("%1 %2").arg(count).arg(where);
    return parts.join(", ");
}

//! The run's status as the store spells it.
std::string statusOf(const store::Project& project, store::RunId id)
{
    const auto run = project.run(id);
    return run ? std::string(sim::toString(run->status)) : std::string("(no such run)");
}

//! A child-process setup that gives the child's files a size limit, the way a full disk refuses
//! writes (RLIMIT_FSIZE; writes past it fail with EFBIG, or SIGXFSZ unless that is ignored).
std::function<void()> fileSizeLimit(rlim_t bytes)
{
    return [bytes] {
        const rlimit limit{bytes, bytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    };
}

//! A child-process setup under which root, too, must respect file permissions: it drops
//! CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH from the bounding set, so the exec'd program never
//! gets them back (nothing changes for other users).
void dropFilePermissionOverride()
{
    if (::geteuid() != 0)
        return;
    ::prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0);
    ::prctl(PR_CAPBSET_DROP, CAP_DAC_READ_SEARCH, 0, 0, 0);
}

//! Whether this process holds `capability` in its effective set (/proc/self/status, CapEff).
bool hasCapability(int capability)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("CapEff:"))
            return (line.mid(7).trimmed().toULongLong(nullptr, 16) >> capability) & 1U;
    }
    return false;
}

QStringList entries(const QString& directory)
{
    return QDir(directory).entryList(QDir::Files | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
}

} // namespace

class TestCrashCampaign : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void killOrreryRun();
    void killOrreryExperiment();
    void killOrreryTrain();
    void trainKilledBeforeItsFinalModel();
    void diskFull();
    void readOnlyProjectFile();
    void twoWritersOnOneProject();
    void cleanupTestCase();

private:
    //! The moment of the next kill, in ms after start: at a fraction drawn from the campaign's
    //! generator of the span from 80 % of `workStartMs` (loading orrery and its libraries takes
    //! a good part of a short command's life and writes nothing) to 90 % of `lifeMs`.
    qint64 nextMoment(qint64 workStartMs, qint64 lifeMs, double* fraction);

    std::uint64_t m_seed = kDefaultSeed;
    int m_killsPerCommand = kDefaultKills;
    std::mt19937_64 m_rng;
    std::vector<CampaignTally> m_tallies;
    QElapsedTimer m_clock;
};

void TestCrashCampaign::initTestCase()
{
    if (const char* seed = std::getenv("ORRERY_CRASH_SEED"))
        m_seed = std::strtoull(seed, nullptr, 10);
    if (const char* kills = std::getenv("ORRERY_CRASH_KILLS"))
        m_killsPerCommand = std::max(1, std::atoi(kills));
    m_rng.seed(m_seed);
    m_clock.start();
    qInfo("crash campaign: seed %llu, %d kills per command (ORRERY_CRASH_SEED, ORRERY_CRASH_KILLS)",
          static_cast<unsigned long long>(m_seed), m_killsPerCommand);
}

qint64 TestCrashCampaign::nextMoment(qint64 workStartMs, qint64 lifeMs, double* fraction)
{
    // 53 bits of the generator, so the moments are the same with every standard library.
    *fraction = static_cast<double>(m_rng() >> 11) / static_cast<double>(std::uint64_t{1} << 53);
    const qint64 from = workStartMs * 4 / 5;
    const qint64 to = lifeMs * 9 / 10; // the last tenth is mostly the process ending
    return from + static_cast<qint64>(*fraction * static_cast<double>(std::max<qint64>(to - from, 1)));
}

void TestCrashCampaign::killOrreryRun()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scenario = demoVariant(dir.path(), "long-demo.yaml", "100h");
    const QStringList args{"run", scenario, "--project", "p.orrery", "--quiet"};
    const QStringList referenceArgs{"run", scenario, "--project", "reference.orrery", "--quiet"};

    // The uninterrupted run, and how long a whole `orrery run` lives.
    const auto reference = orrery::testing::timeRun(referenceArgs, dir.path(), dir.filePath("reference.orrery"));
    const qint64 lifeMs = reference.lifeMs;
    QVERIFY2(reference.exitCode == 0, reference.err.constData());
    QByteArray expected;
    {
        const auto project = store::Project::open(dir.filePath("reference.orrery").toStdString());
        expected = orrery::testing::storedResults(project, project.listRuns().front().id);
    }
    // One run finished before the first kill, so every kill checks that it survived.
    const auto first = runOrrery(args, dir.path());
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    qInfo("orrery run: an uninterrupted run lives %lld ms, its project file appears at %lld ms",
          static_cast<long long>(lifeMs), static_cast<long long>(reference.workStartMs));

    CampaignTally tally;
    tally.command = "orrery run";
    const std::string path = dir.filePath("p.orrery").toStdString();
    std::map<store::RunId, std::string> known; // every run seen so far and the status it must keep
    // Until m_killsPerCommand kills: a start that finishes before its moment is checked, not counted.
    for (int start = 1; tally.kills < m_killsPerCommand && start <= 3 * m_killsPerCommand; ++start) {
        {
            const auto project = store::Project::open(path);
            for (const auto& run : project.listRuns())
                known.emplace(run.id, sim::toString(run.status));
        }
        double fraction = 0;
        const qint64 moment = nextMoment(reference.workStartMs, lifeMs, &fraction);
        const KilledProcess process = runAndKill(args, dir.path(), moment);
        const std::set<store::RunId> running = orrery::testing::runningRunIds(path);
        const auto project = store::Project::open(path);
        QCOMPARE(project.integrityCheck(), std::string("ok"));

        QString landed = "before the run row was written";
        for (const auto& run : project.listRuns()) {
            const bool isNew = !known.contains(run.id);
            if (running.contains(run.id)) {
                QVERIFY2(isNew, "a run of an earlier round was 'running' again");
                ++tally.runningFound;
                QCOMPARE(statusOf(project, run.id), std::string("interrupted"));
                QVERIFY2(run.message.find("interrupted") != std::string::npos, run.message.c_str());
                {
                    // What it committed before the kill is the start of the uninterrupted run's series.
                    const auto referenceProject = store::Project::open(dir.filePath("reference.orrery").toStdString());
                    QVERIFY(orrery::testing::seriesArePrefixes(project, run.id, referenceProject,
                                                               referenceProject.listRuns().front().id));
                }
                ++tally.interruptedMarked;
                landed = "during the run";
                known[run.id] = "interrupted";
                continue;
            }
            QVERIFY2(run.status != sim::RunStatus::Running, "a run is still 'running' after the killer is gone");
            if (isNew) {
                QCOMPARE(statusOf(project, run.id), std::string("completed"));
                landed = process.killed ? "after the run was stored" : "after the process exited";
                known[run.id] = "completed";
            }
            QCOMPARE(std::string(sim::toString(run.status)), known[run.id]);
            if (run.status == sim::RunStatus::Completed) {
                ++tally.finishedChecked;
                QVERIFY2(orrery::testing::storedResults(project, run.id) == expected,
                         qPrintable(QStringLiteral("run %1 differs from the uninterrupted run").arg(run.id)));
                ++tally.intact;
            }
        }
        if (process.killed)
            ++tally.kills;
        else
            QVERIFY2(process.exitCode == 0, process.err.constData());
        ++tally.landed[landed];
        qInfo("orrery run start %d (%d kills) at %lld ms (%.3f): %s", start, tally.kills, static_cast<long long>(moment),
              fraction, qPrintable(landed));
    }
    qInfo("orrery run: %s", qPrintable(landedText(tally)));
    m_tallies.push_back(tally);
}

void TestCrashCampaign::killOrreryExperiment()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scenario = demoVariant(dir.path(), "cell-demo.yaml", "16h");
    writeText(dir.filePath("exp.yaml"), QStringLiteral("apiVersion: orrery.dev/v1\n"
                                                       "kind: Experiment\n"
                                                       "metadata: {name: crash-cells}\n"
                                                       "spec:\n"
                                                       "  scenario: %1\n"
                                                       "  arms:\n"
                                                       "    - {name: first-fit, policies: {placement: {plugin: first-fit}}}\n"
                                                       "    - {name: random, policies: {placement: {plugin: random}}}\n"
                                                       "  seeds: [1, 2, 3]\n")
                                            .arg(scenario));
    const auto argsFor = [](const QString& project) {
        return QStringList{"experiment", "exp.yaml", "--project", project, "--jobs", "1", "--quiet"};
    };
    const auto tablesOf = [](const QByteArray& out) { return out.mid(out.indexOf('\n') + 1); };

    const auto reference = orrery::testing::timeRun(argsFor("reference.orrery"), dir.path(), dir.filePath("reference.orrery"));
    const qint64 lifeMs = reference.lifeMs;
    QVERIFY2(reference.exitCode == 0, reference.err.constData());
    std::map<orrery::testing::CellKey, QByteArray> expected;
    QByteArray expectedComparison;
    {
        const auto project = store::Project::open(dir.filePath("reference.orrery").toStdString());
        for (const auto& [cell, run] : orrery::testing::completedCellRuns(project))
            expected[cell] = orrery::testing::storedResults(project, run);
        expectedComparison = orrery::testing::storedComparison(project);
    }
    const int cells = static_cast<int>(expected.size());
    QCOMPARE(cells, 6);
    QVERIFY(!expectedComparison.isEmpty());
    qInfo("orrery experiment: an uninterrupted experiment of %d cells lives %lld ms, its project file appears at %lld ms",
          cells, static_cast<long long>(lifeMs), static_cast<long long>(reference.workStartMs));

    CampaignTally tally;
    tally.command = "orrery experiment";
    tally.resumes = 0;
    // Every start after a kill is a rerun on the killed project: it may be killed in turn, and
    // when it finishes it must have run only the missing cells and end with the reference's
    // comparison. A finished experiment makes the next start a fresh project.
    int projectIndex = 1;
    int completedBefore = 0;
    bool afterKill = false;
    const auto finishCheck = [&](const QByteArray& out, const QString& name) {
        const QByteArray counts = QStringLiteral("; %1 run now, %2 already complete\n")
                                      .arg(cells - completedBefore)
                                      .arg(completedBefore)
                                      .toUtf8();
        QVERIFY2(out.left(out.indexOf('\n') + 1).endsWith(counts), (out + " (expected" + counts + ")").constData());
        QVERIFY(tablesOf(out) == tablesOf(reference.out));
        const auto project = store::Project::open(dir.filePath(name).toStdString());
        QCOMPARE(project.integrityCheck(), std::string("ok"));
        QVERIFY(orrery::testing::storedComparison(project) == expectedComparison);
        const auto all = orrery::testing::completedCellRuns(project);
        QCOMPARE(static_cast<int>(all.size()), cells);
        for (const auto& [cell, run] : all)
            QVERIFY(orrery::testing::storedResults(project, run) == expected.at(cell));
    };
    for (int start = 1; tally.kills < m_killsPerCommand && start <= 3 * m_killsPerCommand; ++start) {
        const QString name = QStringLiteral("p%1.orrery").arg(projectIndex);
        const std::string path = dir.filePath(name).toStdString();
        double fraction = 0;
        const qint64 moment = nextMoment(reference.workStartMs, lifeMs, &fraction);
        const KilledProcess process = runAndKill(argsFor(name), dir.path(), moment);
        if (!process.killed) {
            QVERIFY2(process.exitCode == 0, process.err.constData());
            finishCheck(process.out, name);
            if (QTest::currentTestFailed())
                return;
            if (afterKill)
                ++tally.resumes, ++tally.resumedOk;
            qInfo("orrery experiment start %d at %lld ms (%.3f): finished first (%d cells run now, %d were complete)", start,
                  static_cast<long long>(moment), fraction, cells - completedBefore, completedBefore);
            QFile::remove(dir.filePath(name));
            ++projectIndex;
            completedBefore = 0;
            afterKill = false;
            continue;
        }
        ++tally.kills;
        if (afterKill)
            ++tally.rerunsKilled; // checked below like any kill

        QString landed = "before the project file was created";
        if (QFileInfo::exists(dir.filePath(name))) {
            const std::set<store::RunId> running = orrery::testing::runningRunIds(path);
            const auto project = store::Project::open(path);
            QCOMPARE(project.integrityCheck(), std::string("ok"));
            for (const store::RunId id : running) {
                ++tally.runningFound;
                QCOMPARE(statusOf(project, id), std::string("interrupted"));
                ++tally.interruptedMarked;
            }
            for (const auto& run : project.listRuns())
                QVERIFY2(run.status == sim::RunStatus::Completed || run.status == sim::RunStatus::Interrupted,
                         qPrintable(QStringLiteral("run %1 is %2").arg(run.id).arg(sim::toString(run.status).data())));
            for (const auto& [cell, count] : orrery::testing::completedRunsPerCell(project))
                QCOMPARE(count, 1); // a rerun never runs a complete cell again
            const auto done = orrery::testing::completedCellRuns(project);
            for (const auto& [cell, run] : done) {
                ++tally.finishedChecked;
                QVERIFY2(orrery::testing::storedResults(project, run) == expected.at(cell),
                         qPrintable(QStringLiteral("cell run %1 differs from the uninterrupted experiment's").arg(run)));
                ++tally.intact;
            }
            const int doneNow = static_cast<int>(done.size());
            if (!running.empty())
                landed = QStringLiteral("during cell %1 of %2").arg(doneNow + 1).arg(cells);
            else if (doneNow == cells)
                landed = "after the last cell";
            else if (doneNow == completedBefore)
                landed = QStringLiteral("before a cell began (%1 done)").arg(doneNow);
            else
                landed = QStringLiteral("between cells (%1 done)").arg(doneNow);
            QVERIFY(doneNow >= completedBefore);
            completedBefore = doneNow;
        }
        afterKill = true;
        ++tally.landed[landed.startsWith("during cell")  ? QString("during a cell")
                       : landed.startsWith("between")    ? QString("between cells")
                       : landed.startsWith("before a cell") ? QString("before a cell began")
                                                         : landed];
        qInfo("orrery experiment kill %d/%d (start %d) at %lld ms (%.3f): %s", tally.kills, m_killsPerCommand, start,
              static_cast<long long>(moment), fraction, qPrintable(landed));
    }
    if (afterKill) {
        // The last kill's project, resumed to the end without a kill.
        const QString name = QStringLiteral("p%1.orrery").arg(projectIndex);
        const auto rerun = runOrrery(argsFor(name), dir.path());
        QVERIFY2(rerun.exitCode == 0, qPrintable(rerun.err));
        finishCheck(rerun.out.toUtf8(), name);
        if (QTest::currentTestFailed())
            return;
        ++tally.resumes, ++tally.resumedOk;
    }
    qInfo("orrery experiment: %s", qPrintable(landedText(tally)));
    m_tallies.push_back(tally);
}

void TestCrashCampaign::killOrreryTrain()
{
#ifndef ORRERY_CRASH_CAMPAIGN_SIMPPO
    QSKIP("the simppo plugin (LibTorch) is not part of this build");
#else
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeText(dir.filePath("functions.yaml"), functionsScenario());
    constexpr int kEpisodes = 6;
    // Every start says --resume: on a new project it starts from episode 1.
    const auto argsFor = [](const QString& project) {
        return QStringList{"train", "simppo", "--scenario", "functions.yaml", "--project", project, "--episodes",
                           QString::number(kEpisodes), "--steps", "24", "--checkpoint-every", "1", "--threads", "1",
                           "--resume"};
    };
    // What a stored model holds: the team's fingerprint (the bytes themselves name LibTorch
    // modules with a process-wide counter) and its metrics as bits. Of a final model, only the
    // episode count: its other figures (best and last mean reward) summarise the episodes of the
    // process that stored it, which after a resume are not all of them.
    const auto contentOf = [](const store::StoredModel& model, bool final) {
        plugins::simppo::TeamConfig config;
        config.mode = plugins::simppo::Mode::Simppo;
        plugins::simppo::AgentTeam team(config);
        team.load(model.bytes);
        const auto fingerprint = team.fingerprint();
        QByteArray text(reinterpret_cast<const char*>(fingerprint.data()), static_cast<qsizetype>(fingerprint.size()));
        for (const auto& [name, value] : model.metrics) {
            if (final && name != "episodes")
                continue;
            text += QByteArray::fromStdString(name);
            text += '=';
            text += orrery::testing::bitsText(value);
            text += ';';
        }
        return text;
    };
    //! Checkpoints by episode, and the final model (key 0).
    const auto modelsOf = [&](const store::Project& project) {
        std::multimap<int, QByteArray> models;
        for (const auto& summary : project.listModels()) {
            int episode = 0;
            for (const auto& [name, value] : summary.metrics) {
                if (name == "episode")
                    episode = static_cast<int>(value);
            }
            models.emplace(episode, contentOf(*project.model(summary.id), episode == 0));
        }
        return models;
    };

    const auto reference = orrery::testing::timeRun(argsFor("reference.orrery"), dir.path(), dir.filePath("reference.orrery"),
                                                     " episodes of up to ");
    const qint64 lifeMs = reference.lifeMs;
    QVERIFY2(reference.exitCode == 0, reference.err.constData());
    std::map<int, QByteArray> expected;
    {
        const auto project = store::Project::open(dir.filePath("reference.orrery").toStdString());
        for (const auto& [episode, content] : modelsOf(project))
            QVERIFY(expected.emplace(episode, content).second);
    }
    QCOMPARE(static_cast<int>(expected.size()), kEpisodes + 1);
    qInfo("orrery train: an uninterrupted training of %d episodes lives %lld ms, training starts at %lld ms", kEpisodes,
          static_cast<long long>(lifeMs), static_cast<long long>(reference.workStartMs));

    CampaignTally tally;
    tally.command = "orrery train";
    tally.resumes = 0;
    tally.runningFound = -1; // training writes models, not runs
    int projectIndex = 1;
    int checkpointsBefore = 0;
    bool afterKill = false;
    // Every model of a project equals the reference's of the same episode, none twice; returns
    // how many checkpoints there are (-1 on failure).
    const auto checkModels = [&](const QString& name, bool count) {
        const auto project = store::Project::open(dir.filePath(name).toStdString());
        QCOMPARE(project.integrityCheck(), std::string("ok"));
        for (const auto& run : project.listRuns())
            QVERIFY(run.status != sim::RunStatus::Running);
        const auto models = modelsOf(project);
        int checkpoints = 0;
        for (const auto& [episode, content] : models) {
            QCOMPARE(static_cast<int>(models.count(episode)), 1);
            if (count)
                ++tally.finishedChecked;
            QVERIFY2(content == expected.at(episode),
                     qPrintable(QStringLiteral("model of episode %1 (0: final) differs from the uninterrupted training's").arg(episode)));
            if (count)
                ++tally.intact;
            if (episode > 0) {
                ++checkpoints;
                QVERIFY2(models.count(episode - 1) == 1 || episode == 1, "checkpoints are not a prefix of the episodes");
            }
        }
        checkpointsBefore = checkpoints;
    };
    for (int start = 1; tally.kills < m_killsPerCommand && start <= 3 * m_killsPerCommand; ++start) {
        const QString name = QStringLiteral("p%1.orrery").arg(projectIndex);
        const std::string path = dir.filePath(name).toStdString();
        const int checkpointsAtStart = checkpointsBefore;
        double fraction = 0;
        const qint64 moment = nextMoment(reference.workStartMs, lifeMs, &fraction);
        const KilledProcess process = runAndKill(argsFor(name), dir.path(), moment);
        if (!process.killed) {
            // It finished: from the newest checkpoint, with every model the reference has.
            QVERIFY2(process.exitCode == 0, process.err.constData());
            if (checkpointsAtStart > 0 && checkpointsAtStart < kEpisodes)
                QVERIFY2(process.err.contains(QStringLiteral("after episode %1, %2 episodes to go")
                                                  .arg(checkpointsAtStart)
                                                  .arg(kEpisodes - checkpointsAtStart)
                                                  .toUtf8()),
                         process.err.constData());
            checkModels(name, false);
            if (QTest::currentTestFailed())
                return;
            QCOMPARE(checkpointsBefore, kEpisodes);
            QVERIFY2(QFileInfo::exists(dir.filePath(name)), "no project after a finished training");
            QVERIFY2(modelsOf(store::Project::open(dir.filePath(name).toStdString())).count(0) == 1,
                     "a finished training left no final model");
            if (afterKill)
                ++tally.resumes, ++tally.resumedOk;
            // A kill between the last checkpoint and the final model: the rerun stores that checkpoint as final.
            const bool promoted = process.out.contains("without storing its final model");
            QCOMPARE(promoted, afterKill && checkpointsAtStart == kEpisodes);
            qInfo("orrery train start %d at %lld ms (%.3f): finished first (%s after %d checkpoints)", start,
                  static_cast<long long>(moment), fraction,
                  promoted ? "stored the last checkpoint as the final model" : afterKill ? "resumed" : "not resumed",
                  checkpointsAtStart);
            QFile::remove(dir.filePath(name));
            ++projectIndex;
            checkpointsBefore = 0;
            afterKill = false;
            continue;
        }
        ++tally.kills;
        if (afterKill)
            ++tally.rerunsKilled;

        // Where it landed, from the progress lines: the checkpoint of episode k is written
        // between "episode k/N" and "checkpoint episode k stored".
        int reported = 0;
        int stored = 0;
        for (const QByteArray& line : process.err.split('\n')) {
            const QList<QByteArray> words = line.split(' ');
            if (words.size() > 3 && words[2] == "episode")
                reported = words[3].split('/').front().toInt();
            if (words.size() > 4 && words[2] == "checkpoint" && words[3] == "episode")
                stored = words[4].toInt();
        }
        QString landed;
        if (reported == 0)
            landed = "before its first episode ended";
        else if (reported > stored)
            landed = QStringLiteral("in checkpoint write %1").arg(reported);
        else if (reported == kEpisodes)
            landed = "after the last checkpoint"; // refined below: before or after the final model
        else
            landed = QStringLiteral("in episode %1").arg(reported + 1);
        if (QFileInfo::exists(dir.filePath(name))) {
            checkModels(name, true);
            if (QTest::currentTestFailed())
                return;
            QVERIFY(checkpointsBefore >= checkpointsAtStart);
            if (landed.startsWith("in checkpoint write"))
                landed += checkpointsBefore >= reported ? " (committed)" : " (not committed)";
            if (modelsOf(store::Project::open(path)).count(0) == 1) {
                // The final model is in: the training is complete, and a rerun has nothing to do.
                QCOMPARE(checkpointsBefore, kEpisodes);
                ++tally.landed["after the final model was stored"];
                qInfo("orrery train kill %d/%d (start %d) at %lld ms (%.3f): after the final model was stored", tally.kills,
                      m_killsPerCommand, start, static_cast<long long>(moment), fraction);
                QFile::remove(dir.filePath(name));
                ++projectIndex;
                checkpointsBefore = 0;
                afterKill = false;
                continue;
            }
            if (landed == "after the last checkpoint")
                landed = "between the last checkpoint and the final model";
        }
        afterKill = true;
        ++tally.landed[landed.startsWith("in checkpoint write") ? QString("in a checkpoint write")
                       : landed.startsWith("in episode")         ? QString("in an episode")
                                                                 : landed];
        qInfo("orrery train kill %d/%d (start %d) at %lld ms (%.3f): %s", tally.kills, m_killsPerCommand, start,
              static_cast<long long>(moment), fraction, qPrintable(landed));
    }
    if (afterKill) {
        const QString name = QStringLiteral("p%1.orrery").arg(projectIndex);
        const auto resumed = runOrrery(argsFor(name), dir.path());
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        checkModels(name, false);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(checkpointsBefore, kEpisodes);
        QVERIFY2(modelsOf(store::Project::open(dir.filePath(name).toStdString())).count(0) == 1,
                 "a finished training left no final model");
        ++tally.resumes, ++tally.resumedOk;
    }
    qInfo("orrery train: %s", qPrintable(landedText(tally)));
    m_tallies.push_back(tally);
#endif
}

void TestCrashCampaign::trainKilledBeforeItsFinalModel()
{
#ifndef ORRERY_CRASH_CAMPAIGN_SIMPPO
    QSKIP("the simppo plugin (LibTorch) is not part of this build");
#else
    // The state a kill between the last checkpoint and the final model leaves (found by the
    // campaign: --resume then said "nothing to resume" and the project never got a final model).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeText(dir.filePath("functions.yaml"), functionsScenario());
    const QStringList args{"train", "simppo", "--scenario", "functions.yaml", "--project", "p.orrery", "--episodes", "2",
                           "--steps", "6", "--checkpoint-every", "1", "--threads", "1", "--resume"};
    const auto trained = runOrrery(args, dir.path());
    QVERIFY2(trained.exitCode == 0, qPrintable(trained.err));
    const std::string path = dir.filePath("p.orrery").toStdString();
    std::vector<std::uint8_t> finalBytes;
    {
        auto project = store::Project::open(path);
        const auto models = project.listModels();
        QCOMPARE(models.size(), std::size_t{3}); // checkpoints 1 and 2, the final model
        finalBytes = project.model(models.back().id)->bytes;
        store::Statement remove(project.database(), "DELETE FROM models WHERE id = ?1");
        remove.bindInt64(1, models.back().id);
        remove.run();
    }
    const auto resumed = runOrrery(args, dir.path());
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
    QVERIFY2(resumed.out.contains("without storing its final model; stored that checkpoint as model"), qPrintable(resumed.out));
    const auto project = store::Project::open(path);
    const auto final = project.latestModel("simppo");
    QVERIFY(final);
    QVERIFY(final->bytes == project.model(project.listModels()[1].id)->bytes); // checkpoint 2's team
    bool hasEpisodes = false;
    for (const auto& [name, value] : final->metrics)
        hasEpisodes = hasEpisodes || (name == "episodes" && value == 2.0);
    QVERIFY(hasEpisodes);
    // And a further --resume finds the final model: nothing left to do, nothing stored.
    const auto again = runOrrery(args, dir.path());
    QVERIFY2(again.exitCode == 0 && again.out.contains("nothing to resume"), qPrintable(again.out + again.err));
    QCOMPARE(store::Project::open(path).listModels().size(), std::size_t{3});
#endif
}

void TestCrashCampaign::diskFull()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scenario = demoVariant(dir.path(), "long-demo.yaml", "20h");
    const QStringList args{"run", scenario, "--project", "p.orrery", "--quiet"};
    const auto first = runOrrery(args, dir.path());
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const std::string path = dir.filePath("p.orrery").toStdString();
    QByteArray firstResults;
    {
        const auto project = store::Project::open(path);
        firstResults = orrery::testing::storedResults(project, project.listRuns().front().id);
    }
    // The first run's samples took well over 512 KiB; with files limited to 160 KiB, the second
    // run's write-ahead log (where its commits go) fills up long before the run ends.
    const qint64 size = QFileInfo(dir.filePath("p.orrery")).size();
    QVERIFY2(size > 512 * 1024, qPrintable(QString::number(size)));
    const KilledProcess full = runAndKill(args, dir.path(), 120'000, fileSizeLimit(160 * 1024));
    QVERIFY2(!full.killed && full.exitCode > 0,
             qPrintable(QStringLiteral("exit %1 (-1: killed by a signal): %2").arg(full.exitCode).arg(QString::fromUtf8(full.err))));
    QVERIFY2(full.err.contains("p.orrery: ") && full.err.contains("disk full"),
             full.err.constData());
    qInfo("full disk: exit %d, %s", full.exitCode, full.err.trimmed().constData());

    const auto project = store::Project::open(path);
    QCOMPARE(project.integrityCheck(), std::string("ok"));
    const auto runs = project.listRuns();
    QVERIFY(!runs.empty());
    QCOMPARE(orrery::testing::storedResults(project, runs.front().id), firstResults);
    for (std::size_t i = 1; i < runs.size(); ++i)
        QVERIFY2(runs[i].status == sim::RunStatus::Failed || runs[i].status == sim::RunStatus::Interrupted,
                 sim::toString(runs[i].status).data());
    // With space again, the same project takes the next run.
    const auto again = runOrrery(args, dir.path());
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
}

void TestCrashCampaign::readOnlyProjectFile()
{
    if (::geteuid() == 0 && hasCapability(CAP_DAC_OVERRIDE) && !hasCapability(CAP_SETPCAP))
        QSKIP("root here may write any file and cannot give that up (no CAP_SETPCAP): a read-only file binds nothing");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scenario = source("resources/scenarios/demo.yaml");
    const QStringList args{"run", scenario, "--project", "p.orrery", "--quiet"};
    const auto first = runOrrery(args, dir.path());
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const QString file = dir.filePath("p.orrery");
    QVERIFY(QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    const QByteArray before = [&] {
        QFile in(file);
        return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
    }();
    QVERIFY(!before.isEmpty());
    const QStringList filesBefore = entries(dir.path());

    for (const QStringList& command : {args, QStringList{"experiment", source("tests/fixtures/experiments/cells-tiny.yaml"),
                                                         "--project", "p.orrery", "--quiet"}}) {
        const KilledProcess refused = runAndKill(command, dir.path(), 120'000, dropFilePermissionOverride);
        QVERIFY2(!refused.killed && refused.exitCode > 0, refused.err.constData());
        QVERIFY2(refused.err.contains("p.orrery: ") && refused.err.contains("read-only"),
                 refused.err.constData());
        qInfo("read-only project (%s): exit %d, %s", qPrintable(command.front()), refused.exitCode,
              refused.err.trimmed().constData());
        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QVERIFY2(in.readAll() == before, "the read-only project file changed");
        // SQLite may leave its empty -wal and -shm beside a WAL file it opened; nothing else.
        for (const QString& name : entries(dir.path()))
            QVERIFY2(filesBefore.contains(name) || name == "p.orrery-wal" || name == "p.orrery-shm", qPrintable(name));
    }
}

void TestCrashCampaign::twoWritersOnOneProject()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scenario = demoVariant(dir.path(), "long-demo.yaml", "20h");
    const auto reference = runOrrery({"run", scenario, "--project", "reference.orrery", "--quiet"}, dir.path());
    QVERIFY2(reference.exitCode == 0, qPrintable(reference.err));
    QByteArray expected;
    {
        const auto project = store::Project::open(dir.filePath("reference.orrery").toStdString());
        expected = orrery::testing::storedResults(project, project.listRuns().front().id);
    }
    // Two `orrery run` and an `orrery experiment` into one new project, started together.
    writeText(dir.filePath("exp.yaml"), readText(source("tests/fixtures/experiments/cells-tiny.yaml"))
                                             .replace("cells-tiny-scenario.yaml", source("tests/fixtures/experiments/cells-tiny-scenario.yaml")));
    const QList<QStringList> commands{{"run", scenario, "--project", "p.orrery", "--quiet"},
                                      {"run", scenario, "--project", "p.orrery", "--quiet"},
                                      {"experiment", "exp.yaml", "--project", "p.orrery", "--quiet"}};
    std::vector<std::unique_ptr<QProcess>> processes;
    for (const QStringList& command : commands) {
        auto process = std::make_unique<QProcess>();
        process->setWorkingDirectory(dir.path());
        process->setProcessEnvironment(orrery::testing::headlessEnvironment());
        process->start(QStringLiteral(ORRERY_EXECUTABLE), command);
        QVERIFY(process->waitForStarted(30'000));
        processes.push_back(std::move(process));
    }
    int runsSucceeded = 0;
    bool experimentSucceeded = false;
    for (std::size_t i = 0; i < processes.size(); ++i) {
        QProcess& process = *processes[i];
        QVERIFY(process.waitForFinished(180'000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        const QByteArray err = process.readAllStandardError();
        qInfo("writer %zu (%s): exit %d %s", i + 1, qPrintable(commands[static_cast<qsizetype>(i)].front()),
              process.exitCode(), err.trimmed().constData());
        if (process.exitCode() != 0) {
            // Failing is allowed when it says why; waiting (SQLite's busy timeout) is better.
            QVERIFY2(err.contains("locked") || err.contains("busy"), err.constData());
            continue;
        }
        if (i < 2)
            ++runsSucceeded;
        else
            experimentSucceeded = true;
    }
    const auto project = store::Project::open(dir.filePath("p.orrery").toStdString());
    QCOMPARE(project.integrityCheck(), std::string("ok"));
    int completedRuns = 0;
    for (const auto& run : project.listRuns()) {
        QVERIFY(run.status != sim::RunStatus::Running);
        if (run.status == sim::RunStatus::Completed && run.scenarioName == "demo") {
            ++completedRuns;
            QVERIFY2(orrery::testing::storedResults(project, run.id) == expected,
                     "a run written beside another writer differs from the one written alone");
        }
    }
    QCOMPARE(completedRuns, runsSucceeded);
    if (experimentSucceeded)
        QCOMPARE(orrery::testing::completedCellRuns(project).size(), std::size_t{4});
    qInfo("two writers: %d of 2 runs and %s experiment completed side by side", runsSucceeded,
          experimentSucceeded ? "the" : "not the");
}

void TestCrashCampaign::cleanupTestCase()
{
    qInfo("crash campaign summary (seed %llu, %lld s):", static_cast<unsigned long long>(m_seed),
          static_cast<long long>(m_clock.elapsed() / 1000));
    qInfo("| command | kills | finished runs checked | intact | interrupted marked | resumed ok |");
    qInfo("|---|---|---|---|---|---|");
    for (const CampaignTally& tally : m_tallies) {
        const QString resumed = tally.resumes < 0
            ? QStringLiteral("n/a")
            : QStringLiteral("%1 of %2 (and %3 reruns killed in turn)").arg(tally.resumedOk).arg(tally.resumes).arg(tally.rerunsKilled);
        const QString interrupted = tally.runningFound < 0
            ? QStringLiteral("n/a (no run rows)")
            : QStringLiteral("%1 of %2").arg(tally.interruptedMarked).arg(tally.runningFound);
        qInfo("| %s | %d | %d | %d | %s | %s |", qPrintable(tally.command), tally.kills, tally.finishedChecked,
              tally.intact, qPrintable(interrupted), qPrintable(resumed));
    }
    for (const CampaignTally& tally : m_tallies)
        qInfo("%s kills landed: %s", qPrintable(tally.command), qPrintable(landedText(tally)));
}

QTEST_GUILESS_MAIN(TestCrashCampaign)
#include "tst_crash_campaign.moc"
