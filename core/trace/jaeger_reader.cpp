#include "trace/jaeger_reader.h"

#include "trace/hex_id.h"
#include "trace/json_locator.h"
#include "trace/trace_root.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <unordered_map>

namespace orrery::trace {
namespace {

using nlohmann::json;

std::string formatError(const std::string& file, std::size_t line, const std::string& field, const std::string& message)
{
    std::string text = file + ':' + std::to_string(line) + ": ";
    if (!field.empty())
        text += field + ": ";
    return text + message;
}

//! One span while its trace is being read: the span plus what resolving its parent needs.
struct PendingSpan {
    Span span;
    SpanId referenced = 0;  // the parent reference within this trace, 0 if none
    std::optional<NameId> requestType;  // an `orrery.request_type` tag (writeJaegerJson's)
};

struct Process {
    NameId service = 0;
    NameId instance = 0;
};

//! Reads one document; every check names the JSON path of the offending value.
class Reader {
public:
    Reader(std::string_view text, const std::string& source, JaegerImportStats* stats)
        : m_text(text)
        , m_source(source)
        , m_stats(stats)
    {
    }

    TraceSet read()
    {
        json document;
        try {
            // The UI's download repeats each parent inside its child's reference (`span`), and
            // logs can be large: neither is read, so neither is kept in the DOM.
            const json::parser_callback_t skipUnread = [](int, json::parse_event_t event, json& parsed) {
                return !(event == json::parse_event_t::key
                         && (parsed == "span" || parsed == "logs" || parsed == "warnings"));
            };
            document = json::parse(m_text, skipUnread);
        } catch (const json::parse_error& error) {
            syntaxError(error);
        }
        if (!document.is_object())
            fail("", std::string("expected an object with a \"data\" array, found ") + document.type_name());
        const json& data = member(document, "", "data");
        if (!data.is_array())
            fail("data", std::string("expected an array of traces, found ") + data.type_name());
        m_set.traces.reserve(data.size());
        for (std::size_t i = 0; i < data.size(); ++i)
            readTrace(data[i], "data[" + std::to_string(i) + ']');
        return std::move(m_set);
    }

private:
    [[noreturn]] void syntaxError(const json::parse_error& error) const
    {
        const JsonLocator locator(m_text);
        const std::size_t offset = error.byte > 0 ? error.byte - 1 : 0;
        std::string message = error.what();
        // nlohmann's own prefix repeats the position; keep what follows "column N: ".
        if (const auto column = message.find("column "); column != std::string::npos) {
            if (const auto colon = message.find(": ", column); colon != std::string::npos)
                message = message.substr(colon + 2);
        }
        std::string field = locator.pathAt(offset);
        throw TraceReadError(m_source, locator.lineOf(offset), field.empty() ? "(document)" : field,
                             "invalid JSON: " + message);
    }

    [[noreturn]] void fail(const std::string& path, const std::string& message) const
    {
        const JsonLocator locator(m_text);
        // A missing field has no position of its own: fall back to the object that lacks it.
        std::string at = path;
        std::size_t offset = locator.offsetOf(at);
        while (offset == std::string_view::npos && !at.empty()) {
            const std::size_t cut = at.find_last_of(".[");
            at = cut == std::string::npos ? std::string() : at.substr(0, cut);
            offset = locator.offsetOf(at);
        }
        const std::size_t line = offset == std::string_view::npos ? 0 : locator.lineOf(offset);
        throw TraceReadError(m_source, line, path.empty() ? "(document)" : path, message);
    }

    static std::string join(const std::string& path, const char* key)
    {
        return path.empty() ? std::string(key) : path + '.' + key;
    }

    const json& member(const json& object, const std::string& path, const char* key) const
    {
        const auto found = object.find(key);
        if (found == object.end())
            fail(join(path, key), "missing required field");
        return *found;
    }

    const std::string& stringAt(const json& value, const std::string& path) const
    {
        if (!value.is_string())
            fail(path, std::string("expected a string, found ") + value.type_name());
        return value.get_ref<const std::string&>();
    }

    std::int64_t integerAt(const json& value, const std::string& path) const
    {
        if (value.is_number_unsigned()) {
            const auto number = value.get<std::uint64_t>();
            if (number > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max() / 1000))
                fail(path, "integer out of range");
            return static_cast<std::int64_t>(number);
        }
        if (value.is_number_integer())
            return value.get<std::int64_t>();
        if (value.is_number_float())
            fail(path, "expected an integer (microseconds), found a fractional number");
        fail(path, std::string("expected an integer (microseconds), found ") + value.type_name());
    }

    SpanId spanIdAt(const json& value, const std::string& path) const
    {
        const std::string& text = stringAt(value, path);
        const auto id = parseHexId(text);
        if (!id || text.size() > 16 || *id == 0)
            fail(path, "span id '" + text + "' is not 1 to 16 hex digits (and not zero)");
        return *id;
    }

    Process readProcess(const json& process, const std::string& path)
    {
        if (!process.is_object())
            fail(path, std::string("expected a process object, found ") + process.type_name());
        const std::string& service = stringAt(member(process, path, "serviceName"), join(path, "serviceName"));
        std::string_view instance = service;
        if (const auto tags = process.find("tags"); tags != process.end() && tags->is_array()) {
            for (const json& tag : *tags) {
                const auto key = tag.find("key");
                const auto value = tag.find("value");
                if (key != tag.end() && value != tag.end() && key->is_string() && *key == "hostname" && value->is_string())
                    instance = value->get_ref<const std::string&>();
            }
        }
        return Process{m_set.names.intern(service), m_set.names.intern(instance)};
    }

    void readTrace(const json& entry, const std::string& path)
    {
        if (!entry.is_object())
            fail(path, std::string("expected a trace object, found ") + entry.type_name());
        Trace trace;
        const std::string idPath = join(path, "traceID");
        const std::string& idText = stringAt(member(entry, path, "traceID"), idPath);
        const auto id = parseTraceId(idText);
        if (!id)
            fail(idPath, "trace id '" + idText + "' is not 16 or 32 hex digits");
        trace.id = *id;

        std::unordered_map<std::string, Process> processes;
        if (const auto found = entry.find("processes"); found != entry.end()) {
            if (!found->is_object())
                fail(join(path, "processes"), std::string("expected an object, found ") + found->type_name());
            for (const auto& [key, process] : found->items())
                processes.emplace(key, readProcess(process, join(path, "processes") + '.' + key));
        }

        const json& spans = member(entry, path, "spans");
        const std::string spansPath = join(path, "spans");
        if (!spans.is_array())
            fail(spansPath, std::string("expected an array of spans, found ") + spans.type_name());
        std::vector<PendingSpan> pending;
        pending.reserve(spans.size());
        std::unordered_map<SpanId, std::size_t> byId;
        byId.reserve(spans.size());
        for (std::size_t j = 0; j < spans.size(); ++j) {
            const std::string spanPath = spansPath + '[' + std::to_string(j) + ']';
            pending.push_back(readSpan(spans[j], spanPath, trace.id, processes, path));
            const auto [it, added] = byId.emplace(pending.back().span.id, j);
            if (!added) {
                fail(join(spanPath, "spanID"), "duplicate span id " + hexSpanId(pending.back().span.id) + " (also "
                                                   + spansPath + '[' + std::to_string(it->second) + "])");
            }
        }
        trace.spans.reserve(pending.size());
        for (PendingSpan& item : pending) {
            if (item.referenced != 0 && byId.find(item.referenced) == byId.end()) {
                item.span.relation = SpanRelation::Root;  // its parent was not collected: an orphan
                if (m_stats)
                    ++m_stats->orphanSpans;
            } else if (item.referenced != 0) {
                item.span.parent = item.referenced;
            }
            trace.spans.push_back(item.span);
        }
        checkReachable(trace, byId, spansPath);
        const auto root = rootSpanIndex(trace);
        if (root)
            trace.requestType = pending[*root].requestType.value_or(trace.spans[*root].operation);
        else
            trace.requestType = m_set.names.intern("");
        m_set.traces.push_back(std::move(trace));
    }

    PendingSpan readSpan(const json& entry, const std::string& path, const TraceId& traceId,
                         const std::unordered_map<std::string, Process>& processes, const std::string& tracePath)
    {
        if (!entry.is_object())
            fail(path, std::string("expected a span object, found ") + entry.type_name());
        PendingSpan item;
        Span& span = item.span;
        span.id = spanIdAt(member(entry, path, "spanID"), join(path, "spanID"));
        span.operation = m_set.names.intern(stringAt(member(entry, path, "operationName"), join(path, "operationName")));
        const std::int64_t startUs = integerAt(member(entry, path, "startTime"), join(path, "startTime"));
        const std::int64_t durationUs = integerAt(member(entry, path, "duration"), join(path, "duration"));
        if (durationUs < 0)
            fail(join(path, "duration"), "negative duration " + std::to_string(durationUs));
        span.startNs = startUs * 1000;
        span.durationNs = durationUs * 1000;

        if (const auto processId = entry.find("processID"); processId != entry.end()) {
            const std::string& key = stringAt(*processId, join(path, "processID"));
            const auto found = processes.find(key);
            if (found == processes.end())
                fail(join(path, "processID"), "unknown processID '" + key + "' (not in " + tracePath + ".processes)");
            span.service = found->second.service;
            span.instance = found->second.instance;
        } else if (const auto process = entry.find("process"); process != entry.end()) {
            const Process resolved = readProcess(*process, join(path, "process"));
            span.service = resolved.service;
            span.instance = resolved.instance;
        } else {
            fail(join(path, "processID"), "missing required field (or a \"process\" object)");
        }

        if (const auto tags = entry.find("tags"); tags != entry.end() && tags->is_array()) {
            for (const json& tag : *tags) {
                const auto key = tag.find("key");
                const auto value = tag.find("value");
                if (key != tag.end() && value != tag.end() && *key == "orrery.request_type" && value->is_string())
                    item.requestType = m_set.names.intern(value->get_ref<const std::string&>());
            }
        }

        const auto references = entry.find("references");
        if (references == entry.end() || references->is_null())
            return item;
        const std::string referencesPath = join(path, "references");
        if (!references->is_array())
            fail(referencesPath, std::string("expected an array, found ") + references->type_name());
        for (std::size_t k = 0; k < references->size(); ++k) {
            const json& reference = (*references)[k];
            const std::string refPath = referencesPath + '[' + std::to_string(k) + ']';
            if (!reference.is_object())
                fail(refPath, std::string("expected a reference object, found ") + reference.type_name());
            const std::string& type = stringAt(member(reference, refPath, "refType"), join(refPath, "refType"));
            SpanRelation relation = SpanRelation::ChildOf;
            if (type == "FOLLOWS_FROM")
                relation = SpanRelation::FollowsFrom;
            else if (type != "CHILD_OF")
                fail(join(refPath, "refType"), "unknown refType '" + type + "' (expected CHILD_OF or FOLLOWS_FROM)");
            const SpanId parent = spanIdAt(member(reference, refPath, "spanID"), join(refPath, "spanID"));
            if (const auto other = reference.find("traceID"); other != reference.end()) {
                const auto otherId = parseTraceId(stringAt(*other, join(refPath, "traceID")));
                if (!otherId)
                    fail(join(refPath, "traceID"), "trace id is not 16 or 32 hex digits");
                if (*otherId != traceId)
                    continue;  // a link to another trace, not a parent
            }
            if (parent == span.id)
                fail(join(refPath, "spanID"), "span " + hexSpanId(span.id) + " is its own parent");
            // The first reference within the trace is the parent; a CHILD_OF beats a FOLLOWS_FROM.
            if (item.referenced == 0 || (span.relation == SpanRelation::FollowsFrom && relation == SpanRelation::ChildOf)) {
                item.referenced = parent;
                span.relation = relation;
            }
        }
        return item;
    }

    //! Every span must hang off a root; a span that does not sits in a reference cycle.
    void checkReachable(const Trace& trace, const std::unordered_map<SpanId, std::size_t>& byId,
                        const std::string& spansPath) const
    {
        std::vector<std::uint8_t> state(trace.spans.size(), 0);  // 0 unknown, 1 on the walk, 2 reaches a root
        std::vector<std::size_t> walk;
        for (std::size_t start = 0; start < trace.spans.size(); ++start) {
            walk.clear();
            std::size_t at = start;
            while (state[at] == 0 && trace.spans[at].relation != SpanRelation::Root) {
                state[at] = 1;
                walk.push_back(at);
                at = byId.at(trace.spans[at].parent);
            }
            if (state[at] == 1)
                fail(spansPath + '[' + std::to_string(at) + "].references",
                     "reference cycle through span " + hexSpanId(trace.spans[at].id) + ": no root above it");
            for (const std::size_t index : walk)
                state[index] = 2;
            state[at] = 2;
        }
    }

    std::string_view m_text;
    const std::string& m_source;
    JaegerImportStats* m_stats;
    TraceSet m_set;
};

} // namespace

TraceReadError::TraceReadError(std::string file, std::size_t line, std::string field, const std::string& message)
    : std::runtime_error(formatError(file, line, field, message))
    , m_file(std::move(file))
    , m_line(line)
    , m_field(std::move(field))
    , m_message(message)
{
}

TraceSet readJaegerText(std::string_view text, const std::string& sourceName, JaegerImportStats* stats)
{
    if (stats)
        *stats = {};
    return Reader(text, sourceName, stats).read();
}

TraceSet readJaegerFile(const std::string& path, JaegerImportStats* stats)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw TraceReadError(path, 0, "", std::string("cannot open: ") + std::strerror(errno));
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad())
        throw TraceReadError(path, 0, "", "cannot read the file");
    const std::string text = buffer.str();
    return readJaegerText(text, path, stats);
}

} // namespace orrery::trace
