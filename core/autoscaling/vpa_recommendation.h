#pragma once

namespace orrery::autoscaling {

//! One VPA recommendation for a target's CPU (cores) or memory (bytes): the value to set and the
//! bounds outside which the updater acts at once (seed 001 §5.3.4; VPA's RecommendedContainerResources).
struct VpaRecommendation {
    double target = 0;
    double lowerBound = 0;
    double upperBound = 0;
};

} // namespace orrery::autoscaling
