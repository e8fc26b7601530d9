#include "simppo_mode.h"

namespace orrery::plugins::simppo {

std::string_view pluginIdOf(Mode mode)
{
    switch (mode) {
    case Mode::SingleAgent:
        return "s-rl";
    case Mode::IndependentLearners:
        return "il-rl";
    case Mode::PriorityQueue:
        return "cpq-rl";
    case Mode::Simppo:
        return "simppo";
    case Mode::SimppoAll:
        return "simppo-all";
    }
    return "s-rl";
}

std::optional<Mode> modeFromPluginId(std::string_view id)
{
    for (const Mode mode : {Mode::SingleAgent, Mode::IndependentLearners, Mode::PriorityQueue, Mode::Simppo, Mode::SimppoAll}) {
        if (pluginIdOf(mode) == id)
            return mode;
    }
    return std::nullopt;
}

bool usesTeamReward(Mode mode)
{
    return mode == Mode::IndependentLearners || mode == Mode::Simppo || mode == Mode::SimppoAll;
}

GlobalStateKind globalStateKindOf(Mode mode)
{
    return mode == Mode::Simppo ? GlobalStateKind::Selected : mode == Mode::SimppoAll ? GlobalStateKind::AllStates : GlobalStateKind::None;
}

int defaultMinibatch(Mode mode)
{
    return mode == Mode::SingleAgent ? 10 : 5;
}

} // namespace orrery::plugins::simppo
