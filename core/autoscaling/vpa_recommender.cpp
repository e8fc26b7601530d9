#include "autoscaling/vpa_recommender.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::autoscaling {
namespace {

using policy::ControlResource;

// VPA's histogram shapes (model/aggregations_config.go): CPU 0.01 cores to 1000 cores, memory
// 10 MB to 1 TB, buckets 5 % wider each.
constexpr double kCpuFirstBucket = 0.01;
constexpr double kCpuMax = 1000.0;
constexpr double kMemoryFirstBucket = 1e7;
constexpr double kMemoryMax = 1e12;
constexpr double kBucketRatio = 1.05;
// CPU samples weigh their container's request, at least this much (minSampleWeight).
constexpr double kMinSampleWeight = 0.1;

} // namespace

VpaRecommender::VpaRecommender(VpaRecommenderConfig config) : m_config(config) {}

VpaRecommender::TargetState& VpaRecommender::stateOf(std::string_view target)
{
    auto it = m_targets.find(target);
    if (it == m_targets.end()) {
        it = m_targets
                 .emplace(std::string(target),
                          TargetState{DecayingHistogram(kCpuMax, kCpuFirstBucket, kBucketRatio, m_config.halfLife),
                                      DecayingHistogram(kMemoryMax, kMemoryFirstBucket, kBucketRatio, m_config.halfLife)})
                 .first;
    }
    return it->second;
}

void VpaRecommender::addMemoryPeak(TargetState& state, double memory, sim::SimTime now, sim::SimTime interval)
{
    if (state.memoryPeak < 0 || now - state.memoryWindowStart >= interval) {
        state.memoryWindowStart = now;
        state.memoryPeak = memory;
        state.memory.addSample(memory, 1.0, now);
    } else if (memory > state.memoryPeak) {
        state.memory.subtractSample(state.memoryPeak, 1.0, state.memoryWindowStart);
        state.memory.addSample(memory, 1.0, state.memoryWindowStart);
        state.memoryPeak = memory;
    }
}

void VpaRecommender::recordOom(std::string_view target, double memoryLimit, sim::SimTime now)
{
    TargetState& state = stateOf(target);
    const double used = std::max(memoryLimit, state.memoryPeak);
    const double needed = std::max(used + m_config.oomMinBumpUpBytes, used * m_config.oomBumpUpRatio);
    // Not a usage sample: confidence counts CPU samples only (TotalSamplesCount).
    addMemoryPeak(state, needed, now, m_config.memoryInterval);
}

bool VpaRecommender::record(const policy::TargetObservation& target, sim::SimTime now)
{
    TargetState& state = stateOf(target.name);
    if (target.replicas <= 0)
        return false; // nothing running, nothing measured
    const double cpuLimit = target.limit[policy::indexOf(ControlResource::Cpu)];
    state.cpu.addSample(target.usage[policy::indexOf(ControlResource::Cpu)], std::max(cpuLimit, kMinSampleWeight),
                        now);
    // Memory: one sample per aggregation interval, its peak (a higher peak replaces the lower).
    addMemoryPeak(state, target.usage[policy::indexOf(ControlResource::Memory)], now, m_config.memoryInterval);
    if (state.samples == 0)
        state.firstSample = now;
    state.lastSample = now;
    ++state.samples;
    const auto oom = target.features.find(policy::TargetObservation::kOomKills);
    if (oom != target.features.end() && oom->second > 0)
        recordOom(target.name, target.limit[policy::indexOf(ControlResource::Memory)], now);
    return true;
}

VpaRecommendation VpaRecommender::recommend(const TargetState& state, ControlResource resource) const
{
    const DecayingHistogram& histogram = resource == ControlResource::Cpu ? state.cpu : state.memory;
    const double margin = 1.0 + m_config.safetyMargin;
    VpaRecommendation r{histogram.percentile(m_config.targetPercentile) * margin,
                        histogram.percentile(m_config.lowerPercentile) * margin,
                        histogram.percentile(m_config.upperPercentile) * margin};
    if (m_config.confidenceScaling) {
        // estimator.go getConfidence: ~days of history at one sample per minute.
        const double days
            = static_cast<double>(state.lastSample - state.firstSample) / static_cast<double>(24 * sim::kHour);
        const double confidence = std::min(days, static_cast<double>(state.samples) / (60.0 * 24.0));
        if (confidence <= 0) {
            r.lowerBound = 0;
            r.upperBound = std::numeric_limits<double>::infinity();
        } else {
            r.lowerBound *= std::pow(1.0 + 0.001 / confidence, -2.0);
            r.upperBound *= 1.0 + 1.0 / confidence;
        }
    }
    const double floor = resource == ControlResource::Cpu ? m_config.minCpuCores : m_config.minMemoryBytes;
    r.target = std::max(r.target, floor);
    r.lowerBound = std::max(r.lowerBound, floor);
    r.upperBound = std::max(r.upperBound, floor);
    return r;
}

std::optional<VpaRecommendation> VpaRecommender::recommendation(std::string_view target,
                                                                ControlResource resource) const
{
    const auto it = m_targets.find(target);
    if (it == m_targets.end() || it->second.samples == 0)
        return std::nullopt;
    return recommend(it->second, resource);
}

} // namespace orrery::autoscaling
