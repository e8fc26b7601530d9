#include "fleet/gpu_instance_type.h"

#include <algorithm>

namespace orrery::fleet {
namespace {

constexpr std::int64_t kGiB = std::int64_t{1} << 30;
// Seed 002 §6.3: "we normalize cost to 0.191 per GB/s for Nvidia Tesla V100 GPU, and 0.024 per
// GB/s for Nvidia T4 GPU" (testbed: V100 32 GB, T4 16 GB; cost proportional to GPU memory).
constexpr double kV100PricePerGb = 0.191;
constexpr double kT4PricePerGb = 0.024;
// Datasheet FP32 peaks (TFLOPS) used by the scaling rule of the types the seed does not price.
constexpr double kV100PcieTflops = 14.0;
constexpr double kT4Tflops = 8.1;
constexpr double kP100PcieTflops = 9.3;
constexpr double kA10Tflops = 31.2;
// Seed 001 Table 3.5: cold container start, 2050.8 ms mean (291.4 ms std. dev.). No source at
// hand gives a per-GPU-type launch latency, so every type gets this one.
constexpr sim::SimTime kColdStart = 2'050'800'000;
constexpr const char* kLaunchSource = "seed 001 Table 3.5: cold container start 2050.8 ms (mean; std. dev. 291.4 ms); "
                                      "the same for every type, no per-type figure is published in the seeds";

GpuInstanceType make(std::string code, std::string description, std::string profile, std::int64_t memoryGiB, double tflops,
                     double pricePerGb, std::string rule)
{
    GpuInstanceType type;
    type.code = std::move(code);
    type.description = std::move(description);
    type.servingProfile = std::move(profile);
    type.memoryBytes = memoryGiB * kGiB;
    type.fp32TeraFlops = tflops;
    type.pricePerGbHour = pricePerGb;
    type.pricePerGpuHour = pricePerGb * static_cast<double>(memoryGiB);
    type.priceRule = std::move(rule);
    type.launchLatency = kColdStart;
    type.launchSource = kLaunchSource;
    return type;
}

GpuInstanceType undisclosed(std::string code, double placeholderPricePerGpuHour)
{
    GpuInstanceType type;
    type.code = std::move(code);
    type.description = "undisclosed internal Alibaba GPU code (README-upstream.md: \"G1, G2, G3 are undisclosed internal "
                       "GPU codes\"); memory and speed unknown";
    type.disclosed = false;
    type.pricePerGpuHour = placeholderPricePerGpuHour;
    type.priceRule = "placeholder, not data: priced as one V100M32 GPU (the dearest known type) so that an unknown GPU "
                     "never looks cheap";
    type.launchLatency = kColdStart;
    type.launchSource = kLaunchSource;
    return type;
}

std::vector<GpuInstanceType> buildTypes()
{
    std::vector<GpuInstanceType> types;
    GpuInstanceType t4 = make("T4", "NVIDIA Tesla T4, 16 GB GDDR6", "T4", 16, kT4Tflops, kT4PricePerGb,
                              "seed 002 §6.3: 0.024 per GB (normalised) x 16 GB");
    t4.throughput.push_back(
        {"ResNet-50", 44977.8 / 8,
         "MLPerf Inference v0.5, closed division, NVIDIA T4x8 (8 T4, TensorRT), ResNet-50 v1.5 Offline: 44977.8 samples/s "
         "for the system (mlcommons/inference_results_v0.5 @ 4191ca07, closed/NVIDIA/results/T4x8/resnet/Offline/"
         "performance/run_1/mlperf_log_summary.txt) / 8 GPUs"});
    types.push_back(std::move(t4));
    types.push_back(make("P100", "NVIDIA Tesla P100 (16 GB HBM2 PCIe assumed; the trace does not say which variant)", "", 16,
                         kP100PcieTflops, kV100PricePerGb * kP100PcieTflops / kV100PcieTflops,
                         "rule: V100's seed rate scaled by FP32 peak, 0.191 x 9.3/14 TFLOPS per GB, x 16 GB"));
    types.push_back(make("A10", "NVIDIA A10, 24 GB GDDR6", "", 24, kA10Tflops, kT4PricePerGb * kA10Tflops / kT4Tflops,
                         "rule: T4's seed rate scaled by FP32 peak, 0.024 x 31.2/8.1 TFLOPS per GB, x 24 GB"));
    types.push_back(make("V100M16", "NVIDIA Tesla V100, 16 GB HBM2", "V100", 16, kV100PcieTflops, kV100PricePerGb,
                         "seed 002 §6.3: 0.191 per GB (normalised) x 16 GB"));
    const GpuInstanceType& v100m32 = types.emplace_back(make("V100M32", "NVIDIA Tesla V100, 32 GB HBM2", "V100", 32,
                                                             kV100PcieTflops, kV100PricePerGb,
                                                             "seed 002 §6.3: 0.191 per GB (normalised) x 32 GB"));
    const double dearest = v100m32.pricePerGpuHour;
    types.push_back(undisclosed("G2", dearest));
    types.push_back(undisclosed("G3", dearest));
    return types;
}

} // namespace

const ModelThroughput* GpuInstanceType::throughputOf(std::string_view servingModel) const
{
    const auto found = std::find_if(throughput.begin(), throughput.end(),
                                    [&](const ModelThroughput& entry) { return entry.servingModel == servingModel; });
    return found == throughput.end() ? nullptr : &*found;
}

const std::vector<GpuInstanceType>& builtInGpuInstanceTypes()
{
    static const std::vector<GpuInstanceType> types = buildTypes();
    return types;
}

const GpuInstanceType* findGpuInstanceType(std::string_view code)
{
    const auto& types = builtInGpuInstanceTypes();
    const auto found = std::find_if(types.begin(), types.end(), [&](const GpuInstanceType& type) { return type.code == code; });
    return found == types.end() ? nullptr : &*found;
}

} // namespace orrery::fleet
