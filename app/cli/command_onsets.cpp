// `orrery onsets SCENARIO`: seed 001 §3.3.2's onset sweep (kinds::microservices::sweepAnomalyOnsets), written as an
// AnomalyOnsets file that random campaigns read with `intensity: {onsets: FILE}`.
#include "cli/commands.h"

#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "cli/interrupt_guard.h"
#include "ops/plugin_setup.h"
#include "ops/scenario_check.h"
#include "kinds/microservices/anomaly_onset_sweep.h"
#include "model/did_you_mean.h"
#include "model/units.h"
#include "scenario/anomaly_onset_file.h"
#include "sim/run_control.h"

#include <iostream>

namespace orrery::app {
namespace {

constexpr const char* kUsage
    = "usage: orrery onsets SCENARIO.yaml [--out FILE.yaml] [--window 10s] [--kinds cpu,llc,...] "
      "[--services a,b,...] [--scope node|container] [--violation-increase 0.05]";

kinds::microservices::AnomalyOnsetSweepOptions optionsFrom(const CommandLine& line)
{
    kinds::microservices::AnomalyOnsetSweepOptions options;
    if (const auto window = line.value("window")) {
        std::string error;
        const auto value = model::parseDuration(*window, &error);
        if (!value || *value <= 0)
            throw UsageError{"--window: expected a positive duration such as 10s, got '" + *window + "'"};
        options.window = *value;
    }
    if (const auto kinds = line.value("kinds")) {
        for (const auto& name : splitCommaList(*kinds)) {
            const auto kind = model::parseAnomalyKind(name);
            if (!kind)
                throw UsageError{"--kinds: unknown anomaly kind '" + name + "'" + model::didYouMean(name, model::anomalyKindNames())};
            options.kinds.push_back(*kind);
        }
    }
    if (const auto services = line.value("services"))
        options.services = splitCommaList(*services);
    if (const auto scope = line.value("scope")) {
        if (*scope != "node" && *scope != "container")
            throw UsageError{"--scope: expected node or container, got '" + *scope + "'"};
        options.scope = *scope == "node" ? model::AnomalyScope::Node : model::AnomalyScope::Container;
    }
    if (const auto increase = line.value("violation-increase")) {
        try {
            std::size_t used = 0;
            options.violationIncrease = std::stod(*increase, &used);
            if (used != increase->size() || !(options.violationIncrease > 0 && options.violationIncrease <= 1))
                throw std::invalid_argument("range");
        } catch (const std::exception&) {
            throw UsageError{"--violation-increase: expected a share in (0, 1], got '" + *increase + "'"};
        }
    }
    return options;
}

} // namespace

int runOnsetsCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"out", "window", "kinds", "services", "scope", "violation-increase"}, {});
    if (line.positionals().size() != 1)
        throw UsageError{kUsage};
    kinds::microservices::AnomalyOnsetSweepOptions options = optionsFrom(line);
    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    const CheckedScenario checked = checkScenarioFile(line.positionals()[0], registry);
    if (!checked.scenario) {
        std::cerr << model::formatAll(checked.diagnostics);
        return kExitBadInput;
    }
    sim::RunControl control;
    const InterruptGuard guard(control);
    options.progress = [&control](std::size_t done, std::size_t total, const std::string& pair) {
        std::cerr << "[onsets] " << done << "/" << total << " " << pair << '\n';
        return !control.isCancelled();
    };
    model::AnomalyOnsetTable table;
    try {
        table = kinds::microservices::sweepAnomalyOnsets(*checked.scenario, registry, options);
    } catch (const std::invalid_argument& error) {
        std::cerr << "orrery onsets: " << error.what() << '\n';
        return kExitBadInput;
    }
    if (control.isCancelled()) {
        std::cerr << "orrery onsets: cancelled; nothing written\n";
        return kExitCancelled;
    }
    const std::string text = scenario::formatAnomalyOnsets(table);
    if (const auto out = line.value("out")) {
        if (const std::string error = writeFileAtomically(*out, text); !error.empty()) {
            std::cerr << "orrery onsets: " << error << '\n';
            return kExitRunFailed;
        }
        std::cerr << "[onsets] wrote " << table.onsets.size() << " onsets to " << *out << '\n';
    } else {
        std::cout << text;
    }
    return kExitOk;
}

} // namespace orrery::app
