#include "cli/live_context_options.h"

#include "cli/commands.h"
#include "live/context_resolver.h"
#include "live/kube_config_loader.h"
#include "model/units.h"

#include <algorithm>
#include <iostream>

namespace orrery::app {

live::HttpTimeouts liveTimeouts(const CommandLine& line)
{
    std::string error;
    const std::string text = line.value("timeout").value_or("10s");
    const auto total = model::parseDuration(text, &error);
    if (!total || *total <= 0)
        throw UsageError{"--timeout: " + (error.empty() ? "must be positive" : error)};
    const auto request = std::chrono::milliseconds(*total / 1'000'000);
    return {std::min(request, std::chrono::milliseconds(5000)), request};
}

live::ResolvedContext resolveLiveContext(const CommandLine& line)
{
    live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(line.value("kubeconfig").value_or("")));
    live::ResolvedContext context = resolver.resolve(line.value("context").value_or(""));
    for (const auto& warning : context.warnings)
        std::cerr << "warning: " << warning << '\n';
    return context;
}

} // namespace orrery::app
