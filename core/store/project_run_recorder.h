#pragma once
#include "sim/run_recorder.h"
#include "store/ids.h"
#include "trace/span_sink.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orrery::store {

class Project;

//! Records runs into a Project (RunRecorder of docs/architecture.md §2), with their spans (SpanSink).
//!
//! beginRun commits the scenario and a 'running' run row at once, so a killed process leaves
//! a visible run that the next Project::open marks 'interrupted'. Samples are buffered per
//! series and packed into chunks of Options::samplesPerChunk; full chunks are written in one
//! transaction per Options::chunksPerTransaction chunks. Metrics are kept until endRun,
//! which writes every remaining sample, the metrics, the status and ended_at in one
//! transaction. Destroyed during a run (an exception unwinding past it), it ends the run as
//! 'failed' after writing what it holds.
//!
//! recordTraces encodes each call's traces into one `run_traces` blob (split past
//! Options::spansPerBlob spans) and stages the name table's new tail for `run_names`;
//! annotations are staged too. Staged rows go into the file with the next chunk transaction,
//! when they pass Options::traceBytesPerTransaction, on flush, or at endRun.
//!
//! Calls follow the RunRecorder contract: beginRun, then defineSeries / recordSample /
//! recordMetric in any order, then endRun; afterwards the recorder may begin another run.
//! The Project must outlive the recorder and not be moved while it is in use.
class ProjectRunRecorder final : public sim::RunRecorder, public trace::SpanSink {
public:
    //! How samples are grouped into chunks and chunks into write transactions.
    struct Options {
        std::size_t samplesPerChunk = 4096;      //!< 64 KiB of blob per chunk
        std::size_t chunksPerTransaction = 16;  //!< so about 1 MiB per write transaction
        std::size_t spansPerBlob = 65536;       //!< a larger recordTraces call is split into blobs
        std::size_t traceBytesPerTransaction = std::size_t{1} << 20;  //!< staged span blobs that force a write
    };

    explicit ProjectRunRecorder(Project& project);
    ProjectRunRecorder(Project& project, Options options);
    ProjectRunRecorder(const ProjectRunRecorder&) = delete;
    ProjectRunRecorder& operator=(const ProjectRunRecorder&) = delete;
    ~ProjectRunRecorder() override;

    void beginRun(const sim::RunInfo& info) override;
    //! Defining a name twice returns the first handle; std::invalid_argument if the units differ.
    sim::SeriesId defineSeries(std::string_view name, std::string_view unit) override;
    void recordSample(sim::SeriesId series, sim::SimTime time, double value) override;
    //! Recording a name twice keeps the last value (at the position of the first).
    void recordMetric(std::string_view name, double value, std::string_view unit) override;
    //! Stored in `run_annotations` (staged until the next write).
    void recordAnnotation(const sim::RunAnnotation& annotation) override;
    //! Only during a run; `names` must be the same, growing table on every call of the run.
    void recordTraces(std::span<const trace::Trace> traces, const trace::NameTable& names) override;
    //! `status` must not be Running.
    void endRun(sim::RunStatus status, std::string_view message) override;

    //! Writes every buffered sample now, partial chunks included, in one transaction; for
    //! checkpoints and for readers that want to see a run in progress. Only during a run.
    void flush();

    //! The run being (or last) recorded; empty before the first beginRun.
    [[nodiscard]] std::optional<RunId> runId() const { return m_runId; }
    [[nodiscard]] bool isRecording() const { return m_recording; }
    //! Chunks committed to the file for the current run so far.
    [[nodiscard]] std::int64_t chunksWritten() const { return m_chunksWritten; }

private:
    struct SeriesBuffer {
        StoredSeriesId storedId = 0;
        std::string name;
        std::string unit;
        std::vector<std::byte> packed;  //!< samples not yet in a chunk, SampleCodec format
        sim::SimTime firstTime = 0;
        std::int64_t nextChunkIndex = 0;
    };
    struct PendingChunk {
        StoredSeriesId storedId = 0;
        std::int64_t chunkIndex = 0;
        sim::SimTime firstTime = 0;
        std::int64_t sampleCount = 0;
        std::vector<std::byte> packed;
    };
    struct PendingTraceBatch {
        std::int64_t batchIndex = 0;
        std::int64_t firstStartNs = 0;
        std::int64_t traceCount = 0;
        std::int64_t spanCount = 0;
        std::vector<std::byte> blob;
    };
    struct PendingMetric {
        std::string name;
        double value = 0.0;
        std::string unit;
    };

    void requireRecording(const char* call) const;
    void sealChunk(SeriesBuffer& series);
    void sealPartialChunks();
    //! Inserts the pending chunks, names, trace batches and annotations; the caller holds the transaction.
    void insertPendingChunks();
    void insertPendingTraces();
    [[nodiscard]] bool hasPending() const;
    //! Forgets what was staged, once a transaction has put it in the file.
    void clearPending();
    void stageTraceBatch(std::span<const trace::Trace> traces);
    void commitPendingChunks();
    void markFailedQuietly(std::string_view message) noexcept;

    Project& m_project;
    Options m_options;
    bool m_recording = false;
    std::optional<RunId> m_runId;
    std::vector<SeriesBuffer> m_series;
    std::vector<PendingChunk> m_pending;
    std::vector<PendingMetric> m_metrics;
    std::int64_t m_chunksWritten = 0;
    // Spans and annotations (project_run_recorder_traces.cpp).
    std::size_t m_namesStaged = 0;  //!< names of the run's table already staged or written
    std::vector<std::pair<std::int64_t, std::string>> m_pendingNames;
    std::vector<PendingTraceBatch> m_pendingTraces;
    std::size_t m_pendingTraceBytes = 0;
    std::int64_t m_nextBatchIndex = 0;
    std::vector<sim::RunAnnotation> m_pendingAnnotations;
};

} // namespace orrery::store
