#include "store/project_run_recorder.h"

#include "store/policy_text.h"
#include "store/process_identity.h"
#include "store/project.h"
#include "store/sample_codec.h"
#include "store/sha256.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "store/transaction.h"
#include "store/utc_time.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace orrery::store {

ProjectRunRecorder::ProjectRunRecorder(Project& project)
    : ProjectRunRecorder(project, Options{})
{
}

ProjectRunRecorder::ProjectRunRecorder(Project& project, Options options)
    : m_project(project)
    , m_options(options)
{
    m_options.samplesPerChunk = std::max<std::size_t>(m_options.samplesPerChunk, 1);
    m_options.chunksPerTransaction = std::max<std::size_t>(m_options.chunksPerTransaction, 1);
}

ProjectRunRecorder::~ProjectRunRecorder()
{
    if (!m_recording)
        return;
    constexpr std::string_view kMessage = "the recorder was destroyed before the run ended "
                                          "(an exception or an early return in the program recording it)";
    try {
        endRun(sim::RunStatus::Failed, kMessage);
    } catch (...) {
        // Writing the buffered samples failed too (disk full, I/O error): at least say so.
        markFailedQuietly(kMessage);
    }
}

void ProjectRunRecorder::requireRecording(const char* call) const
{
    if (!m_recording)
        throw std::logic_error(std::string("ProjectRunRecorder::") + call + " outside beginRun/endRun");
}

void ProjectRunRecorder::beginRun(const sim::RunInfo& info)
{
    if (m_recording)
        throw std::logic_error("ProjectRunRecorder::beginRun while run " + std::to_string(m_runId.value_or(0))
                               + " is still being recorded");
    const std::string policies = canonicalPolicyText(info.policies);
    const std::string digest = Sha256::hexDigest(info.scenarioText);
    const ProcessIdentity self = ProcessIdentity::current();
    const std::string now = utcNow();

    Database& db = m_project.database();
    Transaction transaction(db, Transaction::Mode::Immediate);
    Statement insertScenario(db, "INSERT INTO scenarios (name, source_text, text_sha256, created_at) "
                                 "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (text_sha256, name) DO NOTHING");
    insertScenario.bindText(1, info.scenarioName).bindText(2, info.scenarioText).bindText(3, digest).bindText(4, now);
    insertScenario.run();
    Statement findScenario(db, "SELECT id FROM scenarios WHERE text_sha256 = ?1 AND name = ?2");
    findScenario.bindText(1, digest).bindText(2, info.scenarioName);
    if (!findScenario.step())
        throw StoreError(db.path(), "scenario '" + info.scenarioName + "' vanished while recording it");
    const std::int64_t scenarioId = findScenario.columnInt64(0);

    Statement insertRun(db, R"sql(
        INSERT INTO runs (scenario_id, seed, status, policies, horizon_ns, started_at, message,
                          owner_host, owner_pid, owner_start_token)
        VALUES (?1, ?2, 'running', ?3, ?4, ?5, '', ?6, ?7, ?8))sql");
    insertRun.bindInt64(1, scenarioId)
        .bindInt64(2, static_cast<std::int64_t>(info.seed))  // the uint64's two's-complement bits
        .bindText(3, policies)
        .bindInt64(4, info.horizon)
        .bindText(5, now)
        .bindText(6, self.host)
        .bindInt64(7, self.pid);
    if (self.startToken.empty())
        insertRun.bindNull(8);
    else
        insertRun.bindText(8, self.startToken);
    insertRun.run();
    const RunId runId = db.lastInsertRowId();
    // Which stored model each trainable policy used: the newest row with exactly these bytes.
    for (const auto& [plugin, bytes] : info.models) {
        const std::span<const std::byte> blob = std::as_bytes(bytes);
        Statement findModel(db, "SELECT id FROM models WHERE plugin = ?1 AND bytes = ?2 ORDER BY id DESC LIMIT 1");
        findModel.bindText(1, plugin).bindBlob(2, blob);
        Statement insertModel(db, "INSERT INTO run_models (run_id, plugin, model_id, model_sha256) VALUES (?1, ?2, ?3, ?4)");
        insertModel.bindInt64(1, runId).bindText(2, plugin);
        if (findModel.step())
            insertModel.bindInt64(3, findModel.columnInt64(0));
        else
            insertModel.bindNull(3);
        insertModel.bindText(4, Sha256::hexDigest({reinterpret_cast<const char*>(bytes.data()), bytes.size()}));
        insertModel.run();
    }
    transaction.commit();

    m_runId = runId;
    m_recording = true;
    m_series.clear();
    m_pending.clear();
    m_metrics.clear();
    m_chunksWritten = 0;
    m_namesStaged = 0;
    m_nextBatchIndex = 0;
    m_pendingNames.clear();
    m_pendingTraces.clear();
    m_pendingTraceBytes = 0;
    m_pendingAnnotations.clear();
}

sim::SeriesId ProjectRunRecorder::defineSeries(std::string_view name, std::string_view unit)
{
    requireRecording("defineSeries");
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        if (m_series[i].name != name)
            continue;
        if (m_series[i].unit != unit) {
            throw std::invalid_argument("series '" + std::string(name) + "' defined with unit '" + std::string(unit)
                                        + "' after '" + m_series[i].unit + "'");
        }
        return static_cast<sim::SeriesId>(i);
    }
    Database& db = m_project.database();
    Statement insert(db, "INSERT INTO series (run_id, name, unit) VALUES (?1, ?2, ?3)");
    insert.bindInt64(1, *m_runId).bindText(2, name).bindText(3, unit).run();
    SeriesBuffer buffer;
    buffer.storedId = db.lastInsertRowId();
    buffer.name = name;
    buffer.unit = unit;
    m_series.push_back(std::move(buffer));
    return static_cast<sim::SeriesId>(m_series.size() - 1);
}

void ProjectRunRecorder::recordSample(sim::SeriesId series, sim::SimTime time, double value)
{
    requireRecording("recordSample");
    if (series >= m_series.size())
        throw std::out_of_range("ProjectRunRecorder: unknown series id " + std::to_string(series));
    SeriesBuffer& buffer = m_series[series];
    if (buffer.packed.empty()) {
        buffer.firstTime = time;
        buffer.packed.reserve(m_options.samplesPerChunk * SampleCodec::kBytesPerSample);
    }
    SampleCodec::append(buffer.packed, time, value);
    if (buffer.packed.size() >= m_options.samplesPerChunk * SampleCodec::kBytesPerSample) {
        sealChunk(buffer);
        if (m_pending.size() >= m_options.chunksPerTransaction)
            commitPendingChunks();
    }
}

void ProjectRunRecorder::recordMetric(std::string_view name, double value, std::string_view unit)
{
    requireRecording("recordMetric");
    for (PendingMetric& metric : m_metrics) {
        if (metric.name == name) {
            metric.value = value;
            metric.unit = unit;
            return;
        }
    }
    m_metrics.push_back(PendingMetric{std::string(name), value, std::string(unit)});
}

void ProjectRunRecorder::endRun(sim::RunStatus status, std::string_view message)
{
    requireRecording("endRun");
    if (status == sim::RunStatus::Running)
        throw std::invalid_argument("ProjectRunRecorder::endRun needs a final status, not 'running'");
    sealPartialChunks();

    Database& db = m_project.database();
    Transaction transaction(db, Transaction::Mode::Immediate);
    insertPendingChunks();
    Statement insertMetric(db, "INSERT INTO run_metrics (run_id, name, value, unit) VALUES (?1, ?2, ?3, ?4)");
    for (const PendingMetric& metric : m_metrics) {
        insertMetric.bindInt64(1, *m_runId).bindText(2, metric.name).bindText(4, metric.unit);
        if (std::isnan(metric.value))
            insertMetric.bindNull(3);  // SQLite would store NULL anyway; say so explicitly
        else
            insertMetric.bindDouble(3, metric.value);
        insertMetric.run();
    }
    Statement finish(db, "UPDATE runs SET status = ?2, ended_at = ?3, message = ?4 WHERE id = ?1");
    finish.bindInt64(1, *m_runId).bindText(2, sim::toString(status)).bindText(3, utcNow()).bindText(4, message).run();
    if (db.changes() != 1)
        throw StoreError(db.path(), "run " + std::to_string(*m_runId) + " was deleted while being recorded");
    transaction.commit();

    clearPending();
    m_metrics.clear();
    m_series.clear();
    m_recording = false;
}

void ProjectRunRecorder::flush()
{
    requireRecording("flush");
    sealPartialChunks();
    commitPendingChunks();
}

void ProjectRunRecorder::sealChunk(SeriesBuffer& series)
{
    const auto count = static_cast<std::int64_t>(series.packed.size() / SampleCodec::kBytesPerSample);
    m_pending.push_back(
        PendingChunk{series.storedId, series.nextChunkIndex, series.firstTime, count, std::move(series.packed)});
    ++series.nextChunkIndex;
    series.packed = {};
}

void ProjectRunRecorder::sealPartialChunks()
{
    for (SeriesBuffer& series : m_series) {
        if (!series.packed.empty())
            sealChunk(series);
    }
}

void ProjectRunRecorder::insertPendingChunks()
{
    insertPendingTraces();
    if (m_pending.empty())
        return;
    Statement insert(m_project.database(),
                     "INSERT INTO series_chunks (series_id, chunk_index, first_time_ns, sample_count, data) "
                     "VALUES (?1, ?2, ?3, ?4, ?5)");
    for (const PendingChunk& chunk : m_pending) {
        insert.bindInt64(1, chunk.storedId)
            .bindInt64(2, chunk.chunkIndex)
            .bindInt64(3, chunk.firstTime)
            .bindInt64(4, chunk.sampleCount)
            .bindBlob(5, chunk.packed);
        insert.run();
    }
}

void ProjectRunRecorder::commitPendingChunks()
{
    if (!hasPending())
        return;
    Transaction transaction(m_project.database(), Transaction::Mode::Immediate);
    insertPendingChunks();
    transaction.commit();
    // Only now are the chunks in the file; on failure they stay pending and are retried.
    clearPending();
}

void ProjectRunRecorder::markFailedQuietly(std::string_view message) noexcept
{
    m_recording = false;
    try {
        Database& db = m_project.database();
        if (db.inTransaction())
            return;
        Statement finish(db, "UPDATE runs SET status = 'failed', ended_at = ?2, message = ?3 WHERE id = ?1");
        finish.bindInt64(1, *m_runId).bindText(2, utcNow()).bindText(3, message).run();
    } catch (...) {
        // Nothing more to try: the row stays 'running' and the next open of the project, after
        // this process exits, marks it 'interrupted'.
    }
}

} // namespace orrery::store
