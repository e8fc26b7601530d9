// Project: the spans (run_names, run_traces) and annotations (run_annotations) of runs (schema version 5).
#include "store/project.h"

#include "store/span_codec.h"
#include "store/statement.h"
#include "store/store_error.h"

#include <stdexcept>

namespace orrery::store {

namespace {

//! Rows of (start_ns, end_ns, kind, target, intensity) as annotations.
std::vector<sim::RunAnnotation> readAnnotations(Statement& query)
{
    std::vector<sim::RunAnnotation> result;
    while (query.step()) {
        result.push_back(sim::RunAnnotation{query.columnInt64(0), query.columnInt64(1), query.columnText(2),
                                            query.columnText(3), query.columnDouble(4)});
    }
    return result;
}

//! The sum of a run's stored counts; a negative one can only come from a damaged file.
std::int64_t storedCount(Database& db, RunId id, const std::string& column)
{
    Statement query(db, "SELECT coalesce(sum(" + column + "), 0) FROM run_traces WHERE run_id = ?1");
    query.bindInt64(1, id);
    const std::int64_t count = query.step() ? query.columnInt64(0) : 0;
    if (count < 0)
        throw StoreError(db.path(), "damaged Orrery project: run " + std::to_string(id) + " has a negative " + column);
    return count;
}

} // namespace

std::int64_t Project::traceCount(RunId id) const
{
    return storedCount(m_db, id, "trace_count");
}

std::int64_t Project::spanCount(RunId id) const
{
    return storedCount(m_db, id, "span_count");
}

trace::TraceSet Project::loadTraces(RunId id, std::size_t offset, std::size_t limit) const
{
    trace::TraceSet set;
    Statement names(m_db, "SELECT name_id, name FROM run_names WHERE run_id = ?1 ORDER BY name_id");
    names.bindInt64(1, id);
    while (names.step()) {
        const std::string name = names.columnText(1);
        // Ids were dense from 0 when written; interning in order gives them back.
        if (names.columnInt64(0) != static_cast<std::int64_t>(set.names.size()) || set.names.find(name))
            throw StoreError(m_db.path(), "run " + std::to_string(id) + ": run_names is not a dense table of distinct names");
        set.names.intern(name);
    }
    if (limit == 0)
        return set;

    Statement batches(m_db, "SELECT batch_index, trace_count, data FROM run_traces WHERE run_id = ?1 ORDER BY batch_index");
    batches.bindInt64(1, id);
    std::size_t skipped = 0;  // traces before `offset` passed over so far
    std::vector<trace::Trace> decoded;
    while (batches.step() && set.traces.size() < limit) {
        const auto count = static_cast<std::size_t>(batches.columnInt64(1));
        if (skipped + count <= offset) {
            skipped += count;  // the whole batch is before the window: not even decoded
            continue;
        }
        decoded.clear();
        try {
            SpanCodec::decode(batches.columnBlob(2), set.names.size(), decoded);
        } catch (const std::invalid_argument& error) {
            throw StoreError(m_db.path(), "run " + std::to_string(id) + " trace batch "
                                              + std::to_string(batches.columnInt64(0)) + ": " + error.what());
        }
        for (trace::Trace& trace : decoded) {
            if (skipped++ < offset)
                continue;
            if (set.traces.size() == limit)
                break;
            set.traces.push_back(std::move(trace));
        }
    }
    return set;
}

std::vector<sim::RunAnnotation> Project::annotations(RunId id) const
{
    Statement query(m_db, "SELECT start_ns, end_ns, kind, target, intensity FROM run_annotations WHERE run_id = ?1 "
                          "ORDER BY rowid");
    query.bindInt64(1, id);
    return readAnnotations(query);
}

std::vector<sim::RunAnnotation> Project::annotations(RunId id, std::string_view kind) const
{
    Statement query(m_db, "SELECT start_ns, end_ns, kind, target, intensity FROM run_annotations WHERE run_id = ?1 "
                          "AND kind = ?2 ORDER BY rowid");
    query.bindInt64(1, id);
    query.bindText(2, kind);
    return readAnnotations(query);
}

} // namespace orrery::store
