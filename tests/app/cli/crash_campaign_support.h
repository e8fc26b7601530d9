#pragma once
// What tst_crash_campaign needs besides the checks themselves: starting `orrery` and SIGKILLing
// it at a chosen moment, and reading a project's stored results in a form that compares bit for
// bit with another project's.
#include "store/database.h"
#include "store/project.h"
#include "store/statement.h"

#include "cli_test_support.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <csignal>
#include <sys/types.h>

namespace orrery::testing {

//! How one start of `orrery` ended: SIGKILLed at its moment, or finished before it.
struct KilledProcess {
    bool killed = false;
    int exitCode = -1;       //!< when it finished by itself
    qint64 elapsedMs = 0;    //!< from start() to the kill or the exit
    QByteArray out;
    QByteArray err;
};

//! Starts the orrery under test and SIGKILLs it `killAtMs` after start() unless it exits first.
//! `childSetup` runs in the child between fork and exec (setrlimit, capabilities).
inline KilledProcess runAndKill(const QStringList& args, const QString& workingDirectory, qint64 killAtMs,
                                const std::function<void()>& childSetup = {})
{
    QProcess process;
    process.setWorkingDirectory(workingDirectory);
    process.setProcessEnvironment(headlessEnvironment());
    if (childSetup)
        process.setChildProcessModifier(childSetup);
    QElapsedTimer clock;
    clock.start();
    process.start(QStringLiteral(ORRERY_EXECUTABLE), args);
    if (!process.waitForStarted(30'000))
        qFatal("orrery did not start: %s", qPrintable(process.errorString()));
    KilledProcess result;
    const qint64 left = killAtMs - clock.elapsed();
    if (left > 0 && process.waitForFinished(static_cast<int>(left))) {
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    } else if (process.state() == QProcess::NotRunning) {
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    } else {
        ::kill(static_cast<pid_t>(process.processId()), SIGKILL);
        result.killed = true;
        if (!process.waitForFinished(30'000))
            qFatal("orrery outlived SIGKILL");
    }
    result.elapsedMs = clock.elapsed();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

//! An uninterrupted start of `orrery`, timed: when its work began (the project file appeared,
//! or `marker` was written on stderr, whichever came first) and when it exited.
struct TimedRun {
    qint64 workStartMs = -1;
    qint64 lifeMs = 0;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline TimedRun timeRun(const QStringList& args, const QString& workingDirectory, const QString& projectFile,
                        const QByteArray& marker = {})
{
    QProcess process;
    process.setWorkingDirectory(workingDirectory);
    process.setProcessEnvironment(headlessEnvironment());
    QElapsedTimer clock;
    clock.start();
    process.start(QStringLiteral(ORRERY_EXECUTABLE), args);
    if (!process.waitForStarted(30'000))
        qFatal("orrery did not start: %s", qPrintable(process.errorString()));
    TimedRun result;
    while (process.state() != QProcess::NotRunning) {
        process.waitForFinished(5);
        result.err += process.readAllStandardError();
        if (result.workStartMs < 0
            && (QFileInfo::exists(projectFile) || (!marker.isEmpty() && result.err.contains(marker))))
            result.workStartMs = clock.elapsed();
        if (clock.elapsed() > 600'000)
            qFatal("orrery %s did not finish", qPrintable(args.join(' ')));
    }
    result.lifeMs = clock.elapsed();
    if (result.workStartMs < 0)
        result.workStartMs = result.lifeMs;
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err += process.readAllStandardError();
    return result;
}

//! A double as its 64 bits, so equal means bit for bit (-0.0 and NaN payloads included).
inline QByteArray bitsText(double value)
{
    return QByteArray::number(static_cast<qulonglong>(std::bit_cast<std::uint64_t>(value)), 16);
}

//! Everything a run stored as results: metrics (name, unit, value bits), every series with every
//! sample (time, value bits), and its trace and span counts. Equal texts: bit-identical results.
inline QByteArray storedResults(const store::Project& project, store::RunId run)
{
    QByteArray text;
    for (const store::MetricRow& metric : project.metrics(run)) {
        text += "metric ";
        text += QByteArray::fromStdString(metric.name);
        text += ' ';
        text += QByteArray::fromStdString(metric.unit);
        text += ' ';
        text += bitsText(metric.value);
        text += '\n';
    }
    for (const store::SeriesInfo& series : project.series(run)) {
        text += "series ";
        text += QByteArray::fromStdString(series.name);
        text += ' ';
        text += QByteArray::fromStdString(series.unit);
        text += ' ';
        text += QByteArray::number(static_cast<qlonglong>(series.sampleCount));
        text += '\n';
        for (const store::Sample& sample : project.samples(series.id)) {
            text += QByteArray::number(static_cast<qlonglong>(sample.time));
            text += ' ';
            text += bitsText(sample.value);
            text += '\n';
        }
    }
    text += "traces ";
    text += QByteArray::number(static_cast<qlonglong>(project.traceCount(run)));
    text += " spans ";
    text += QByteArray::number(static_cast<qlonglong>(project.spanCount(run)));
    text += '\n';
    return text;
}

//! True when every series the run stored begins like the same series of `reference`, sample
//! for sample and bit for bit: what a run cut short keeps of the uninterrupted run's series.
inline bool seriesArePrefixes(const store::Project& project, store::RunId run, const store::Project& referenceProject,
                              store::RunId reference)
{
    std::map<std::string, std::vector<store::Sample>> expected;
    for (const store::SeriesInfo& series : referenceProject.series(reference))
        expected[series.name] = referenceProject.samples(series.id);
    for (const store::SeriesInfo& series : project.series(run)) {
        const auto found = expected.find(series.name);
        if (found == expected.end())
            return false;
        const auto samples = project.samples(series.id);
        if (samples.size() > found->second.size())
            return false;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            if (samples[i].time != found->second[i].time
                || std::bit_cast<std::uint64_t>(samples[i].value) != std::bit_cast<std::uint64_t>(found->second[i].value))
                return false;
        }
    }
    return true;
}

//! Ids of the runs whose row says 'running', read with a bare connection, so before any
//! Project::open has recovered them (none while the file has no schema).
inline std::set<store::RunId> runningRunIds(const std::string& path)
{
    std::set<store::RunId> ids;
    store::Database db = store::Database::open(path, store::Database::OpenMode::ReadWrite);
    // A process killed right after creating the file leaves it without a schema yet.
    if (db.queryInt64("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'runs'") == 0)
        return ids;
    store::Statement query(db, "SELECT id FROM runs WHERE status = 'running'");
    while (query.step())
        ids.insert(query.columnInt64(0));
    return ids;
}

//! An experiment cell: sweep index, arm, seed, repeat.
using CellKey = std::tuple<std::int64_t, std::string, std::int64_t, std::int64_t>;

//! Every cell with a completed run, and that run (the newest, should a cell have two).
inline std::map<CellKey, store::RunId> completedCellRuns(const store::Project& project)
{
    std::map<CellKey, store::RunId> cells;
    store::Statement query(project.database(),
                           "SELECT e.sweep_index, e.arm, e.seed, e.repeat_index, e.run_id FROM experiment_runs e "
                           "JOIN runs r ON r.id = e.run_id WHERE r.status = 'completed' ORDER BY e.run_id");
    while (query.step())
        cells[{query.columnInt64(0), query.columnText(1), query.columnInt64(2), query.columnInt64(3)}] = query.columnInt64(4);
    return cells;
}

//! How many completed runs each cell has (a resumed experiment must not run a cell twice).
inline std::map<CellKey, int> completedRunsPerCell(const store::Project& project)
{
    std::map<CellKey, int> counts;
    store::Statement query(project.database(),
                           "SELECT e.sweep_index, e.arm, e.seed, e.repeat_index FROM experiment_runs e "
                           "JOIN runs r ON r.id = e.run_id WHERE r.status = 'completed'");
    while (query.step())
        ++counts[{query.columnInt64(0), query.columnText(1), query.columnInt64(2), query.columnInt64(3)}];
    return counts;
}

//! The stored comparison (experiment_results) of the project's experiments, figures as bits.
inline QByteArray storedComparison(const store::Project& project)
{
    static const char* const kFigures[] = {"mean", "p50", "p90", "p99", "min", "max", "median_ratio",
                                           "median_ratio_low", "median_ratio_high", "mann_whitney_u", "p_value",
                                           "mean_ratio", "speedup"};
    std::string sql = "SELECT row_index, sweep_index, sweep_value, metric, arm, unit, baseline_arm, runs";
    for (const char* figure : kFigures) {
        sql += ", ";
        sql += figure;
    }
    sql += " FROM experiment_results ORDER BY experiment_id, row_index";
    store::Statement query(project.database(), sql);
    QByteArray text;
    while (query.step()) {
        for (int column = 0; column < 8; ++column) {
            text += QByteArray::fromStdString(query.columnText(column));
            text += '|';
        }
        for (int column = 8; column < 8 + static_cast<int>(std::size(kFigures)); ++column) {
            text += query.columnIsNull(column) ? QByteArray("null") : bitsText(query.columnDouble(column));
            text += '|';
        }
        text += '\n';
    }
    return text;
}

} // namespace orrery::testing
