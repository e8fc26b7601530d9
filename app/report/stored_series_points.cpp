#include "report/stored_series_points.h"

#include "store/project.h"

namespace orrery::app {

std::vector<std::pair<double, double>> storedSeriesPoints(const store::Project& project, store::StoredSeriesId id)
{
    std::vector<std::pair<double, double>> points;
    for (const store::Sample& sample : project.samples(id))
        points.emplace_back(sim::toSeconds(sample.time), sample.value);
    return points;
}

} // namespace orrery::app
