#include "widgets/cluster_color_scale.h"

#include <cmath>

namespace orrery::widgets {
namespace {

std::optional<double> ratio(double used, double capacity)
{
    if (capacity <= 0.0)
        return std::nullopt;
    return used / capacity;
}

} // namespace

std::optional<double> nodeUtilization(const ClusterSnapshot::Node& node, ClusterMetric metric)
{
    switch (metric) {
    case ClusterMetric::Cpu:
        return ratio(static_cast<double>(node.allocated.millicores), static_cast<double>(node.capacity.millicores));
    case ClusterMetric::Memory:
        return ratio(static_cast<double>(node.allocated.memoryBytes), static_cast<double>(node.capacity.memoryBytes));
    case ClusterMetric::Gpu: {
        if (!node.gpus.empty()) { // shared by fraction: the milli-GPU held, not the GPUs touched
            double milli = 0.0;
            for (const model::GpuShare& gpu : node.gpus)
                milli += gpu.usedMilli;
            return milli / (model::kMilliPerGpu * static_cast<double>(node.gpus.size()));
        }
        double used = 0.0;
        double capacity = 0.0;
        for (int kind = 0; kind < model::kDeviceKindCount; ++kind) {
            used += node.allocated.devices[kind];
            capacity += node.capacity.devices[kind];
        }
        return ratio(used, capacity);
    }
    case ClusterMetric::Power:
        return std::nullopt;
    }
    return std::nullopt;
}

ClusterColorScale::ClusterColorScale()
{
    // Viridis control points at 0, 0.25, 0.5, 0.75, 1.
    static constexpr int kStops[5][3] = {
        {68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
    for (int i = 0; i < kSteps; ++i) {
        const double position = 4.0 * i / (kSteps - 1);
        const int lower = std::min(3, static_cast<int>(std::floor(position)));
        const double t = position - lower;
        int rgb[3];
        for (int c = 0; c < 3; ++c)
            rgb[c] = static_cast<int>(std::lround(kStops[lower][c] + t * (kStops[lower + 1][c] - kStops[lower][c])));
        m_table[static_cast<std::size_t>(i)] = QColor(rgb[0], rgb[1], rgb[2]);
    }
}

} // namespace orrery::widgets
