#pragma once
#include "appgen/segment_profile.h"

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace orrery::appgen {

//! The segment pool applications are sampled from (with replacement), in file order.
class SegmentCatalog {
public:
    SegmentCatalog() = default;
    explicit SegmentCatalog(std::vector<SegmentProfile> profiles);

    [[nodiscard]] const std::vector<SegmentProfile>& profiles() const { return m_profiles; }
    [[nodiscard]] const SegmentProfile& at(std::size_t index) const { return m_profiles.at(index); }
    [[nodiscard]] std::size_t size() const { return m_profiles.size(); }
    [[nodiscard]] bool empty() const { return m_profiles.empty(); }
    [[nodiscard]] std::optional<std::size_t> indexOf(std::string_view name) const;

private:
    std::vector<SegmentProfile> m_profiles;
};

} // namespace orrery::appgen
