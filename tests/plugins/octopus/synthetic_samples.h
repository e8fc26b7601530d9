#pragma once
// A synthetic trace with a known structure, for training and checking Octopus's predictor:
// latency = base(service) × slowdown(kind) × sqrt(1000 m / cpu) × log-normal noise (σ = 0.03),
// so about 99.9 % of the samples lie within 10 % of the noiseless value.
#include "model/compute_kind.h"
#include "policy/placement_sample.h"
#include "sim/rng_stream.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace orrery::testing {

inline constexpr std::int64_t kGi = std::int64_t{1} << 30;

struct SyntheticService {
    std::string name;
    std::string dependsOn;
    double baseSeconds = 0.0;
    //! Latency multiplier per compute kind (cpu, gpu, asic, fpga); 0 = cannot run there.
    double slowdown[model::kComputeKindCount] = {};
};

//! DeathStarBench-like microservices that run on CPUs only, and DNN services that run anywhere,
//! fastest on the ASIC, then the GPU.
inline const std::vector<SyntheticService>& syntheticServices()
{
    static const std::vector<SyntheticService> services{
        {"nginx", "", 0.002, {1.0, 0.0, 0.0, 0.0}},
        {"compose-post", "nginx", 0.010, {1.0, 0.0, 0.0, 0.0}},
        {"text", "compose-post", 0.004, {1.0, 0.0, 0.0, 0.0}},
        {"user-mention", "text", 0.006, {1.0, 0.0, 0.0, 0.0}},
        {"media", "compose-post", 0.020, {1.0, 0.0, 0.0, 0.0}},
        {"image-recognition", "media", 0.400, {1.0, 0.12, 0.07, 0.0}},
        {"object-detection", "media", 0.900, {1.0, 0.10, 0.15, 0.0}},
        {"text-classification", "text", 0.150, {1.0, 0.30, 0.20, 0.0}},
    };
    return services;
}

inline double noiselessSeconds(const SyntheticService& service, model::ComputeKind kind, std::int64_t millicores)
{
    return service.baseSeconds * service.slowdown[static_cast<int>(kind)]
        * std::sqrt(1000.0 / static_cast<double>(millicores));
}

inline model::ComputeKindSet optionsOf(const SyntheticService& service)
{
    model::ComputeKindSet set = 0;
    for (int kind = 0; kind < model::kComputeKindCount; ++kind) {
        if (service.slowdown[kind] > 0.0)
            set |= model::bitOf(static_cast<model::ComputeKind>(kind));
    }
    return set;
}

//! `count` samples: service, resources and (allowed) compute kind drawn uniformly.
inline std::vector<policy::PlacementSample> syntheticSamples(std::size_t count, std::uint64_t seed,
                                                             double noiseSigma = 0.03)
{
    static const std::int64_t cpus[] = {250, 500, 1000, 2000, 4000};
    static const std::int64_t memories[] = {kGi / 2, kGi, 4 * kGi};
    static const std::int64_t disks[] = {0, kGi, 10 * kGi};
    sim::RngStream rng(seed, "synthetic-trace");
    std::vector<policy::PlacementSample> samples;
    samples.reserve(count);
    const auto& services = syntheticServices();
    for (std::size_t i = 0; i < count; ++i) {
        const SyntheticService& service = services[rng.below(services.size())];
        std::vector<model::ComputeKind> kinds;
        for (int kind = 0; kind < model::kComputeKindCount; ++kind) {
            if (service.slowdown[kind] > 0.0)
                kinds.push_back(static_cast<model::ComputeKind>(kind));
        }
        policy::PlacementSample sample;
        sample.service = service.name;
        sample.dependsOn = service.dependsOn;
        sample.request.millicores = cpus[rng.below(std::size(cpus))];
        sample.request.memoryBytes = memories[rng.below(std::size(memories))];
        sample.diskBytes = disks[rng.below(std::size(disks))];
        sample.compute = kinds[rng.below(kinds.size())];
        sample.latencySeconds = noiselessSeconds(service, sample.compute, sample.request.millicores)
            * rng.logNormal(1.0, noiseSigma);
        samples.push_back(std::move(sample));
    }
    return samples;
}

} // namespace orrery::testing
