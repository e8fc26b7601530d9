#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace orrery::learn {

//! One request as an LLM inference trace records it: no prompt, only when it arrived, how many
//! tokens it read and wrote, and which stream (trace / model) it belongs to.
struct LengthRequest {
    double arrivalSeconds = 0;
    std::uint32_t contextTokens = 0;
    std::uint32_t generatedTokens = 0; //!< the label; used as a feature only through arrival context
    std::uint32_t stream = 0;
};

//! Which features lengthFeatures() builds.
struct LengthFeatureOptions {
    std::size_t streams = 1;          //!< one-hot width (stream ids must be < streams)
    bool arrivalContext = true;       //!< the features below the first two groups
    //! A predecessor's output length counts as known to a request only when the predecessor
    //! arrived at least this long before it: the trace has no completion times, so this assumes
    //! every request completes within this many seconds of arriving (60 s: a 1000-token answer at
    //! 50 ms per token with no queueing; the Azure traces' longest outputs are 1000 and 1899).
    double knownAfterSeconds = 60;
    std::size_t recentLong = 32;      //!< known predecessors averaged (long window)
    std::size_t recentShort = 8;      //!< known predecessors averaged (short window)
    double rateWindowSeconds = 60;    //!< arrivals of the stream counted over this window
};

//! Features per request, row-major, in the order of `requests`:
//!   - one-hot stream (streams values);
//!   - log(1 + context tokens);
//!   - with arrivalContext, over the same stream: whether any output is known yet (0/1); the mean
//!     log(1 + generated tokens) of the last recentLong and of the last recentShort requests whose
//!     outputs are known (arrived ≥ knownAfterSeconds earlier; 0 when none); log(1 + arrivals in
//!     the last rateWindowSeconds, this one excluded); log(1 + seconds since the stream's previous
//!     arrival) (0 for the first).
//! No feature depends on the generated tokens of the request itself or of any request that
//! arrived less than knownAfterSeconds before it. Time of day is not a feature: each Azure trace
//! spans one hour, and a time-ordered split would test only on times never trained on.
//! Requests of one stream must be in arrival order (streams may interleave); throws
//! std::invalid_argument naming the row otherwise, or for a stream ≥ streams.
std::vector<float> lengthFeatures(std::span<const LengthRequest> requests, const LengthFeatureOptions& options);

//! The number of features per row lengthFeatures() builds with `options`.
std::size_t lengthFeatureCount(const LengthFeatureOptions& options);

//! Names of those features, for tables.
std::vector<std::string> lengthFeatureNames(const LengthFeatureOptions& options);

} // namespace orrery::learn
