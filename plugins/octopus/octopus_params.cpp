#include "octopus_params.h"

namespace orrery::plugins::octopus {

// The registry fills every default in (PluginRegistry::createPlacement/trainPlacement); a
// parameter is still read only when present, so code that builds a PolicyContext by hand
// (tests, tools) gets the same defaults as the schema in plugin.cpp.
OctopusParams OctopusParams::from(const policy::ParamSet& params)
{
    OctopusParams out;
    if (params.contains("heldOutFraction"))
        out.heldOutFraction = params.getDouble("heldOutFraction");
    if (params.contains("sloPolicy"))
        out.sloPolicy = params.getString("sloPolicy") == "frugal" ? SloPolicy::Frugal : SloPolicy::Fastest;
    if (params.contains("trees"))
        out.trainer.tree.trees = static_cast<int>(params.getInt("trees"));
    if (params.contains("maxDepth"))
        out.trainer.tree.maxDepth = static_cast<int>(params.getInt("maxDepth"));
    if (params.contains("learningRate"))
        out.trainer.tree.learningRate = params.getDouble("learningRate");
    if (params.contains("logTarget"))
        out.trainer.tree.logTarget = params.getBool("logTarget");
    if (params.contains("heldOutShare"))
        out.trainer.heldOutShare = params.getDouble("heldOutShare");
    if (params.contains("accuracyTolerance"))
        out.trainer.accuracyTolerance = params.getDouble("accuracyTolerance");
    return out;
}

} // namespace orrery::plugins::octopus
