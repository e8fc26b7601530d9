// `orrery import alibaba-gpu [--nodes N] [--seed S] [--data DIR] --out FILE.yaml`: the Alibaba 2023
// heterogeneous GPU cluster (resources/data/alibaba-gpu-2023) as an ordinary scenario: one pool
// per node shape, priced per GPU instance type, and the trace's pods as batch-job streams
// (docs/fleet.md, "The importer"). The text is checked with the scenario parser before it is
// written, atomically, so a written file always passes `orrery validate`.
#include "ops/atomic_file.h"
#include "ops/alibaba_gpu_data.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "fleet/alibaba_fleet_scenario.h"
#include "fleet/fleet_read_error.h"
#include "model/diagnostic.h"
#include "scenario/scenario_loader.h"

#include <filesystem>
#include <iostream>
#include <stdexcept>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery import alibaba-gpu [--nodes N] [--seed S] [--data DIR] --out FILE.yaml\n"
    "  the Alibaba 2023 GPU cluster trace as a scenario: one node pool per (GPU model, GPUs, CPU,\n"
    "  memory) shape, priced per GPU instance type, and the pods as BatchJobs workloads\n"
    "  --nodes N   a seeded sample of N of the 1,213 GPU nodes (default: all)\n"
    "  --seed S    the sample's seed and the scenario's spec.seed (default 1)\n"
    "  --data DIR  the folder holding openb_node_list_gpu_node.csv and openb_pod_list_default.csv\n"
    "              (default: data/alibaba-gpu-2023 on the resource path)";

int importAlibabaGpu(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"nodes", "seed", "data", "out"}, {});
    const auto out = line.value("out");
    if (!out || !line.positionals().empty())
        throw UsageError{kUsage};
    const auto nodeCount = line.unsignedValue("nodes");
    if (nodeCount && *nodeCount == 0)
        throw UsageError{"--nodes must be at least 1"};
    const std::uint64_t seed = line.unsignedValue("seed").value_or(1);
    const bool defaultData = !line.value("data");
    std::string missing;
    const std::filesystem::path data = alibabaGpuDataFolder(line.value("data").value_or(""), missing);
    if (data.empty()) {
        std::cerr << "error: " << missing << '\n';
        return kExitBadInput;
    }

    std::string text;
    try {
        const auto allNodes = fleet::readAlibabaGpuNodes(data / kAlibabaNodesFile);
        const auto pods = fleet::readAlibabaGpuPods(data / kAlibabaPodsFile);
        if (nodeCount && *nodeCount > allNodes.size()) {
            std::cerr << "error: --nodes " << *nodeCount << " is more than the " << allNodes.size() << " nodes of "
                      << (data / kAlibabaNodesFile).string() << '\n';
            return kExitBadInput;
        }
        const auto nodes = nodeCount ? fleet::sampleAlibabaNodes(allNodes, *nodeCount, seed) : allNodes;
        fleet::FleetScenarioOptions options;
        const std::string shown = defaultData ? std::string("resources/") + kAlibabaDataFolder + "/" : data.string() + "/";
        options.nodesFile = shown + kAlibabaNodesFile;
        options.podsFile = shown + kAlibabaPodsFile;
        options.totalNodes = allNodes.size();
        options.seed = seed;
        options.sampled = nodeCount.has_value();
        const auto pools = fleet::poolsByShape(nodes);
        text = fleet::writeAlibabaFleetScenario(pools, pods, options);
        std::cout << "imported " << nodes.size() << " GPU nodes in " << pools.size() << " pools and " << pods.size()
                  << " pods from " << data.string() << '\n';
    } catch (const fleet::FleetReadError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    } catch (const std::invalid_argument& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    }

    // The importer's own check: what it writes must load, or nothing is written.
    const auto loaded = scenario::parseScenario(text, *out);
    if (!loaded.scenario) {
        std::cerr << "error: the generated scenario does not load (a bug in the importer):\n"
                  << model::formatAll(loaded.diagnostics);
        return kExitRunFailed;
    }
    if (const std::string failure = writeFileAtomically(*out, text); !failure.empty()) {
        std::cerr << "error: " << failure << '\n';
        return kExitRunFailed;
    }
    std::cout << "wrote " << *out << '\n';
    return kExitOk;
}

} // namespace

int runImportCommand(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] == "help" || args[0] == "--help")
        throw UsageError{kUsage};
    if (args[0] == "alibaba-gpu")
        return importAlibabaGpu(std::vector<std::string>(args.begin() + 1, args.end()));
    throw UsageError{"unknown data set '" + args[0] + "'; known: alibaba-gpu\n" + kUsage};
}

} // namespace orrery::app
