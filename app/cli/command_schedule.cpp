// `orrery schedule --policy ID …`: an Orrery placement plugin as a secondary Kubernetes scheduler
// (live/live_scheduler.h; docs/live-clusters.md, "Orrery as a scheduler").
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/interrupt_guard.h"
#include "cli/live_context_options.h"
#include "ops/plugin_setup.h"
#include "experiment/trained_models.h"
#include "live/live_error.h"
#include "live/live_scheduler.h"
#include "policy/plugin_error.h"
#include "sim/rng_stream.h"
#include "store/store_error.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery schedule --policy ID [--scheduler-name orrery] [--namespace N] [--context C] [--kubeconfig F]\n"
    "                       [--dry-run] [--once] [--rate BINDS/S] [--burst N] [--lease-namespace NS] [--lease-name NAME]\n"
    "                       [--identity ID] [--seed S] [--models-from PROJECT.orrery] [--timeout 10s]\n"
    "  binds the pending pods whose spec.schedulerName is --scheduler-name with the placement plugin ID, after\n"
    "  kube-scheduler's filters (resources, taints, node affinity); emits Scheduled / FailedScheduling Events\n"
    "  --dry-run   print each decision; bind nothing, emit nothing, take no lease\n"
    "  --once      one pass over the pods pending now, then exit (1 when some could not be placed)\n"
    "  --rate      bindings per second at most (default 50; burst 100)\n"
    "  --models-from  a project whose latest trained model of the plugin it uses (octopus: `orrery train octopus`)\n"
    "  --lease-namespace/--lease-name  the Lease that elects one binding instance (default kube-system/<scheduler-name>)\n"
    "  Ctrl-C stops after the decision in progress and releases the lease";

double positiveNumber(const CommandLine& line, const char* option, double fallback)
{
    const auto text = line.value(option);
    if (!text)
        return fallback;
    char* end = nullptr;
    const double value = std::strtod(text->c_str(), &end);
    if (end == text->c_str() || *end != '\0' || !(value > 0) || value > 1e6)
        throw UsageError{std::string("--") + option + " '" + *text + "' is not a number in (0, 1e6]"};
    return value;
}

void printDecision(const live::SchedulingDecision& decision, bool dryRun)
{
    char took[32];
    std::snprintf(took, sizeof took, "%.1f ms", decision.seconds * 1e3);
    if (!decision.node.empty())
        std::cout << (dryRun ? "would bind " : "bound ") << decision.pod << " -> " << decision.node << " (" << took << ")\n";
    else
        std::cout << decision.reason << ' ' << decision.pod << ": " << decision.message << '\n';
    std::cout.flush();
}

} // namespace

int runScheduleCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"policy", "scheduler-name", "namespace", "context", "kubeconfig", "rate", "burst",
                                  "lease-namespace", "lease-name", "identity", "seed", "timeout", "models-from"},
                           {"dry-run", "once"});
    if (!line.positionals().empty() || !line.value("policy"))
        throw UsageError{kUsage};
    live::LiveSchedulerOptions options;
    options.schedulerName = line.value("scheduler-name").value_or("orrery");
    options.nameSpace = line.value("namespace").value_or("");
    options.dryRun = line.flag("dry-run");
    options.bindsPerSecond = positiveNumber(line, "rate", 50);
    options.burst = positiveNumber(line, "burst", 100);
    options.leaseNamespace = line.value("lease-namespace").value_or("kube-system");
    options.leaseName = line.value("lease-name").value_or("");
    options.identity = line.value("identity").value_or("");
    const std::string policyId = *line.value("policy");

    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    const auto* info = registry.find(policyId);
    if (info == nullptr || (info->kinds & ORRERY_KIND_PLACEMENT) == 0) {
        std::cerr << "error: --policy: '" << policyId << "' is not a placement plugin (`orrery plugins` lists them)\n";
        return kExitBadInput;
    }
    try {
        sim::RngStream rng(line.unsignedValue("seed").value_or(1), "policy:" + policyId);
        policy::PolicyContext context;
        context.rng = &rng;
        // A trainable plugin gets the latest model the project holds, as `orrery run` gives it.
        env::PolicyModels models;
        if (const auto project = line.value("models-from")) {
            if (!std::filesystem::exists(*project)) {
                std::cerr << "error: --models-from: " << *project << " does not exist\n";
                return kExitBadInput;
            }
            models = experiment::latestTrainedModels(std::set<std::string>{policyId}, registry, *project);
            if (const auto found = models.find(policyId); found != models.end())
                context.model = &found->second;
            else
                std::cerr << "warning: " << *project << " holds no trained model of " << policyId << '\n';
        }
        model::PolicyChoice choice;
        choice.plugin = policyId;
        choice.fieldPath = "--policy";
        const policy::PlacementPolicyPtr policy = registry.createPlacement(choice, context);
        live::KubeClient client(resolveLiveContext(line), liveTimeouts(line));
        live::LiveScheduler scheduler(client, *policy, options);
        const auto status = [](const std::string& text) { std::cerr << "schedule: " << text << '\n'; };
        std::cerr << "schedule: " << policyId << " as scheduler \"" << options.schedulerName << "\" on " << client.context().server
                  << (options.dryRun ? " (dry run)" : "") << '\n';
        if (line.flag("once")) {
            if (!scheduler.lead(status)) {
                std::cerr << "error: the lease is held by another instance; nothing was scheduled\n";
                return kExitRunFailed;
            }
            const auto decisions = scheduler.schedulePending([&](const auto& decision) { printDecision(decision, options.dryRun); });
            const auto placed = std::count_if(decisions.begin(), decisions.end(), [](const auto& d) { return !d.node.empty(); });
            std::cerr << "schedule: " << placed << " of " << decisions.size() << " pending pod(s) " << (options.dryRun ? "placeable" : "bound")
                      << '\n';
            return static_cast<std::size_t>(placed) == decisions.size() ? kExitOk : kExitRunFailed;
        }
        sim::RunControl control;
        const InterruptGuard guard(control);
        std::atomic<bool> stop{false};
        std::thread relay([&] {
            while (!control.isCancelled() && !stop.load())
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            stop = true;
        });
        try {
            scheduler.run(stop, [&](const auto& decision) { printDecision(decision, options.dryRun); }, status);
        } catch (...) {
            stop = true;
            relay.join();
            throw;
        }
        stop = true;
        relay.join();
        std::cerr << "schedule: stopped; " << scheduler.stats().bound << " bound, " << scheduler.stats().unschedulable
                  << " unschedulable decisions\n";
        return kExitOk;
    } catch (const policy::PluginError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    } catch (const store::StoreError& error) {
        std::cerr << "error: --models-from: " << error.what() << '\n';
        return kExitBadInput;
    } catch (const live::LiveError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return error.kind() == live::LiveError::Kind::Config ? kExitBadInput : kExitRunFailed;
    }
}

} // namespace orrery::app
