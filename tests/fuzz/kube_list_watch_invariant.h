#pragma once
// What must hold for a Kubernetes list body and a watch stream (KubeListPage::parse,
// WatchStreamDecoder and KubeObjectParser, core/live) on any bytes, the stream cut anywhere
// (tests/fuzz/kube_list_watch_fuzzer.cpp and the replay of
// tests/fixtures/fuzz-regressions/kube_list_watch/ in tst_kube_list_watch).
#include "fuzz_check.h"
#include "live/kube_list_page.h"
#include "live/kube_object_parser.h"
#include "live/live_error.h"
#include "live/watch_stream_decoder.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <vector>

namespace orrery::fuzz {

inline const std::string kKubeListWhat = "GET https://fuzz.test:6443/api/v1/pods?limit=500";
inline const std::string kKubeWatchWhat = "watch https://fuzz.test:6443/api/v1/pods?watch=1";
//! A small line cap, so that inputs of a few KB reach the decoder's "line too long" path.
inline constexpr std::size_t kKubeWatchMaxLineBytes = 8192;

//! Runs `body` and returns "" when it keeps the API's promise for LiveError(Protocol): the one
//! documented failure, whose message begins with `prefix`. Anything else is the problem.
template <typename Body>
std::string onlyProtocolErrors(const std::string& prefix, Body&& body)
{
    try {
        return body();
    } catch (const live::LiveError& error) {
        const std::string message = error.what();
        if (error.kind() != live::LiveError::Kind::Protocol)
            return "a LiveError of another kind than Protocol: " + message;
        if (!message.starts_with(prefix))
            return "an error that does not begin with \"" + prefix + "\": " + message;
    } catch (const std::exception& error) {
        return std::string("undocumented exception: ") + error.what();
    } catch (...) {
        return "a non-std exception";
    }
    return {};
}

//! Every typed parser on one object's JSON: each gives its struct or a LiveError(Protocol) that
//! names the kind (and, past the JSON, the object and field).
inline std::string kubeObjectProblem(const std::string& json)
{
    using live::KubeObjectParser;
    const std::pair<const char*, void (*)(const std::string&)> parsers[] = {
        {"Node", [](const std::string& j) { (void)KubeObjectParser::node(j); }},
        {"Pod", [](const std::string& j) { (void)KubeObjectParser::pod(j); }},
        {"Deployment", [](const std::string& j) { (void)KubeObjectParser::deployment(j); }},
        {"ReplicaSet", [](const std::string& j) { (void)KubeObjectParser::replicaSet(j); }},
        {"HorizontalPodAutoscaler", [](const std::string& j) { (void)KubeObjectParser::hpa(j); }},
    };
    for (const auto& parser : parsers) { // not a structured binding: clang 14 cannot capture one
        std::string problem = onlyProtocolErrors(parser.first, [&] {
            parser.second(json);
            return std::string();
        });
        if (!problem.empty())
            return std::string(parser.first) + ": " + problem;
    }
    return {};
}

//! "" when KubeListPage::parse(body) gives a page whose items each keep kubeObjectProblem, or
//! a LiveError(Protocol) naming the request.
inline std::string kubeListProblem(std::string_view body)
{
    return onlyProtocolErrors(kKubeListWhat + ": ", [&] {
        const live::KubeListPage page = live::KubeListPage::parse(body, kKubeListWhat);
        for (const std::string& item : page.items) {
            if (std::string problem = kubeObjectProblem(item); !problem.empty())
                return "list item: " + problem;
        }
        return std::string();
    });
}

//! What a decoder delivered: the events (their type, names, resourceVersion, object) and the
//! error that ended it, if any.
struct WatchRun {
    std::vector<live::WatchEvent> events;
    std::optional<std::string> error;
    std::string pending;
    std::string problem;                   //!< an undocumented failure
};

inline bool sameEvent(const live::WatchEvent& a, const live::WatchEvent& b)
{
    return a.type == b.type && a.resourceVersion == b.resourceVersion && a.name == b.name &&
           a.nameSpace == b.nameSpace && a.objectJson == b.objectJson && a.errorCode == b.errorCode &&
           a.errorMessage == b.errorMessage;
}

//! Feeds `chunks` in order to one decoder, stopping at the first error.
inline WatchRun decodeWatch(const std::vector<std::string_view>& chunks, std::vector<std::size_t>* eventsAfterChunk = nullptr)
{
    WatchRun run;
    live::WatchStreamDecoder decoder(kKubeWatchWhat, kKubeWatchMaxLineBytes);
    for (const std::string_view chunk : chunks) {
        try {
            decoder.feed(chunk, [&](const live::WatchEvent& event) {
                run.events.push_back(event);
                return true;
            });
        } catch (const live::LiveError& error) {
            if (error.kind() != live::LiveError::Kind::Protocol || !std::string(error.what()).starts_with(kKubeWatchWhat + ": "))
                run.problem = std::string("a watch error that is not Protocol \"") + kKubeWatchWhat + ": …\": " + error.what();
            run.error = error.what();
            return run;
        } catch (const std::exception& error) {
            run.problem = std::string("undocumented exception from the watch decoder: ") + error.what();
            return run;
        } catch (...) {
            run.problem = "a non-std exception from the watch decoder";
            return run;
        }
        if (eventsAfterChunk != nullptr)
            eventsAfterChunk->push_back(run.events.size());
    }
    run.pending = decoder.pending();
    return run;
}

//! "" when the watch stream `body` decodes the same whether it arrives whole or cut at `cut`:
//! the same events in the same order and the same error (a LiveError(Protocol) naming the
//! stream, after the events before the bad line). When the first part decodes without error, it
//! delivers exactly the events of its complete non-blank lines and holds the rest of its last
//! line (no more than the line cap) as pending. Each event's object keeps kubeObjectProblem.
inline std::string kubeWatchProblem(std::string_view body, std::size_t cut)
{
    cut = std::min(cut, body.size());
    const WatchRun whole = decodeWatch({body});
    if (!whole.problem.empty())
        return whole.problem;
    std::vector<std::size_t> eventsAfterChunk;
    const WatchRun split = decodeWatch({body.substr(0, cut), body.substr(cut)}, &eventsAfterChunk);
    if (!split.problem.empty())
        return split.problem;
    const std::string at = " (cut at byte " + std::to_string(cut) + ")";
    if (split.events.size() != whole.events.size())
        return "the cut stream delivered " + std::to_string(split.events.size()) + " events, the whole one " +
               std::to_string(whole.events.size()) + at;
    for (std::size_t i = 0; i < whole.events.size(); ++i) {
        if (!sameEvent(split.events[i], whole.events[i]))
            return "event " + std::to_string(i) + " differs when the stream is cut" + at;
    }
    if (split.error != whole.error)
        return "the cut stream ends with another error: " + split.error.value_or("(none)") + " vs " +
               whole.error.value_or("(none)") + at;
    if (!whole.error && split.pending != whole.pending)
        return "the cut stream holds another partial tail" + at;
    if (!eventsAfterChunk.empty()) {
        // The first part decoded cleanly: its complete lines are delivered, its tail is held.
        const std::string_view first = body.substr(0, cut);
        const std::size_t lastNewline = first.rfind('\n');
        std::size_t complete = 0;
        std::size_t begin = 0;
        for (std::size_t end = first.find('\n'); end != std::string_view::npos; end = first.find('\n', begin)) {
            if (first.substr(begin, end - begin).find_first_not_of(" \r\t") != std::string_view::npos)
                ++complete;
            begin = end + 1;
        }
        if (eventsAfterChunk.front() != complete)
            return "the events before the cut were not all delivered: " + std::to_string(eventsAfterChunk.front()) +
                   " of " + std::to_string(complete) + at;
        const std::string_view tail = lastNewline == std::string_view::npos ? first : first.substr(lastNewline + 1);
        if (tail.size() > kKubeWatchMaxLineBytes)
            return "a partial tail longer than the line cap was held" + at;
    }
    for (const live::WatchEvent& event : whole.events) {
        if (event.type == live::WatchEvent::Type::Error)
            continue;
        if (std::string problem = kubeObjectProblem(event.objectJson); !problem.empty())
            return "watch event object: " + problem;
    }
    return {};
}

//! The fuzz input: the first byte says where to cut the watch stream (0 = before the first
//! byte, 255 = after the last), the rest is the body, read both as a list and as a watch stream.
inline std::string kubeListWatchProblem(std::string_view input)
{
    if (input.empty())
        return {};
    const auto selector = static_cast<unsigned char>(input.front());
    const std::string_view body = input.substr(1);
    if (std::string problem = kubeListProblem(body); !problem.empty())
        return problem;
    return kubeWatchProblem(body, body.size() * selector / 255);
}

} // namespace orrery::fuzz
