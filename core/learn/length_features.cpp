#include "learn/length_features.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::learn {

std::size_t lengthFeatureCount(const LengthFeatureOptions& options)
{
    return options.streams + 1 + (options.arrivalContext ? 5 : 0);
}

std::vector<std::string> lengthFeatureNames(const LengthFeatureOptions& options)
{
    std::vector<std::string> names;
    for (std::size_t s = 0; s < options.streams; ++s)
        names.push_back("stream=" + std::to_string(s));
    names.emplace_back("log1p(context)");
    if (options.arrivalContext) {
        names.emplace_back("known");
        names.push_back("mean log1p(out) last " + std::to_string(options.recentLong) + " known");
        names.push_back("mean log1p(out) last " + std::to_string(options.recentShort) + " known");
        names.emplace_back("log1p(arrivals in window)");
        names.emplace_back("log1p(gap s)");
    }
    return names;
}

std::vector<float> lengthFeatures(std::span<const LengthRequest> requests, const LengthFeatureOptions& options)
{
    if (options.streams == 0)
        throw std::invalid_argument("lengthFeatures: streams must be positive");
    if (options.arrivalContext && (options.recentLong == 0 || options.recentShort == 0))
        throw std::invalid_argument("lengthFeatures: recentLong and recentShort must be positive");
    if (options.knownAfterSeconds < 0 || options.rateWindowSeconds < 0)
        throw std::invalid_argument("lengthFeatures: knownAfterSeconds and rateWindowSeconds must not be negative");
    const std::size_t width = lengthFeatureCount(options);
    std::vector<float> out(requests.size() * width, 0.0f);

    // Per stream: the rows seen so far (arrival order), prefix sums of log(1 + output), and two
    // cursors — how many of them are known, and where the rate window starts.
    struct Stream {
        std::vector<std::size_t> rows;
        std::vector<double> prefix{0.0};
        std::size_t known = 0;
        std::size_t windowStart = 0;
    };
    std::vector<Stream> streams(options.streams);
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const LengthRequest& r = requests[i];
        if (r.stream >= options.streams)
            throw std::invalid_argument("lengthFeatures: row " + std::to_string(i) + " has stream "
                                        + std::to_string(r.stream) + ", expected < " + std::to_string(options.streams));
        if (!std::isfinite(r.arrivalSeconds))
            throw std::invalid_argument("lengthFeatures: row " + std::to_string(i) + " has a non-finite arrival time");
        Stream& s = streams[r.stream];
        if (!s.rows.empty() && r.arrivalSeconds < requests[s.rows.back()].arrivalSeconds)
            throw std::invalid_argument("lengthFeatures: row " + std::to_string(i) + " arrives before row "
                                        + std::to_string(s.rows.back()) + " of its stream (rows of a stream must be in arrival order)");
        float* row = out.data() + i * width;
        row[r.stream] = 1.0f;
        row[options.streams] = static_cast<float>(std::log1p(static_cast<double>(r.contextTokens)));
        if (options.arrivalContext) {
            while (s.known < s.rows.size()
                   && requests[s.rows[s.known]].arrivalSeconds <= r.arrivalSeconds - options.knownAfterSeconds)
                ++s.known;
            while (s.windowStart < s.rows.size()
                   && requests[s.rows[s.windowStart]].arrivalSeconds < r.arrivalSeconds - options.rateWindowSeconds)
                ++s.windowStart;
            float* context = row + options.streams + 1;
            if (s.known > 0) {
                const auto meanOfLast = [&](std::size_t k) {
                    const std::size_t n = std::min(k, s.known);
                    return (s.prefix[s.known] - s.prefix[s.known - n]) / static_cast<double>(n);
                };
                context[0] = 1.0f;
                context[1] = static_cast<float>(meanOfLast(options.recentLong));
                context[2] = static_cast<float>(meanOfLast(options.recentShort));
            }
            context[3] = static_cast<float>(std::log1p(static_cast<double>(s.rows.size() - s.windowStart)));
            if (!s.rows.empty())
                context[4] = static_cast<float>(std::log1p(r.arrivalSeconds - requests[s.rows.back()].arrivalSeconds));
        }
        s.rows.push_back(i);
        s.prefix.push_back(s.prefix.back() + std::log1p(static_cast<double>(r.generatedTokens)));
    }
    return out;
}

} // namespace orrery::learn
