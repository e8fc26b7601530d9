#pragma once
#include "trace/span.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace orrery::trace {

//! Interned names (services, operations, instances) shared by the spans of a TraceSet or a run,
//! so a span carries 4-byte ids instead of strings. Ids are dense, in order of first use, and a
//! table only grows.
class NameTable {
public:
    //! The id of `name`, adding it when new.
    NameId intern(std::string_view name);
    //! The id of `name` if present.
    [[nodiscard]] const NameId* find(std::string_view name) const;
    [[nodiscard]] const std::string& name(NameId id) const { return m_names.at(id); }
    [[nodiscard]] std::size_t size() const { return m_names.size(); }
    [[nodiscard]] const std::vector<std::string>& names() const { return m_names; }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
    };
    std::vector<std::string> m_names;
    std::unordered_map<std::string, NameId, Hash, std::equal_to<>> m_ids;
};

} // namespace orrery::trace
