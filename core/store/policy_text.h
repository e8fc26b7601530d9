#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace orrery::store {

using PolicyChoices = std::vector<std::pair<std::string, std::string>>;

//! The canonical text of a run's policy choices stored in `runs.policies`: a compact JSON
//! object from decision point to choice with keys sorted, e.g.
//! {"control":"kube-hpa {\"target\":0.6}","placement":"first-fit {}"}. Equal choices give equal
//! text whatever order they were listed in, so SQL can group runs by it.
//! Throws std::invalid_argument when a decision point is listed twice.
std::string canonicalPolicyText(const PolicyChoices& policies);

//! The inverse: pairs sorted by decision point. Throws std::invalid_argument on text that is
//! not such an object.
PolicyChoices parsePolicyText(std::string_view text);

} // namespace orrery::store
