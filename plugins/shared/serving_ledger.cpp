#include "shared/serving_ledger.h"

#include <algorithm>

namespace orrery::plugins {

double ServingLedger::feature(const policy::PendingUnit& unit, const char* name, double fallback)
{
    const auto it = unit.features.find(name);
    return it == unit.features.end() ? fallback : it->second;
}

double ServingLedger::expectedLoad(const policy::PendingUnit& unit)
{
    return std::max(0.0, feature(unit, "requestRate", 0)) * std::max(0.0, feature(unit, "latencySeconds", 0));
}

ServingLedger::Device& ServingLedger::slot(std::uint32_t node)
{
    if (node >= m_devices.size())
        m_devices.resize(node + 1);
    return m_devices[node];
}

const ServingLedger::Device& ServingLedger::device(std::uint32_t node)
{
    return slot(node);
}

bool ServingLedger::admits(const policy::ClusterView& cluster, std::uint32_t node, const policy::PendingUnit& unit)
{
    if (!cluster.fits(node, unit.request, unit.deviceModel))
        return false;
    const Device& d = slot(node);
    if (d.memoryBytes + unit.request.memoryBytes > cluster.node(node).capacity.memoryBytes)
        return false;
    return std::find(d.models.begin(), d.models.end(), unit.service) == d.models.end();
}

void ServingLedger::add(std::uint32_t node, const policy::PendingUnit& unit)
{
    Device& d = slot(node);
    const double load = expectedLoad(unit);
    const double sensitivity = feature(unit, "sensitivityPerMhz", 0);
    d.memoryBytes += unit.request.memoryBytes;
    d.load += load;
    d.loadSensitivity += load * sensitivity;
    d.sensitivitySum += sensitivity;
    ++d.units;
    d.models.push_back(unit.service);
}

double ServingLedger::meanSensitivity(const Device& device)
{
    if (device.units == 0)
        return 0;
    if (device.load > 0)
        return device.loadSensitivity / device.load;
    return device.sensitivitySum / device.units;
}

} // namespace orrery::plugins
