#include "fleet/alibaba_gpu_pod.h"

#include "fleet/csv_table_reader.h"

namespace orrery::fleet {
namespace {

enum Column : std::size_t { kName, kCpu, kMemory, kGpus, kGpuMilli, kSpec, kQos, kPhase, kCreation, kDeletion, kScheduled };
constexpr std::int64_t kMostGpusPerPod = 64;
constexpr std::int64_t kMilliPerGpu = 1000;

std::vector<std::string> splitSpec(std::string_view spec)
{
    std::vector<std::string> models;
    std::size_t start = 0;
    while (start <= spec.size() && !spec.empty()) {
        const std::size_t bar = spec.find('|', start);
        const std::size_t stop = bar == std::string_view::npos ? spec.size() : bar;
        if (stop > start)
            models.emplace_back(spec.substr(start, stop - start));
        if (bar == std::string_view::npos)
            break;
        start = bar + 1;
    }
    return models;
}

} // namespace

std::vector<AlibabaGpuPod> readAlibabaGpuPods(const std::filesystem::path& path)
{
    CsvTableReader reader(path, {"name", "cpu_milli", "memory_mib", "num_gpu", "gpu_milli", "gpu_spec", "qos", "pod_phase",
                                 "creation_time", "deletion_time", "scheduled_time"});
    std::vector<AlibabaGpuPod> pods;
    pods.reserve(8192);
    while (reader.next()) {
        AlibabaGpuPod pod;
        pod.name = std::string(reader.text(kName));
        if (pod.name.empty())
            reader.fail(kName, "empty; every pod needs a name");
        pod.cpuMillicores = reader.count(kCpu);
        pod.memoryMib = reader.count(kMemory);
        const std::int64_t gpus = reader.count(kGpus);
        if (gpus > kMostGpusPerPod)
            reader.fail(kGpus, "at most " + std::to_string(kMostGpusPerPod) + " GPUs, got " + std::to_string(gpus));
        pod.gpuCount = static_cast<int>(gpus);
        const std::int64_t milli = reader.count(kGpuMilli);
        if (milli > kMilliPerGpu)
            reader.fail(kGpuMilli, "at most 1000 (one whole GPU), got " + std::to_string(milli));
        pod.gpuMilli = static_cast<int>(milli);
        pod.gpuSpec = splitSpec(reader.text(kSpec));
        pod.qos = std::string(reader.text(kQos));
        pod.phase = std::string(reader.text(kPhase));
        pod.creationSeconds = reader.count(kCreation);
        pod.deletionSeconds = reader.count(kDeletion);
        if (pod.deletionSeconds < pod.creationSeconds)
            reader.fail(kDeletion, "before creation_time (" + std::to_string(pod.deletionSeconds) + " < " +
                                       std::to_string(pod.creationSeconds) + ")");
        pod.scheduledSeconds = reader.optionalCount(kScheduled);
        pods.push_back(std::move(pod));
    }
    return pods;
}

} // namespace orrery::fleet
