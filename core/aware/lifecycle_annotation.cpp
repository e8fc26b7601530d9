#include "aware/lifecycle_annotation.h"

namespace orrery::aware {

sim::RunAnnotation lifecycleAnnotation(const LifecycleTransition& transition, sim::SimTime at, std::string target)
{
    sim::RunAnnotation annotation;
    annotation.start = at;
    annotation.end = at;
    annotation.kind = std::string(kLifecycleAnnotationPrefix) + std::string(toString(transition.to));
    annotation.target = std::move(target);
    annotation.intensity = transition.average;
    return annotation;
}

} // namespace orrery::aware
