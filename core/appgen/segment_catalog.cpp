#include "appgen/segment_catalog.h"

namespace orrery::appgen {

SegmentCatalog::SegmentCatalog(std::vector<SegmentProfile> profiles)
    : m_profiles(std::move(profiles))
{
}

std::optional<std::size_t> SegmentCatalog::indexOf(std::string_view name) const
{
    for (std::size_t i = 0; i < m_profiles.size(); ++i)
        if (m_profiles[i].name == name)
            return i;
    return std::nullopt;
}

} // namespace orrery::appgen
