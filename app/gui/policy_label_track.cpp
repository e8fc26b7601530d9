#include "gui/policy_label_track.h"

#include "env/target_label_log.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

namespace orrery::app {
namespace {

struct RawStretch {
    sim::SimTime start = 0;
    sim::SimTime end = 0;
    std::string label;

    bool operator==(const RawStretch&) const = default;
};

} // namespace

PolicyLabelTrack policyLabelTrack(const std::vector<sim::RunAnnotation>& annotations)
{
    std::map<std::string, std::vector<RawStretch>> byTarget; // name order
    for (const sim::RunAnnotation& annotation : annotations) {
        std::string target;
        std::string label;
        if (annotation.kind != env::TargetLabelLog::kAnnotationKind
            || !env::TargetLabelLog::split(annotation.target, target, label) || annotation.end < annotation.start)
            continue;
        byTarget[target].push_back(RawStretch{annotation.start, annotation.end, std::move(label)});
    }
    PolicyLabelTrack track;
    if (byTarget.empty())
        return track;
    for (auto& [target, stretches] : byTarget) {
        std::sort(stretches.begin(), stretches.end(), [](const RawStretch& a, const RawStretch& b) {
            return std::tie(a.start, a.end, a.label) < std::tie(b.start, b.end, b.label);
        });
    }
    const auto& [firstTarget, firstStretches] = *byTarget.begin();
    track.target = QString::fromStdString(firstTarget);
    track.targetCount = static_cast<int>(byTarget.size());
    track.targetsAlike = std::all_of(byTarget.begin(), byTarget.end(),
                                     [&](const auto& entry) { return entry.second == firstStretches; });
    for (const RawStretch& stretch : firstStretches) {
        const QString label = QString::fromStdString(stretch.label);
        track.stretches.append(PolicyLabelTrack::Stretch{sim::toSeconds(stretch.start), sim::toSeconds(stretch.end), label});
        if (!track.labels.contains(label))
            track.labels.append(label);
    }
    return track;
}

} // namespace orrery::app
