#include "trace/name_table.h"

namespace orrery::trace {

NameId NameTable::intern(std::string_view name)
{
    if (auto found = m_ids.find(name); found != m_ids.end())
        return found->second;
    const auto id = static_cast<NameId>(m_names.size());
    m_names.emplace_back(name);
    m_ids.emplace(m_names.back(), id);
    return id;
}

const NameId* NameTable::find(std::string_view name) const
{
    auto found = m_ids.find(name);
    return found == m_ids.end() ? nullptr : &found->second;
}

} // namespace orrery::trace
