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

bool viewAppliesTo(const KindViewRegistration& view, const std::optional<std::vector<std::string>>& kinds)
{
    if (!kinds)
        return true;
    return std::any_of(view.kinds.begin(), view.kinds.end(), [&](const std::string& kind) {
        return std::find(kinds->begin(), kinds->end(), kind) != kinds->end();
    });
}

} // namespace orrery::app
