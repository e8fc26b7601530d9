#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace orrery::live {

//! One page of a list answer (`GET /api/v1/pods?limit=…`): its items and where to go next.
struct KubeListPage {
    std::vector<std::string> items;        //!< each item's JSON text, for KubeObjectParser
    std::string resourceVersion;           //!< metadata.resourceVersion; empty when absent
    std::string continueToken;             //!< metadata.continue; empty on the last page

    //! Parses a list body. Throws LiveError(Protocol) "`what`: …" naming what is wrong.
    static KubeListPage parse(std::string_view body, const std::string& what);
};

} // namespace orrery::live
