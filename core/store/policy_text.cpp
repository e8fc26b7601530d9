#include "store/policy_text.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace orrery::store {

std::string canonicalPolicyText(const PolicyChoices& policies)
{
    nlohmann::json object = nlohmann::json::object();
    for (const auto& [point, choice] : policies) {
        if (object.contains(point))
            throw std::invalid_argument("decision point '" + point + "' has two policies");
        object[point] = choice;
    }
    // std::map-backed objects iterate in key order, and dump() without indent is compact:
    // the text is canonical. Invalid UTF-8 is replaced rather than thrown on.
    return object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

PolicyChoices parsePolicyText(std::string_view text)
{
    const nlohmann::json object = nlohmann::json::parse(text, nullptr, false);
    if (!object.is_object())
        throw std::invalid_argument("policies are not a JSON object");
    PolicyChoices policies;
    for (const auto& [point, choice] : object.items()) {
        if (!choice.is_string())
            throw std::invalid_argument("policy for '" + point + "' is not a string");
        policies.emplace_back(point, choice.get<std::string>());
    }
    return policies;
}

} // namespace orrery::store
