#include "kinds/model_serving/model_serving_spec.h"

namespace orrery::kinds::model_serving {

double ServedModel::meanRatePerSecond() const
{
    if (arrivals == ArrivalMode::Process)
        return process.meanRate();
    if (ratePerSecond > 0 || !trace || trace->requests.size() < 2)
        return ratePerSecond;
    const double span = trace->requests.back().arrivalSeconds - trace->requests.front().arrivalSeconds;
    return span > 0 ? static_cast<double>(trace->requests.size() - 1) / span : 0.0;
}

bool ModelServingSpec::scaleArrivals(double factor)
{
    for (ServedModel& model : models) {
        if (model.arrivals == ArrivalMode::Process)
            model.process.ratePerSecond *= factor;
        else
            model.ratePerSecond = model.meanRatePerSecond() * factor;
    }
    return !models.empty();
}

double ModelServingSpec::peakArrivalsPerSecond() const
{
    double total = 0;
    for (const ServedModel& model : models)
        total += model.meanRatePerSecond();
    return total;
}

} // namespace orrery::kinds::model_serving
