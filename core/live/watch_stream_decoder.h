#pragma once
#include "live/kube_client.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace orrery::live {

//! Splits a watch response body (one JSON event `{"type": …, "object": …}` per line) into
//! WatchEvents as its bytes arrive, in chunks cut anywhere: each complete line is delivered in
//! order, and an incomplete last line is held (pending()) until a later chunk completes it.
class WatchStreamDecoder {
public:
    //! Kubernetes objects are at most about 1.5 MiB (etcd's request limit); a line past this cap is
    //! refused instead of being buffered without end.
    static constexpr std::size_t kDefaultMaxLineBytes = std::size_t(16) << 20;

    //! `what` names the stream in errors (e.g. "watch https://…/api/v1/pods?watch=1…").
    explicit WatchStreamDecoder(std::string what, std::size_t maxLineBytes = kDefaultMaxLineBytes);

    //! Delivers the events that `chunk` completes; returns false as soon as `onEvent` does (the
    //! rest stays pending). Throws LiveError(Protocol) "`what`: …" for a line that is not a watch
    //! event or one longer than the cap; the events before it have been delivered.
    bool feed(std::string_view chunk, const std::function<bool(const WatchEvent&)>& onEvent);

    //! The bytes received after the last complete line: a partial event when the stream ends.
    [[nodiscard]] const std::string& pending() const { return m_pending; }

    //! One line → the event. Throws LiveError(Protocol) "`what`: …".
    static WatchEvent parseEvent(std::string_view line, const std::string& what);

private:
    std::string m_what;
    std::size_t m_maxLineBytes;
    std::string m_pending;
};

} // namespace orrery::live
