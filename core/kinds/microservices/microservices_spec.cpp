#include "kinds/microservices/microservices_spec.h"

#include <algorithm>

namespace orrery::kinds::microservices {

void MicroservicesSpec::addAnomalyTargets(model::AnomalyTargets& targets) const
{
    if (!graph)
        return;
    targets.workloads.insert(name);
    for (const auto& type : graph->requestTypes)
        targets.workloads.insert(type.name);
    for (std::size_t s = 0; s < graph->size(); ++s) {
        const std::string& service = graph->service(s).name;
        targets.resources.insert(service);
        for (int r = 0; r < limitsOf(s).replicas; ++r)
            targets.resources.insert(service + "/" + std::to_string(r));
    }
}

bool MicroservicesSpec::scaleArrivals(double factor)
{
    for (RequestStreamSpec& stream : streams)
        stream.arrival.ratePerSecond *= factor;
    return true;
}

double MicroservicesSpec::peakArrivalsPerSecond() const
{
    double peak = 0.0;
    for (const RequestStreamSpec& stream : streams)
        peak = std::max(peak, stream.arrival.ratePerSecond); // as declared, which the reader bounds
    return peak;
}

const MicroservicesSpec* microservicesSpecOf(const model::WorkloadSpec& workload)
{
    const auto* kind = std::get_if<model::KindWorkload>(&workload);
    return kind ? dynamic_cast<const MicroservicesSpec*>(kind->spec.get()) : nullptr;
}

MicroservicesSpec* ownMicroservicesSpecOf(model::WorkloadSpec& workload)
{
    auto* kind = std::get_if<model::KindWorkload>(&workload);
    if (!kind || !dynamic_cast<const MicroservicesSpec*>(kind->spec.get()))
        return nullptr;
    auto copy = std::make_shared<MicroservicesSpec>(static_cast<const MicroservicesSpec&>(*kind->spec));
    kind->spec = copy;
    return copy.get();
}

} // namespace orrery::kinds::microservices
