#include "control_gym/target_slots.h"

#include <unordered_map>

namespace orrery::control_gym {

TargetSlots::TargetSlots(std::size_t count)
    : m_names(count)
{
}

void TargetSlots::clear()
{
    for (std::string& name : m_names)
        name.clear();
    m_unobserved = 0;
}

std::vector<std::size_t> TargetSlots::assign(const std::vector<policy::TargetObservation>& targets)
{
    std::unordered_map<std::string_view, std::size_t> present;
    present.reserve(targets.size());
    for (std::size_t i = 0; i < targets.size(); ++i)
        present.emplace(targets[i].name, i);
    std::vector<std::size_t> byslot(m_names.size(), kFree);
    std::vector<bool> placed(targets.size(), false);
    for (std::size_t slot = 0; slot < m_names.size(); ++slot) { // kept targets keep their slots
        if (m_names[slot].empty())
            continue;
        const auto found = present.find(m_names[slot]);
        if (found == present.end()) {
            m_names[slot].clear();
            continue;
        }
        byslot[slot] = found->second;
        placed[found->second] = true;
    }
    m_unobserved = 0;
    std::size_t next = 0;
    for (std::size_t i = 0; i < targets.size(); ++i) { // new ones take the lowest free slots, in order
        if (placed[i])
            continue;
        while (next < m_names.size() && !m_names[next].empty())
            ++next;
        if (next == m_names.size()) {
            ++m_unobserved;
            continue;
        }
        m_names[next] = targets[i].name;
        byslot[next] = i;
    }
    return byslot;
}

} // namespace orrery::control_gym
