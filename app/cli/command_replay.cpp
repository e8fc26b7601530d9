// `orrery replay alibaba-gpu --policy ID[,ID...] …`: the openb pod lists of the Alibaba 2023 GPU
// trace replayed on its 1,213 GPU nodes with GPU sharing, each pod placed once and kept, as the
// FGD paper's simulator does (docs/fleet.md, "GPU sharing replay"). Prints each policy's GPU
// allocation and fragmentation against arrived workload (mean over runs, 95 % CI) and writes the
// per-run curves as CSV; with --project, stores the study as an experiment and each policy's GPUs
// as a run (ops/replay_project.h).
#include "analysis/mean_interval.h"
#include "ops/atomic_file.h"
#include "ops/alibaba_gpu_data.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "ops/plugin_setup.h"
#include "ops/replay_project.h"
#include "fleet/fleet_read_error.h"
#include "fleet/gpu_replay_study.h"
#include "policy/plugin_error.h"
#include "store/store_error.h"

#include <cmath>
#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery replay alibaba-gpu --policy ID[,ID...] [--runs N] [--seed S] [--ratio R] [--no-shuffle]\n"
    "                                 [--pods FILE.csv] [--data DIR] [--csv OUT.csv] [--threads N] [--project FILE]\n"
    "  the Alibaba 2023 GPU pod list replayed on its GPU nodes with GPUs shared by fraction; each pod is\n"
    "  placed once and stays (docs/fleet.md, \"GPU sharing replay\")\n"
    "  --policy    placement plugins to compare, e.g. random,dot-product,gpu-clustering,gpu-packing,best-fit,fgd\n"
    "  --runs N    replays per policy, seeds S … S+N−1 (default 10)\n"
    "  --seed S    first seed: pod order, tuning draws, node order and the policy's stream (default 42)\n"
    "  --ratio R   tune the pods to a GPU demand of R × the fleet's GPU capacity; 0 leaves them (default 1.3)\n"
    "  --no-shuffle  submit the pods in name order\n"
    "  --pods FILE a pod list in the trace's columns (default openb_pod_list_default.csv in --data)\n"
    "  --data DIR  the folder of openb_node_list_gpu_node.csv (default data/alibaba-gpu-2023 on the resource path)\n"
    "  --csv OUT   every run's curves: policy,seed,metric,0,1,…,130 (metric: allocation or fragmentation, % of capacity)\n"
    "  --threads N replays at once (default: one per hardware thread); results do not depend on it\n"
    "  --project FILE  store the study in a project: an experiment (arms: the policies; sweep: arrived GPU demand,\n"
    "              every 10 %; metrics gpu.allocation, gpu.fragmentation, pods.failed) and per policy a run\n"
    "              holding each GPU's share after the last pod of its first seed (the Cluster view shows it)\n"
    "  --peer DIR  the peer simulator's expected allocation (DIR/allocation_openb_default.csv, e.g.\n"
    "              resources/data/fgd-peer): print it beside each policy's mean and the largest difference";
constexpr int kMaxPercent = 130;

std::string formatted(double value, int decimals)
{
    if (std::isnan(value))
        return "-";
    std::ostringstream out;
    out << std::fixed << std::setprecision(decimals) << value;
    return out.str();
}

std::vector<std::string> splitFields(const std::string& text)
{
    std::vector<std::string> fields;
    std::stringstream stream(text);
    for (std::string field; std::getline(stream, field, ',');)
        fields.push_back(field);
    if (!text.empty() && text.back() == ',')
        fields.emplace_back();
    return fields;
}

std::vector<double> column(const fleet::GpuReplayStudy& study, const std::string& policy, int percent, bool allocation)
{
    std::vector<double> values;
    for (const auto& run : study.runs) {
        const auto& curve = allocation ? run.allocationPercent : run.fragmentationPercent;
        if (run.policy == policy && percent < static_cast<int>(curve.size()) && !std::isnan(curve[static_cast<std::size_t>(percent)]))
            values.push_back(curve[static_cast<std::size_t>(percent)]);
    }
    return values;
}

void printTable(const fleet::GpuReplayStudy& study, const std::vector<std::string>& policies, bool allocation)
{
    std::cout << (allocation ? "GPU allocation" : "fragmented GPU")
              << " (% of GPU capacity; mean over runs, ± half the 95 % CI) by arrived GPU demand (% of capacity)\n";
    std::cout << std::left << std::setw(9) << "arrived";
    for (const auto& policy : policies)
        std::cout << std::right << std::setw(18) << policy;
    std::cout << '\n';
    for (int percent = 0; percent <= kMaxPercent; percent += 10) {
        std::cout << std::left << std::setw(9) << percent;
        for (const auto& policy : policies) {
            const auto interval = analysis::meanWithInterval(column(study, policy, percent, allocation));
            std::string cell = formatted(interval.estimate, 2);
            if (!std::isnan(interval.low))
                cell += " ±" + formatted((interval.high - interval.low) / 2, 2);
            std::cout << std::right << std::setw(18) << cell;
        }
        std::cout << '\n';
    }
}

std::string curvesCsv(const fleet::GpuReplayStudy& study)
{
    std::ostringstream out;
    out << "policy,seed,metric";
    for (int percent = 0; percent <= kMaxPercent; ++percent)
        out << ',' << percent;
    out << '\n';
    for (const auto& run : study.runs) {
        for (const bool allocation : {true, false}) {
            out << run.policy << ',' << run.seed << ',' << (allocation ? "allocation" : "fragmentation");
            for (const double value : allocation ? run.allocationPercent : run.fragmentationPercent)
                out << ',' << (std::isnan(value) ? std::string() : formatted(value, 4));
            out << '\n';
        }
    }
    return out.str();
}

// The peer simulator's policy names (its sc_policy column) for Orrery's plugins.
const std::map<std::string, std::string>& peerPolicyNames()
{
    static const std::map<std::string, std::string> names{
        {"random", "01-Random"},       {"dot-product", "02-DotProd"}, {"gpu-clustering", "03-GpuClustering"},
        {"gpu-packing", "04-GpuPacking"}, {"best-fit", "05-BestFit"},  {"fgd", "06-FGD"}};
    return names;
}

//! sc_policy → per seed, the allocation curve 0..130 (the peer's analysis_allo_discrete.csv).
std::map<std::string, std::vector<std::vector<double>>> readPeerCurves(const std::filesystem::path& file)
{
    std::ifstream in(file);
    if (!in)
        throw std::invalid_argument(file.string() + ": cannot be opened");
    std::string header;
    std::getline(in, header);
    const std::vector<std::string> columns = splitFields(header);
    const auto first = std::find(columns.begin(), columns.end(), "0");
    const auto policyColumn = std::find(columns.begin(), columns.end(), "sc_policy");
    if (first == columns.end() || policyColumn == columns.end())
        throw std::invalid_argument(file.string() + ":1: header: no sc_policy or 0 column");
    std::map<std::string, std::vector<std::vector<double>>> curves;
    std::size_t lineNumber = 1;
    for (std::string text; std::getline(in, text);) {
        ++lineNumber;
        const std::vector<std::string> fields = splitFields(text);
        if (fields.size() != columns.size())
            throw std::invalid_argument(file.string() + ":" + std::to_string(lineNumber) + ": " +
                                        std::to_string(fields.size()) + " fields, the header has " + std::to_string(columns.size()));
        std::vector<double> curve;
        for (auto field = fields.begin() + (first - columns.begin()); field != fields.end(); ++field) {
            char* end = nullptr;
            const double value = std::strtod(field->c_str(), &end);
            curve.push_back(field->empty() || *end != '\0' ? std::nan("") : value);
        }
        curves[fields[static_cast<std::size_t>(policyColumn - columns.begin())]].push_back(std::move(curve));
    }
    return curves;
}

void printPeerComparison(const fleet::GpuReplayStudy& study, const std::vector<std::string>& policies,
                         const std::filesystem::path& file)
{
    const auto peer = readPeerCurves(file);
    std::cout << "against the peer (" << file.string() << "; its mean over seeds; difference = Orrery − peer, points)\n";
    std::cout << std::left << std::setw(9) << "arrived";
    for (const auto& policy : policies)
        std::cout << std::right << std::setw(18) << policy;
    std::cout << '\n';
    std::map<std::string, double> largest;
    const auto peerMean = [&](const std::string& policy, int percent) {
        const auto name = peerPolicyNames().find(policy);
        const auto found = name == peerPolicyNames().end() ? peer.end() : peer.find(name->second);
        std::vector<double> values;
        if (found != peer.end()) {
            for (const auto& curve : found->second) {
                if (percent < static_cast<int>(curve.size()) && !std::isnan(curve[static_cast<std::size_t>(percent)]))
                    values.push_back(curve[static_cast<std::size_t>(percent)]);
            }
        }
        return analysis::meanWithInterval(values).estimate;
    };
    for (int percent = 0; percent <= kMaxPercent; ++percent) {
        const bool printed = percent % 10 == 0;
        if (printed)
            std::cout << std::left << std::setw(9) << percent;
        for (const auto& policy : policies) {
            const double theirs = peerMean(policy, percent);
            const double ours = analysis::meanWithInterval(column(study, policy, percent, true)).estimate;
            const double difference = ours - theirs;
            if (!std::isnan(difference))
                largest[policy] = std::max(largest[policy], std::fabs(difference));
            if (printed)
                std::cout << std::right << std::setw(18)
                          << (formatted(theirs, 2) + " (" + (difference >= 0 ? "+" : "") + formatted(difference, 2) + ")");
        }
        if (printed)
            std::cout << '\n';
    }
    std::cout << std::left << std::setw(9) << "largest";
    for (const auto& policy : policies)
        std::cout << std::right << std::setw(18)
                  << (largest.count(policy) ? formatted(largest[policy], 2) + " pt" : std::string("no peer"));
    std::cout << "   (|difference| over every whole percent 0-130)\n";
}

//! The replay's parameters as YAML: the stored experiment's text, so the project says how to
//! reproduce it.
std::string replayParameters(const fleet::GpuReplayStudyOptions& options, const std::filesystem::path& podsFile)
{
    std::ostringstream out;
    out << "# orrery replay alibaba-gpu (docs/fleet.md, \"GPU sharing replay\")\n"
        << "replay: alibaba-gpu\n"
        << "pods: " << podsFile.filename().string() << "\n"
        << "policies: [";
    for (std::size_t i = 0; i < options.policies.size(); ++i)
        out << (i ? ", " : "") << options.policies[i];
    out << "]\nruns: " << options.runs << "\nseed: " << options.arrivals.seed << "\nratio: " << options.arrivals.demandRatio
        << "\nshuffle: " << (options.arrivals.shuffle ? "true" : "false") << "\nmaxPercent: " << options.maxPercent << '\n';
    return out.str();
}

int replayAlibabaGpu(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"policy", "runs", "seed", "ratio", "pods", "data", "csv", "threads", "peer", "project"}, {"no-shuffle"});
    if (!line.positionals().empty() || !line.value("policy"))
        throw UsageError{kUsage};
    fleet::GpuReplayStudyOptions options;
    options.policies = splitCommaList(*line.value("policy"));
    if (options.policies.empty())
        throw UsageError{"--policy names no plugin"};
    const std::uint64_t runs = line.unsignedValue("runs").value_or(10);
    if (runs < 1 || runs > 1000)
        throw UsageError{"--runs must be 1-1000"};
    options.runs = static_cast<int>(runs);
    options.arrivals.seed = line.unsignedValue("seed").value_or(42);
    options.arrivals.shuffle = !line.flag("no-shuffle");
    options.threads = static_cast<unsigned>(line.unsignedValue("threads").value_or(0));
    if (const auto ratio = line.value("ratio")) {
        char* end = nullptr;
        const double value = std::strtod(ratio->c_str(), &end);
        if (end == ratio->c_str() || *end != '\0' || !(value >= 0) || value > 100)
            throw UsageError{"--ratio '" + *ratio + "' is not a number in 0-100"};
        options.arrivals.demandRatio = value;
    }

    std::string missing;
    const std::filesystem::path data = alibabaGpuDataFolder(line.value("data").value_or(""), missing);
    if (data.empty()) {
        std::cerr << "error: " << missing << '\n';
        return kExitBadInput;
    }
    const std::filesystem::path podsFile = line.value("pods").value_or((data / kAlibabaPodsFile).string());

    if (const auto peer = line.value("peer"); peer && !std::filesystem::exists(std::filesystem::path(*peer) / "allocation_openb_default.csv")) {
        std::cerr << "error: --peer: " << (std::filesystem::path(*peer) / "allocation_openb_default.csv").string() << " does not exist\n";
        return kExitBadInput;
    }

    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    for (const auto& id : options.policies) {
        const auto* info = registry.find(id);
        if (info == nullptr || (info->kinds & ORRERY_KIND_PLACEMENT) == 0) {
            std::cerr << "error: --policy: '" << id << "' is not a placement plugin (`orrery plugins` lists them)\n";
            return kExitBadInput;
        }
    }
    const fleet::ReplayPolicyFactory makePolicy = replayPolicyFactory(registry);

    fleet::GpuReplayStudy study;
    std::vector<fleet::AlibabaGpuNode> nodes;
    std::vector<fleet::AlibabaGpuPod> pods;
    try {
        nodes = fleet::readAlibabaGpuNodes(data / kAlibabaNodesFile);
        pods = fleet::readAlibabaGpuPods(podsFile);
        std::cerr << "replaying " << pods.size() << " pods (GPU demand tuned to " << options.arrivals.demandRatio
                  << " × capacity) on " << nodes.size() << " GPU nodes: " << options.policies.size() << " policies × "
                  << options.runs << " runs\n";
        study = fleet::runGpuReplayStudy(nodes, pods, options, makePolicy, [](std::size_t done, std::size_t all) {
            std::cerr << "replay " << done << "/" << all << '\n';
            return true;
        });
    } catch (const fleet::FleetReadError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    } catch (const std::invalid_argument& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    } catch (const policy::PluginError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    }

    std::cout << "GPU capacity " << study.capacityMilli / 1000 << " GPUs; target workload: " << study.targetShapes
              << " pod shapes covering 95 % of the pods\n";
    printTable(study, options.policies, true);
    printTable(study, options.policies, false);
    std::cout << std::left << std::setw(18) << "policy" << std::setw(12) << "pods" << std::setw(16) << "failed pods"
              << std::setw(12) << "refused" << "s per replay\n";
    for (const auto& policy : options.policies) {
        std::vector<double> arrived, failed, refused, seconds;
        for (const auto& run : study.runs) {
            if (run.policy != policy)
                continue;
            arrived.push_back(static_cast<double>(run.pods));
            failed.push_back(static_cast<double>(run.failedPods));
            refused.push_back(static_cast<double>(run.refusedDecisions));
            seconds.push_back(run.seconds);
        }
        std::cout << std::left << std::setw(18) << policy << std::setw(12) << formatted(analysis::meanWithInterval(arrived).estimate, 0)
                  << std::setw(16) << formatted(analysis::meanWithInterval(failed).estimate, 1) << std::setw(12)
                  << formatted(analysis::meanWithInterval(refused).estimate, 0)
                  << formatted(analysis::meanWithInterval(seconds).estimate, 3) << '\n';
    }
    if (const auto peer = line.value("peer")) {
        try {
            printPeerComparison(study, options.policies, std::filesystem::path(*peer) / "allocation_openb_default.csv");
        } catch (const std::invalid_argument& error) {
            std::cerr << "error: --peer: " << error.what() << '\n';
            return kExitBadInput;
        }
    }
    if (const auto csv = line.value("csv")) {
        if (const std::string failure = writeFileAtomically(*csv, curvesCsv(study)); !failure.empty()) {
            std::cerr << "error: " << failure << '\n';
            return kExitRunFailed;
        }
        std::cout << "wrote " << *csv << '\n';
    }
    if (const auto project = line.value("project")) {
        ReplayProjectInput input;
        input.projectPath = *project;
        input.nodesFile = (data / kAlibabaNodesFile).string();
        input.podsFile = podsFile.string();
        input.parameters = replayParameters(options, podsFile);
        try {
            const ReplayProjectRecord record = storeReplayStudy(input, study, options, nodes, pods);
            std::cout << "stored experiment " << record.experiment << " and runs";
            for (const store::RunId run : record.runs)
                std::cout << ' ' << run;
            std::cout << " in " << *project << '\n';
        } catch (const std::exception& error) { // store::StoreError, or a fleet the importer cannot price
            std::cerr << "error: --project: " << error.what() << '\n';
            return kExitRunFailed;
        }
    }
    return kExitOk;
}

} // namespace

int runReplayCommand(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] == "help" || args[0] == "--help")
        throw UsageError{kUsage};
    if (args[0] == "alibaba-gpu")
        return replayAlibabaGpu(std::vector<std::string>(args.begin() + 1, args.end()));
    throw UsageError{"unknown data set '" + args[0] + "'; known: alibaba-gpu\n" + kUsage};
}

} // namespace orrery::app
