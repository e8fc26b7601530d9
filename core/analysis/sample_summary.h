#pragma once
#include <cstddef>
#include <vector>

namespace orrery::analysis {

//! Descriptive statistics of one sample: count, mean and the percentiles reports use.
struct SampleSummary {
    std::size_t count = 0;
    double mean = 0.0;
    double min = 0.0;
    double p50 = 0.0;
    double p90 = 0.0;
    double p99 = 0.0;
    double max = 0.0;
};

//! The q-quantile (0 ≤ q ≤ 1) of sorted values by linear interpolation between closest ranks
//! (Hyndman & Fan type 7, what NumPy and R default to). Precondition: sorted, non-empty.
double quantileOfSorted(const std::vector<double>& sorted, double q);

//! Summarizes values (taken by value: they are sorted in place). All zeros when empty.
SampleSummary summarize(std::vector<double> values);

} // namespace orrery::analysis
