#include "appgen/application.h"

#include "appgen/segment_catalog.h"

#include <algorithm>
#include <map>

namespace orrery::appgen {

std::vector<std::string> Application::serviceNames(const SegmentCatalog& catalog) const
{
    std::vector<std::string> names;
    std::map<std::size_t, int> seen;
    names.reserve(segments.size());
    for (const std::size_t segment : segments) {
        const int occurrence = ++seen[segment];
        std::string name = catalog.at(segment).name;
        if (occurrence > 1) {
            name.push_back('-');
            name.append(std::to_string(occurrence));
        }
        names.push_back(std::move(name));
    }
    return names;
}

std::vector<std::size_t> Application::pathServices() const
{
    std::vector<std::size_t> path;
    for (int service = pathLeaf; service >= 0; service = parents[static_cast<std::size_t>(service)])
        path.push_back(static_cast<std::size_t>(service));
    std::reverse(path.begin(), path.end());
    return path;
}

std::vector<std::size_t> Application::children(std::size_t service) const
{
    std::vector<std::size_t> result;
    for (std::size_t i = 0; i < parents.size(); ++i)
        if (parents[i] == static_cast<int>(service))
            result.push_back(i);
    return result;
}

std::string_view toString(LoadClass load)
{
    return load == LoadClass::High ? "high" : "low";
}

} // namespace orrery::appgen
