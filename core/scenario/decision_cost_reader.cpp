#include "scenario/decision_cost_reader.h"

#include "model/did_you_mean.h"
#include "scenario/map_reader.h"
#include "scenario/value_readers.h"

namespace orrery::scenario {
namespace {

// A single decision costing more than a minute of simulated time is a typo, not a scheduler.
constexpr sim::SimTime kMaxDecisionCost = sim::kMinute;

} // namespace

model::DecisionCostSpec readDecisionCost(const YamlNode& node, const std::string& path, ParseContext& context)
{
    model::DecisionCostSpec cost;
    MapReader reader(node, path, context, {"mode", "perDecision", "perCandidateNode"},
                     "decisionCost: a mapping with mode, perDecision and perCandidateNode");
    if (!reader.isMap())
        return cost;
    if (const YamlNode* mode = reader.require("mode", "none, modelled or measured")) {
        const std::vector<std::string> modes{"none", "modelled", "measured"};
        const std::string text = mode->isScalar() ? mode->scalar() : std::string();
        if (text == "none")
            cost.mode = model::DecisionCostSpec::Mode::None;
        else if (text == "modelled")
            cost.mode = model::DecisionCostSpec::Mode::Modelled;
        else if (text == "measured")
            cost.mode = model::DecisionCostSpec::Mode::Measured;
        else
            context.error(*mode, reader.pathOf("mode"),
                          "expected none, modelled or measured, got " + mode->describe() + model::didYouMean(text, modes));
    }
    if (const YamlNode* perDecision = reader.get("perDecision"))
        cost.perDecision = readDuration(*perDecision, reader.pathOf("perDecision"), context, 0, kMaxDecisionCost).value_or(0);
    if (const YamlNode* perNode = reader.get("perCandidateNode"))
        cost.perCandidateNode = readDuration(*perNode, reader.pathOf("perCandidateNode"), context, 0, kMaxDecisionCost).value_or(0);
    if (cost.mode == model::DecisionCostSpec::Mode::Modelled && cost.perDecision == 0 && cost.perCandidateNode == 0)
        context.error(node, path, "mode modelled needs perDecision or perCandidateNode (a duration such as 20us)");
    return cost;
}

} // namespace orrery::scenario
