// ProjectRunRecorder: spans (run_names, run_traces) and annotations (run_annotations) of a run.
#include "store/project_run_recorder.h"

#include "store/project.h"
#include "store/span_codec.h"
#include "store/statement.h"

#include <cmath>
#include <stdexcept>

namespace orrery::store {

void ProjectRunRecorder::recordAnnotation(const sim::RunAnnotation& annotation)
{
    requireRecording("recordAnnotation");
    if (std::isnan(annotation.intensity))
        throw std::invalid_argument("annotation '" + annotation.kind + "' of '" + annotation.target + "' has a NaN intensity");
    m_pendingAnnotations.push_back(annotation);
}

void ProjectRunRecorder::recordTraces(std::span<const trace::Trace> traces, const trace::NameTable& names)
{
    requireRecording("recordTraces");
    if (names.size() < m_namesStaged) {
        throw std::logic_error("ProjectRunRecorder::recordTraces: the name table shrank from "
                               + std::to_string(m_namesStaged) + " to " + std::to_string(names.size())
                               + " names (a different table during one run?)");
    }
    // Only the tail is new: a run's table only grows.
    for (std::size_t id = m_namesStaged; id < names.size(); ++id)
        m_pendingNames.emplace_back(static_cast<std::int64_t>(id), names.name(static_cast<trace::NameId>(id)));
    m_namesStaged = names.size();

    std::size_t begin = 0;
    std::size_t spans = 0;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        if (spans > 0 && spans + traces[i].spans.size() > m_options.spansPerBlob) {
            stageTraceBatch(traces.subspan(begin, i - begin));
            begin = i;
            spans = 0;
        }
        spans += traces[i].spans.size();
    }
    if (begin < traces.size())
        stageTraceBatch(traces.subspan(begin));
    if (m_pendingTraceBytes >= m_options.traceBytesPerTransaction)
        commitPendingChunks();
}

void ProjectRunRecorder::stageTraceBatch(std::span<const trace::Trace> traces)
{
    PendingTraceBatch batch;
    batch.batchIndex = m_nextBatchIndex++;
    batch.traceCount = static_cast<std::int64_t>(traces.size());
    for (const trace::Trace& trace : traces) {
        if (batch.spanCount == 0 && !trace.spans.empty())
            batch.firstStartNs = trace.spans.front().startNs;
        batch.spanCount += static_cast<std::int64_t>(trace.spans.size());
    }
    SpanCodec::encode(traces, batch.blob);
    m_pendingTraceBytes += batch.blob.size();
    m_pendingTraces.push_back(std::move(batch));
}

void ProjectRunRecorder::insertPendingTraces()
{
    Database& db = m_project.database();
    if (!m_pendingNames.empty()) {
        Statement insert(db, "INSERT INTO run_names (run_id, name_id, name) VALUES (?1, ?2, ?3)");
        for (const auto& [id, name] : m_pendingNames) {
            insert.bindInt64(1, *m_runId).bindInt64(2, id).bindText(3, name);
            insert.run();
        }
    }
    if (!m_pendingTraces.empty()) {
        Statement insert(db, "INSERT INTO run_traces (run_id, batch_index, first_start_ns, trace_count, span_count, "
                             "data) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        for (const PendingTraceBatch& batch : m_pendingTraces) {
            insert.bindInt64(1, *m_runId)
                .bindInt64(2, batch.batchIndex)
                .bindInt64(3, batch.firstStartNs)
                .bindInt64(4, batch.traceCount)
                .bindInt64(5, batch.spanCount)
                .bindBlob(6, batch.blob);
            insert.run();
        }
    }
    if (!m_pendingAnnotations.empty()) {
        Statement insert(db, "INSERT INTO run_annotations (run_id, start_ns, end_ns, kind, target, intensity) "
                             "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        for (const sim::RunAnnotation& annotation : m_pendingAnnotations) {
            insert.bindInt64(1, *m_runId)
                .bindInt64(2, annotation.start)
                .bindInt64(3, annotation.end)
                .bindText(4, annotation.kind)
                .bindText(5, annotation.target)
                .bindDouble(6, annotation.intensity);
            insert.run();
        }
    }
}

bool ProjectRunRecorder::hasPending() const
{
    return !m_pending.empty() || !m_pendingNames.empty() || !m_pendingTraces.empty() || !m_pendingAnnotations.empty();
}

void ProjectRunRecorder::clearPending()
{
    m_chunksWritten += static_cast<std::int64_t>(m_pending.size());
    m_pending.clear();
    m_pendingNames.clear();
    m_pendingTraces.clear();
    m_pendingTraceBytes = 0;
    m_pendingAnnotations.clear();
}

} // namespace orrery::store
