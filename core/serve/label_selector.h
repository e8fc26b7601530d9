#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::serve {

//! An equality-based Kubernetes label selector (`app=web,tier!=db`, `key`, `!key`); set-based
//! forms (`in`, `notin`) are not supported and fail to parse.
class LabelSelector {
public:
    //! The selector, or nullopt with `error` set for text it cannot read. Empty text selects all.
    static std::optional<LabelSelector> parse(std::string_view text, std::string* error = nullptr);
    [[nodiscard]] bool matches(const std::map<std::string, std::string>& labels) const;
    [[nodiscard]] bool empty() const { return m_terms.empty(); }

private:
    enum class Op { Equals, NotEquals, Exists, NotExists };
    struct Term {
        std::string key;
        Op op = Op::Equals;
        std::string value;
    };
    std::vector<Term> m_terms;
};

} // namespace orrery::serve
