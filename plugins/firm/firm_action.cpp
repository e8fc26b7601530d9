#include "firm_action.h"

#include "policy/param_text.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace orrery::plugins::firm {

void parseResourceMinFractions(std::string_view text, FirmActionScale& scale)
{
    scale.resourceMinFraction.fill(0.0);
    while (!text.empty()) {
        const std::size_t comma = text.find_first_of(",;"); // ';' inside `orrery train --params a=…,b=…`
        const std::string_view entry = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const std::size_t equals = entry.find('=');
        const auto resource = policy::controlResourceFromString(entry.substr(0, equals));
        const auto at = resource ? std::find(kFirmResources.begin(), kFirmResources.end(), *resource) : kFirmResources.end();
        if (equals == std::string_view::npos || at == kFirmResources.end())
            throw std::invalid_argument("firm: minFractions entry '" + std::string(entry)
                                        + "' is not name=fraction with a FIRM resource (cpu, memory-bandwidth, llc, disk-io, network)");
        const auto fraction = policy::parseParamDouble(entry.substr(equals + 1));
        if (!fraction || !(*fraction > 0.0 && *fraction < 1.0))
            throw std::invalid_argument("firm: minFractions entry '" + std::string(entry) + "': the fraction must be in (0, 1)");
        scale.resourceMinFraction[static_cast<std::size_t>(at - kFirmResources.begin())] = *fraction;
    }
}

double limitFor(double action, double base, const FirmActionScale& scale, std::size_t r)
{
    const double a = std::clamp(action, -1.0, 1.0);
    return a >= 0.0 ? base * std::pow(scale.maxFraction, a) : base * std::pow(scale.minFractionOf(r), -a);
}

double actionFor(double limit, double base, const FirmActionScale& scale, std::size_t r)
{
    if (!(limit > 0.0) || !(base > 0.0))
        return 0.0;
    const double ratio = std::log(limit / base);
    const double a = ratio >= 0.0 ? ratio / std::log(scale.maxFraction) : -ratio / std::log(scale.minFractionOf(r));
    return std::clamp(a, -1.0, 1.0);
}

std::vector<policy::ControlAction> limitActions(const policy::TargetObservation& target,
                                                const policy::PerControlResource<double>& base,
                                                std::span<const float> action, const FirmActionScale& scale)
{
    std::vector<policy::ControlAction> actions;
    for (std::size_t r = 0; r < kFirmResources.size() && r < action.size(); ++r) {
        const std::size_t i = policy::indexOf(kFirmResources[r]);
        if (base[i] <= 0.0)
            continue; // unlimited: nothing to scale
        const double next = limitFor(action[r], base[i], scale, r);
        const double current = target.limit[i];
        if (current > 0.0 && std::abs(next - current) < scale.minRelativeChange * current)
            continue;
        actions.push_back(policy::ControlAction::setLimit(target.name, kFirmResources[r], next));
    }
    return actions;
}

} // namespace orrery::plugins::firm
