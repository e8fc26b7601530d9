#include "flowcon_worker.h"

#include <algorithm>
#include <set>

namespace orrery::plugins {

bool FlowConWorker::syncMembers(const std::vector<std::string>& names)
{
    bool changed = false;
    const std::set<std::string> present(names.begin(), names.end());
    for (auto it = m_containers.begin(); it != m_containers.end();) {
        if (!present.contains(it->first)) {
            it = m_containers.erase(it); // Alg. 2 lines 10–15: released
            changed = true;
        } else {
            ++it;
        }
    }
    for (const std::string& name : names) {
        if (m_containers.emplace(name, Container{}).second) // lines 5–7: into NL
            changed = true;
    }
    return changed;
}

std::size_t FlowConWorker::count(FlowConClass cls) const
{
    return static_cast<std::size_t>(std::count_if(m_containers.begin(), m_containers.end(), [&](const auto& c) {
        return c.second.reportsEvaluation && c.second.cls == cls;
    }));
}

double FlowConWorker::growthSum(FlowConClass cls) const
{
    double sum = 0;
    for (const auto& [name, c] : m_containers) {
        if (c.reportsEvaluation && c.cls == cls && c.growth)
            sum += *c.growth;
    }
    return sum;
}

bool FlowConWorker::allCompleting() const
{
    bool any = false;
    for (const auto& [name, c] : m_containers) {
        if (!c.reportsEvaluation)
            continue;
        any = true;
        if (c.cls != FlowConClass::Completing)
            return false;
    }
    return any;
}

double FlowConWorker::updateThreshold()
{
    if (allCompleting()) { // lines 2–4
        m_alpha = -1.0;
        return m_alpha;
    }
    double nl = 0, wl = 0;
    std::size_t nlCount = 0, wlCount = 0;
    for (const auto& [name, c] : m_containers) {
        if (!c.reportsEvaluation || !c.growth)
            continue;
        if (c.cls == FlowConClass::New) {
            nl += *c.growth;
            ++nlCount;
        } else if (c.cls == FlowConClass::Watching) {
            wl += *c.growth;
            ++wlCount;
        }
    }
    if (nlCount + wlCount == 0)
        return m_alpha; // nothing measured yet in NL or WL
    // Lines 8–13 (and 5–6 for a single container): the mean of the class averages, an empty
    // class counting 0, i.e. half of the one average when only one class has members.
    const double nlAverage = nlCount ? nl / static_cast<double>(nlCount) : 0.0;
    const double wlAverage = wlCount ? wl / static_cast<double>(wlCount) : 0.0;
    m_alpha = (nlAverage + wlAverage) / 2.0;
    return m_alpha;
}

bool FlowConWorker::updateLimits()
{
    if (m_alpha != -1.0) { // lines 2–13
        for (auto& [name, c] : m_containers) {
            if (!c.reportsEvaluation || !c.growth)
                continue;
            if (*c.growth < m_alpha && c.cls == FlowConClass::New)
                c.cls = FlowConClass::Watching;
            else if (*c.growth < m_alpha && c.cls == FlowConClass::Watching)
                c.cls = FlowConClass::Completing;
            else if (*c.growth >= m_alpha)
                c.cls = FlowConClass::New;
        }
    }
    const double n = static_cast<double>(m_containers.size());
    if (allCompleting()) { // lines 14–17: free competition
        for (auto& [name, c] : m_containers)
            c.limitShare = c.reportsEvaluation ? 1.0 : 1.0 / n;
        return true;
    }
    double total = 0;
    for (const auto& [name, c] : m_containers) {
        if (c.reportsEvaluation && c.growth)
            total += *c.growth;
    }
    for (auto& [name, c] : m_containers) { // lines 18–26
        if (!c.reportsEvaluation) {
            c.limitShare = 1.0 / n; // no evaluation value: fair share, flagged by the policy
            continue;
        }
        switch (c.cls) {
        case FlowConClass::Completing: {
            const double share = total > 0.0 && c.growth ? *c.growth / total : 0.0;
            c.limitShare = std::min(1.0, std::max(share, m_floorFactor / n));
            break;
        }
        case FlowConClass::Watching:
            break; // unchanged (line 24)
        case FlowConClass::New:
            c.limitShare = 1.0; // the most it can get (line 26; §6.3: "resource limit to 1")
            break;
        }
    }
    return false;
}

} // namespace orrery::plugins
