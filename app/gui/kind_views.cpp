#include "gui/kind_views.h"

#include "env/simulation.h"
#include "store/project.h"

#include <algorithm>

namespace orrery::app {
namespace {

std::vector<KindViewRegistration>& table()
{
    static std::vector<KindViewRegistration> views;
    return views;
}

} // namespace

void registerKindView(KindViewRegistration view)
{
    auto& views = table();
    const auto same = std::find_if(views.begin(), views.end(),
                                   [&](const KindViewRegistration& existing) { return existing.objectName == view.objectName; });
    if (same != views.end())
        *same = std::move(view);
    else
        views.push_back(std::move(view));
}

const std::vector<KindViewRegistration>& registeredKindViews()
{
    return table();
}

std::optional<std::vector<std::string>> runWorkloadKinds(const store::Project& project, store::RunId runId)
{
    std::optional<std::vector<std::string>> kinds;
    for (const sim::RunAnnotation& annotation : project.annotations(runId, env::kRunWorkloadAnnotation)) {
        if (!kinds)
            kinds.emplace();
        const std::string kind = annotation.target.substr(0, annotation.target.find('/'));
        if (std::find(kinds->begin(), kinds->end(), kind) == kinds->end())
            kinds->push_back(kind);
    }
    return kinds;
}

bool viewAppliesTo(const KindViewRegistration& view, const std::optional<std::vector<std::string>>& kinds)
{
    if (!kinds)
        return true;
    return std::any_of(view.kinds.begin(), view.kinds.end(), [&](const std::string& kind) {
        return std::find(kinds->begin(), kinds->end(), kind) != kinds->end();
    });
}

} // namespace orrery::app
