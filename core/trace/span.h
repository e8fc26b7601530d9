#pragma once
// Qt 6.4's moc cannot parse libstdc++'s <concepts> (which <compare> includes): hide it from moc
// so Q_OBJECT files may include the trace model.
#ifndef Q_MOC_RUN
#include <compare>
#endif
#include <cstdint>
#include <string>

namespace orrery::trace {

//! A span id (Jaeger's 64-bit hex id as a number). 0 means "no span".
using SpanId = std::uint64_t;

//! Index of a string (service, operation, instance name) in a NameTable.
using NameId = std::uint32_t;

//! A 128-bit trace id; Jaeger writes 16 or 32 hex digits (high half first).
struct TraceId {
    std::uint64_t high = 0;
    std::uint64_t low = 0;

    friend constexpr auto operator<=>(const TraceId&, const TraceId&) = default;
    //! 16 hex digits when `high` is 0, else 32 (Jaeger's own choice).
    [[nodiscard]] std::string hex() const;
};

//! How a span hangs off its parent (the workflow patterns of seed 001 §3.2.2).
enum class SpanRelation : std::uint8_t {
    Root,        //!< no parent: the request's entry span
    ChildOf,     //!< the parent waits for the result (sequential or parallel call)
    FollowsFrom  //!< background: the parent does not wait (Jaeger FOLLOWS_FROM); never on a critical path
};

//! One timed operation of one service instance within a request (OpenTelemetry/Jaeger shape).
//! Times are absolute nanoseconds (Jaeger's microseconds × 1000; simulated SimTime as is).
//! Kept small and trivially copyable: runs record millions of them.
struct Span {
    SpanId id = 0;
    SpanId parent = 0;          //!< 0 for a root span
    std::int64_t startNs = 0;
    std::int64_t durationNs = 0;
    NameId service = 0;         //!< service name (Jaeger process.serviceName)
    NameId operation = 0;       //!< operation name
    NameId instance = 0;        //!< instance (container / host) that served it; may equal service
    SpanRelation relation = SpanRelation::Root;

    [[nodiscard]] constexpr std::int64_t endNs() const { return startNs + durationNs; }
};

} // namespace orrery::trace
