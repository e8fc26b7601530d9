#include "trace/trace_import.h"

#include "trace/element_context.h"
#include "trace/hex_id.h"

#include <algorithm>
#include <vector>

namespace orrery::trace {
namespace {

using detail::ElementContext;
using detail::ImportState;

//! A top-level array's format, from its first element: Jaeger traces carry `traceID` and
//! `spans`; anything else is read as Zipkin (a span, or a trace's array of spans).
TraceFormat formatOfArrayElement(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{' && text.find("\"traceID\"") != std::string_view::npos
        && text.find("\"spans\"") != std::string_view::npos)
        return TraceFormat::Jaeger;
    return TraceFormat::Zipkin;
}

void readElement(ElementContext& context, ImportState& state, TraceFormat format)
{
    switch (format) {
    case TraceFormat::Jaeger:
        detail::readJaegerElement(context, state);
        break;
    case TraceFormat::Otlp:
        detail::readOtlpElement(context, state);
        break;
    case TraceFormat::Zipkin:
    case TraceFormat::Unknown:
        detail::readZipkinElement(context, state);
        break;
    }
}

//! Throws when the spans read so far are over a cap of `limits`, naming the element that took
//! the import over it.
void checkLimits(const JsonElementStream& stream, const JsonElement& element, const TraceBuilder& builder,
                 const TraceSet& set, const TraceImportLimits& limits)
{
    if (builder.spanCount() > limits.maxSpans - std::min(limits.maxSpans, limits.spansAlreadyRead)) {
        std::string message = "more than " + std::to_string(limits.maxSpans) + " spans in one import";
        if (limits.spansAlreadyRead > 0) {
            message += " (";
            message += std::to_string(limits.spansAlreadyRead);
            message += " from the files before this one)";
        }
        message += ", the cap that keeps memory bounded (docs/reliability.md, Limits); read fewer or smaller files";
        throw TraceReadError(stream.sourceName(), stream.lineOf(element.text.data()), element.path(), message);
    }
    if (builder.largestTraceSize() > limits.maxSpansPerTrace) {
        throw TraceReadError(stream.sourceName(), stream.lineOf(element.text.data()), element.path(),
                             "trace " + set.traces[builder.largestTrace()].id.hex() + " has more than "
                                 + std::to_string(limits.maxSpansPerTrace)
                                 + " spans, the cap of one trace (docs/reliability.md, Limits)");
    }
}

TraceSet readStream(JsonElementStream stream, TraceImportStats* stats, const TraceImportLimits& limits)
{
    TraceImportStats local;
    TraceImportStats& counts = stats ? *stats : local;
    counts = {};
    TraceSet set;
    ImportState state(set, counts);
    detail::od::parser parser;
    std::vector<bool> finished;  // traces still to finish are those of span-list formats
    JsonElement element;
    TraceFormat format = TraceFormat::Unknown;
    std::size_t document = static_cast<std::size_t>(-1);
    while (stream.next(element)) {
        if (element.container == "data")
            format = TraceFormat::Jaeger;
        else if (element.container == "resourceSpans")
            format = TraceFormat::Otlp;
        else if (element.document != document)
            format = formatOfArrayElement(element.text);
        document = element.document;
        counts.format = format;
        ElementContext context(stream, element, parser);
        const std::size_t before = set.traces.size();
        try {
            readElement(context, state, format);
        } catch (const simdjson::simdjson_error& error) {
            // Readers check every result; this is the safety net for one that is not.
            throw TraceReadError(stream.sourceName(), stream.lineOf(element.text.data()), element.path(),
                                 std::string("invalid JSON: ") + error.what());
        }
        checkLimits(stream, element, state.builder, set, limits);
        if (format == TraceFormat::Jaeger) {
            finished.resize(set.traces.size(), false);
            for (std::size_t i = before; i < set.traces.size(); ++i)
                finished[i] = true;
        }
    }
    counts.bytes = stream.bytesRead();
    finished.resize(set.traces.size(), false);
    for (std::size_t i = 0; i < set.traces.size(); ++i) {
        if (finished[i])
            continue;
        const auto problem = state.builder.finish(i, counts.orphanSpans);
        const Trace& trace = set.traces[i];
        if (problem.kind == TraceBuilder::Problem::Kind::DuplicateId)
            throw TraceReadError(stream.sourceName(), 0, "trace " + trace.id.hex(),
                                 "duplicate span id " + hexSpanId(trace.spans[problem.span].id));
        if (problem.kind == TraceBuilder::Problem::Kind::Cycle)
            throw TraceReadError(stream.sourceName(), 0, "trace " + trace.id.hex(),
                                 "reference cycle through span " + hexSpanId(trace.spans[problem.span].id) + ": no root above it");
    }
    return set;
}

} // namespace

const char* formatName(TraceFormat format)
{
    switch (format) {
    case TraceFormat::Jaeger: return "Jaeger";
    case TraceFormat::Otlp: return "OTLP";
    case TraceFormat::Zipkin: return "Zipkin";
    case TraceFormat::Unknown: break;
    }
    return "unknown";
}

TraceSet readTraceFile(const std::string& path, TraceImportStats* stats, const TraceImportLimits& limits)
{
    return readStream(JsonElementStream::openFile(path), stats, limits);
}

TraceSet readTraceText(std::string_view text, const std::string& sourceName, TraceImportStats* stats,
                       const TraceImportLimits& limits)
{
    return readStream(JsonElementStream::fromText(text, sourceName), stats, limits);
}

} // namespace orrery::trace
