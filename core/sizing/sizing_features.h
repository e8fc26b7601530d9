#pragma once
#include "sizing/sizing_dataset.h"
#include "sizing/sizing_query.h"

#include <cstddef>
#include <vector>

namespace orrery::sizing {

//! Floats of one data sample: the configuration and monitoring data of one measurement (F)
//! and its label (P).
inline constexpr std::size_t kSampleDim = 6;

//! The data sample (F ‖ P) of a measurement, as FLASH's meta learner reads it (seed 001 A.1,
//! X_t = [x_t, y_t]): log2 cores, busiest and mean service utilization, log p50 and log p99
//! latency ‖ log mean latency (the label at that configuration).
std::vector<float> sizingSample(const SizingMeasurement& m);

//! The Sizeless input of a query (seed 001 Table A.2): for each base configuration, in order,
//! its data sample (configuration, execution time and resource usage), then log2 of the target
//! configuration's cores. k · kSampleDim + 1 floats.
std::vector<float> sizingInput(const SizingDataset& dataset, const SizingQuery& query);
[[nodiscard]] constexpr std::size_t sizingInputDim(std::size_t shots)
{
    return shots * kSampleDim + 1;
}
//! The label of a query: the mean latency (s) at the target configuration.
float sizingLabel(const SizingDataset& dataset, const SizingQuery& query);

//! Every k-shot query of the training (heldOut false) or held-out applications: every k-subset
//! of the configurations as bases, and every other configuration as target, in application,
//! subset (lexicographic) and target order.
std::vector<SizingQuery> sizingQueries(const SizingDataset& dataset, std::size_t shots, bool heldOut);

} // namespace orrery::sizing
