#include "env/target_label_log.h"

namespace orrery::env {

void TargetLabelLog::record(const std::string& target, const Stretch& stretch, sim::SimTime now, sim::RunRecorder& recorder)
{
    if (now > stretch.since)
        recorder.recordAnnotation({stretch.since, now, kAnnotationKind, target + "=" + stretch.label, 1.0});
}

void TargetLabelLog::update(const std::vector<policy::TargetLabel>& labels, sim::SimTime now, sim::RunRecorder& recorder)
{
    for (const policy::TargetLabel& label : labels) {
        auto [it, inserted] = m_open.try_emplace(label.target, Stretch{label.label, now});
        if (inserted || it->second.label == label.label)
            continue;
        record(it->first, it->second, now, recorder);
        it->second = {label.label, now};
    }
}

void TargetLabelLog::close(const std::string& target, sim::SimTime now, sim::RunRecorder& recorder)
{
    const auto it = m_open.find(target);
    if (it == m_open.end())
        return;
    record(it->first, it->second, now, recorder);
    m_open.erase(it);
}

void TargetLabelLog::closeAll(sim::SimTime now, sim::RunRecorder& recorder)
{
    for (const auto& [target, stretch] : m_open)
        record(target, stretch, now, recorder);
    m_open.clear();
}

bool TargetLabelLog::split(const std::string& annotationTarget, std::string& target, std::string& label)
{
    const auto at = annotationTarget.rfind('=');
    if (at == std::string::npos || at == 0)
        return false;
    target = annotationTarget.substr(0, at);
    label = annotationTarget.substr(at + 1);
    return true;
}

} // namespace orrery::env
