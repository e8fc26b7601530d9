#include "policy/gpu_fragmentation.h"

#include "model/device_model_match.h"

#include <array>
#include <stdexcept>

namespace orrery::policy {

double fragmentedGpuMilli(std::int64_t freeMillicores, std::span<const std::int32_t> freeMilli, std::string_view gpuModel,
                          std::span<const ExpectedPod> workload)
{
    std::int64_t idle = 0;
    for (const std::int32_t free : freeMilli)
        idle += free;
    if (idle == 0)
        return 0;
    double fragment = 0;
    for (const ExpectedPod& shape : workload) {
        const auto idleShare = static_cast<double>(idle);
        if (shape.gpus.empty() || !model::deviceModelAccepts(shape.deviceModel, gpuModel)) {
            fragment += shape.popularity * idleShare; // it can use none of the node's GPUs
            continue;
        }
        const std::int32_t perGpu = shape.gpus.shares() ? shape.gpus.sharedMilli : model::kMilliPerGpu;
        const std::int32_t gpusWanted = shape.gpus.shares() ? 1 : shape.gpus.wholeGpus;
        std::int32_t roomy = 0;
        std::int64_t tooSmall = 0;
        for (const std::int32_t free : freeMilli) {
            if (free >= perGpu)
                ++roomy;
            else
                tooSmall += free;
        }
        if (roomy >= gpusWanted && freeMillicores >= shape.request.millicores)
            fragment += shape.popularity * static_cast<double>(tooSmall);
        else
            fragment += shape.popularity * idleShare;
    }
    return fragment;
}

double fragmentedGpuMilli(std::int64_t freeMillicores, std::span<const model::GpuShare> gpus, std::string_view gpuModel,
                          std::span<const ExpectedPod> workload)
{
    constexpr std::size_t kMostGpus = 64;
    if (gpus.size() > kMostGpus)
        throw std::invalid_argument("fragmentedGpuMilli: a node with more than 64 GPUs");
    std::array<std::int32_t, kMostGpus> freeMilli{};
    for (std::size_t i = 0; i < gpus.size(); ++i)
        freeMilli[i] = gpus[i].freeMilli();
    return fragmentedGpuMilli(freeMillicores, std::span<const std::int32_t>(freeMilli.data(), gpus.size()), gpuModel, workload);
}

} // namespace orrery::policy
