#include "kinds/microservices/processor_sharing_instance.h"

#include <algorithm>
#include <cmath>

namespace orrery::kinds::microservices {

namespace {
// Tags within half a nanosecond of work of V count as finished: completion times are rounded
// up to whole nanoseconds, so V may fall short of a tag by rounding only.
constexpr double kToleranceNs = 0.5;
} // namespace

ProcessorSharingInstance::ProcessorSharingInstance(double capacityCores)
    : m_capacityCores(capacityCores)
{
}

double ProcessorSharingInstance::rate() const
{
    const auto n = static_cast<double>(m_heap.size());
    if (n == 0.0)
        return 0.0;
    return std::min(1.0, m_capacityCores / n) / m_slowdown;
}

void ProcessorSharingInstance::advance(sim::SimTime now)
{
    if (now <= m_last)
        return;
    const double elapsedNs = static_cast<double>(now - m_last);
    if (!m_heap.empty()) {
        m_virtualNs += rate() * elapsedNs;
        m_busyCoreSeconds += std::min(static_cast<double>(m_heap.size()), m_capacityCores) * elapsedNs * 1e-9;
        m_callSeconds += static_cast<double>(m_heap.size()) * elapsedNs * 1e-9;
    }
    m_last = now;
}

void ProcessorSharingInstance::add(sim::SimTime now, double workNs, std::uint64_t token)
{
    advance(now);
    if (m_heap.empty())
        m_virtualNs = 0.0; // keeps tags small, so their precision stays sub-nanosecond
    m_heap.push_back(Entry{m_virtualNs + workNs, m_sequence++, token});
    std::push_heap(m_heap.begin(), m_heap.end(), later);
}

void ProcessorSharingInstance::setCapacity(sim::SimTime now, double cores)
{
    advance(now);
    m_capacityCores = cores;
}

void ProcessorSharingInstance::setSlowdown(sim::SimTime now, double factor)
{
    advance(now);
    m_slowdown = factor;
}

sim::SimTime ProcessorSharingInstance::nextCompletion() const
{
    if (m_heap.empty())
        return sim::kSimTimeMax;
    const double r = rate();
    if (r <= 0.0)
        return sim::kSimTimeMax;
    const double remaining = std::max(0.0, m_heap.front().tag - m_virtualNs);
    return m_last + static_cast<sim::SimTime>(std::ceil(remaining / r));
}

void ProcessorSharingInstance::collectFinished(sim::SimTime now, std::vector<std::uint64_t>& finished)
{
    advance(now);
    while (!m_heap.empty() && m_heap.front().tag <= m_virtualNs + kToleranceNs) {
        std::pop_heap(m_heap.begin(), m_heap.end(), later);
        finished.push_back(m_heap.back().token);
        m_heap.pop_back();
    }
}

double ProcessorSharingInstance::busyCoreSeconds(sim::SimTime now) const
{
    if (now <= m_last || m_heap.empty())
        return m_busyCoreSeconds;
    return m_busyCoreSeconds + std::min(static_cast<double>(m_heap.size()), m_capacityCores) * static_cast<double>(now - m_last) * 1e-9;
}

double ProcessorSharingInstance::callSeconds(sim::SimTime now) const
{
    if (now <= m_last || m_heap.empty())
        return m_callSeconds;
    return m_callSeconds + static_cast<double>(m_heap.size()) * static_cast<double>(now - m_last) * 1e-9;
}

void ProcessorSharingInstance::killAll(sim::SimTime now, std::vector<std::uint64_t>& killed)
{
    advance(now);
    std::sort_heap(m_heap.begin(), m_heap.end(), later); // ascending by `later`: latest tag first
    for (auto it = m_heap.rbegin(); it != m_heap.rend(); ++it)
        killed.push_back(it->token);
    m_heap.clear();
}

} // namespace orrery::kinds::microservices
