#include "live/kube_list_page.h"

#include "live/kube_json.h"
#include "live/live_error.h"

namespace orrery::live {

KubeListPage KubeListPage::parse(std::string_view body, const std::string& what)
{
    const nlohmann::json list = detail::parseJson(body, what);
    if (!list.is_object())
        throw LiveError(LiveError::Kind::Protocol, what + ": a list must be a JSON object");
    KubeListPage page;
    if (const auto metadata = list.find("metadata"); metadata != list.end()) {
        page.resourceVersion = detail::stringMember(*metadata, "resourceVersion");
        page.continueToken = detail::stringMember(*metadata, "continue");
    }
    if (const auto items = list.find("items"); items != list.end() && !items->is_null()) {
        if (!items->is_array())
            throw LiveError(LiveError::Kind::Protocol, what + ": items: expected an array");
        page.items.reserve(items->size());
        for (const auto& item : *items)
            page.items.push_back(item.dump());
    }
    return page;
}

} // namespace orrery::live
