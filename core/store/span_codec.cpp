#include "store/span_codec.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace orrery::store {
namespace {

using trace::Span;
using trace::SpanRelation;

// Parent codes (shifted left by 2, relation in the low bits): none, an id not in the trace
// (written next), else the parent's index in the trace + 2.
constexpr std::uint64_t kNoParent = 0;
constexpr std::uint64_t kForeignParent = 1;

void putVarint(std::vector<std::byte>& out, std::uint64_t value)
{
    while (value >= 0x80) {
        out.push_back(static_cast<std::byte>((value & 0x7f) | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<std::byte>(value));
}

void putSigned(std::vector<std::byte>& out, std::int64_t value)
{
    putVarint(out, (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63));
}

void putFixed64(std::vector<std::byte>& out, std::uint64_t value)
{
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<std::byte>(value >> (8 * i)));
}

//! Reads a blob front to back; every read checks the bounds.
class Cursor {
public:
    explicit Cursor(std::span<const std::byte> blob)
        : m_blob(blob)
    {
    }

    std::uint8_t byte()
    {
        need(1);
        return static_cast<std::uint8_t>(m_blob[m_at++]);
    }
    std::uint64_t varint()
    {
        std::uint64_t value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint8_t b = byte();
            value |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if ((b & 0x80) == 0)
                return value;
        }
        throw std::invalid_argument("span blob: varint longer than 10 bytes");
    }
    std::int64_t signedVarint()
    {
        const std::uint64_t raw = varint();
        return static_cast<std::int64_t>((raw >> 1) ^ (~(raw & 1) + 1));
    }
    std::uint64_t fixed64()
    {
        need(8);
        std::uint64_t value = 0;
        for (int i = 0; i < 8; ++i)
            value |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(m_blob[m_at++])) << (8 * i);
        return value;
    }
    [[nodiscard]] bool atEnd() const { return m_at == m_blob.size(); }

private:
    void need(std::size_t bytes) const
    {
        if (m_blob.size() - m_at < bytes)
            throw std::invalid_argument("span blob truncated at byte " + std::to_string(m_at));
    }

    std::span<const std::byte> m_blob;
    std::size_t m_at = 0;
};

trace::NameId nameId(Cursor& in, std::size_t nameCount)
{
    const std::uint64_t id = in.varint();
    if (id >= nameCount)
        throw std::invalid_argument("span blob refers to name id " + std::to_string(id) + " of "
                                    + std::to_string(nameCount));
    return static_cast<trace::NameId>(id);
}

} // namespace

void SpanCodec::encode(std::span<const trace::Trace> traces, std::vector<std::byte>& blob)
{
    thread_local std::vector<std::pair<trace::SpanId, std::uint32_t>> ids;
    blob.clear();
    blob.push_back(static_cast<std::byte>(kVersion));
    putVarint(blob, traces.size());
    std::int64_t previousBase = 0;
    for (const trace::Trace& trace : traces) {
        putFixed64(blob, trace.id.high);
        putFixed64(blob, trace.id.low);
        putVarint(blob, trace.requestType);
        const std::int64_t base = trace.spans.empty() ? previousBase : trace.spans.front().startNs;
        putSigned(blob, base - previousBase);
        previousBase = base;
        putVarint(blob, trace.spans.size());

        ids.clear();
        for (std::uint32_t i = 0; i < trace.spans.size(); ++i)
            ids.emplace_back(trace.spans[i].id, i);
        std::sort(ids.begin(), ids.end());
        trace::SpanId previousId = 0;
        for (const Span& span : trace.spans) {
            putSigned(blob, static_cast<std::int64_t>(span.id - previousId));
            previousId = span.id;
            std::uint64_t parentCode = kNoParent;
            if (span.parent != 0) {
                const auto found = std::lower_bound(ids.begin(), ids.end(), std::make_pair(span.parent, std::uint32_t{0}));
                parentCode = found != ids.end() && found->first == span.parent ? found->second + 2 : kForeignParent;
            }
            putVarint(blob, (parentCode << 2) | static_cast<std::uint64_t>(span.relation));
            if (parentCode == kForeignParent)
                putVarint(blob, span.parent);
            putSigned(blob, span.startNs - base);
            putSigned(blob, span.durationNs);
            putVarint(blob, span.service);
            putVarint(blob, span.operation);
            putVarint(blob, span.instance == span.service ? 0 : std::uint64_t{span.instance} + 1);
        }
    }
}

void SpanCodec::decode(std::span<const std::byte> blob, std::size_t nameCount, std::vector<trace::Trace>& out)
{
    Cursor in(blob);
    const std::uint8_t version = in.byte();
    if (version != kVersion)
        throw std::invalid_argument("span blob of unknown encoding version " + std::to_string(version));
    const std::uint64_t traceCount = in.varint();
    if (traceCount > blob.size())
        throw std::invalid_argument("span blob claims " + std::to_string(traceCount) + " traces");
    std::int64_t base = 0;
    for (std::uint64_t t = 0; t < traceCount; ++t) {
        trace::Trace trace;
        trace.id.high = in.fixed64();
        trace.id.low = in.fixed64();
        trace.requestType = nameId(in, nameCount);
        base += in.signedVarint();
        const std::uint64_t spanCount = in.varint();
        if (spanCount > blob.size())
            throw std::invalid_argument("span blob claims " + std::to_string(spanCount) + " spans in a trace");
        trace.spans.resize(spanCount);
        std::vector<std::uint64_t> parentIndex(spanCount, 0);
        trace::SpanId previousId = 0;
        for (std::uint64_t i = 0; i < spanCount; ++i) {
            Span& span = trace.spans[i];
            span.id = previousId + static_cast<trace::SpanId>(in.signedVarint());
            previousId = span.id;
            const std::uint64_t packed = in.varint();
            if ((packed & 3) > 2)
                throw std::invalid_argument("span blob: unknown span relation " + std::to_string(packed & 3));
            span.relation = static_cast<SpanRelation>(packed & 3);
            const std::uint64_t parentCode = packed >> 2;
            if (parentCode == kForeignParent)
                span.parent = in.varint();
            else if (parentCode >= 2 && parentCode - 2 >= spanCount)
                throw std::invalid_argument("span blob: parent index out of range");
            parentIndex[i] = parentCode;
            span.startNs = base + in.signedVarint();
            span.durationNs = in.signedVarint();
            span.service = nameId(in, nameCount);
            span.operation = nameId(in, nameCount);
            const std::uint64_t instance = in.varint();
            if (instance == 0)
                span.instance = span.service;
            else if (instance - 1 >= nameCount)
                throw std::invalid_argument("span blob refers to name id " + std::to_string(instance - 1));
            else
                span.instance = static_cast<trace::NameId>(instance - 1);
        }
        for (std::uint64_t i = 0; i < spanCount; ++i) {
            if (parentIndex[i] >= 2)
                trace.spans[i].parent = trace.spans[parentIndex[i] - 2].id;
        }
        out.push_back(std::move(trace));
    }
    if (!in.atEnd())
        throw std::invalid_argument("span blob has bytes after its last trace");
}

} // namespace orrery::store
