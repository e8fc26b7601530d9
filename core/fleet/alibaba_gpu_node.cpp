#include "fleet/alibaba_gpu_node.h"

#include "fleet/csv_table_reader.h"

namespace orrery::fleet {
namespace {

enum Column : std::size_t { kName, kCpu, kMemory, kGpu, kModel };
constexpr int kMostGpusPerNode = 64; // the scenario format's limit on devices per node

} // namespace

std::vector<AlibabaGpuNode> readAlibabaGpuNodes(const std::filesystem::path& path)
{
    CsvTableReader reader(path, {"sn", "cpu_milli", "memory_mib", "gpu", "model"});
    std::vector<AlibabaGpuNode> nodes;
    while (reader.next()) {
        AlibabaGpuNode node;
        node.name = std::string(reader.text(kName));
        if (node.name.empty())
            reader.fail(kName, "empty; every node needs a name");
        node.cpuMillicores = reader.count(kCpu);
        node.memoryMib = reader.count(kMemory);
        const std::int64_t gpus = reader.count(kGpu);
        if (gpus > kMostGpusPerNode)
            reader.fail(kGpu, "at most " + std::to_string(kMostGpusPerNode) + " GPUs per node, got " + std::to_string(gpus));
        node.gpuCount = static_cast<int>(gpus);
        node.gpuModel = std::string(reader.text(kModel));
        if (node.gpuCount > 0 && node.gpuModel.empty())
            reader.fail(kModel, "empty, but the node has " + std::to_string(node.gpuCount) + " GPUs");
        nodes.push_back(std::move(node));
    }
    return nodes;
}

} // namespace orrery::fleet
