#include "serve/label_selector.h"

namespace orrery::serve {
namespace {

std::string trimmed(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    return std::string(text);
}

} // namespace

std::optional<LabelSelector> LabelSelector::parse(std::string_view text, std::string* error)
{
    LabelSelector selector;
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string term = trimmed(text.substr(0, comma));
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        if (term.empty())
            continue;
        Term parsed;
        if (const std::size_t ne = term.find("!="); ne != std::string::npos) {
            parsed = {trimmed(std::string_view(term).substr(0, ne)), Op::NotEquals, trimmed(std::string_view(term).substr(ne + 2))};
        } else if (const std::size_t eq = term.find('='); eq != std::string::npos) {
            const std::size_t valueAt = term.compare(eq, 2, "==") == 0 ? eq + 2 : eq + 1;
            parsed = {trimmed(std::string_view(term).substr(0, eq)), Op::Equals, trimmed(std::string_view(term).substr(valueAt))};
        } else if (term.front() == '!') {
            parsed = {trimmed(std::string_view(term).substr(1)), Op::NotExists, {}};
        } else {
            parsed = {term, Op::Exists, {}};
        }
        if (parsed.key.empty() || parsed.key.find(' ') != std::string::npos) {
            if (error)
                *error = "unable to parse requirement: \"" + term + "\" (only equality-based selectors are supported)";
            return std::nullopt;
        }
        selector.m_terms.push_back(std::move(parsed));
    }
    return selector;
}

bool LabelSelector::matches(const std::map<std::string, std::string>& labels) const
{
    for (const Term& term : m_terms) {
        const auto it = labels.find(term.key);
        switch (term.op) {
        case Op::Equals:
            if (it == labels.end() || it->second != term.value)
                return false;
            break;
        case Op::NotEquals:
            if (it != labels.end() && it->second == term.value)
                return false;
            break;
        case Op::Exists:
            if (it == labels.end())
                return false;
            break;
        case Op::NotExists:
            if (it != labels.end())
                return false;
            break;
        }
    }
    return true;
}

} // namespace orrery::serve
