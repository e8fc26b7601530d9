#include "miad_frequency_policy.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::plugins {

namespace {

double featureOr(const policy::TargetObservation& target, const std::string& name, double fallback)
{
    const auto it = target.features.find(name);
    return it == target.features.end() ? fallback : it->second;
}

const char* labelOf(MiadFrequencyPolicy::Step step)
{
    switch (step) {
    case MiadFrequencyPolicy::Step::Up:
        return "up";
    case MiadFrequencyPolicy::Step::Down:
        return "down";
    case MiadFrequencyPolicy::Step::Hold:
        return "hold";
    }
    return "hold";
}

// Feature names of the model-serving kind's device targets (built once, not per lookup).
const std::string kMinMhz = "minMhz";
const std::string kMaxMhz = "maxMhz";
const std::string kP99SloRatio = "p99SloRatio";
const std::string kCompleted = "completed";
const std::string kP99SloRatioWindow = "p99SloRatioWindow";
const std::string kWindowCompleted = "windowCompleted";
const std::string kBusy = "busy";
const std::string kQueued = "queued";
const std::string kSensitivity = "sensitivityPerMhz";

} // namespace

MiadFrequencyPolicy::MiadFrequencyPolicy(const policy::PolicyContext& context)
    : m_increaseSlack(context.params.getDouble("increaseSlack"))
    , m_increaseFactor(context.params.getDouble("increaseFactor"))
    , m_decreaseStepMhz(context.params.getDouble("decreaseStepMhz"))
    , m_idleDecrease(context.params.getBool("idleDecrease"))
    , m_windowSignal(context.params.getString("signal") == "window")
    , m_minRequests(static_cast<double>(context.params.getInt("minRequests")))
{
    if (m_increaseFactor <= 1)
        throw std::invalid_argument("increaseFactor must exceed 1");
}

MiadFrequencyPolicy::Step MiadFrequencyPolicy::stepFor(double p99SloRatio, double completed, double busy,
                                                       double queued, double sensitivityPerMhz, double mhz) const
{
    if (completed <= 0 || p99SloRatio <= 0) {
        // No latency measured this period. An idle device (nothing served, nothing waiting)
        // gives its clock back one step; a busy one holds (a long request still running, or a
        // queue behind it: its latency shows in a later period).
        const bool idle = busy <= 0 && queued <= 0;
        return idle && m_idleDecrease ? Step::Down : Step::Hold;
    }
    const double slack = 1.0 - p99SloRatio; // Alg. 6.3 L10: (target − actual) / target
    if (slack < m_increaseSlack)
        return Step::Up; // L11–L13
    // L15–L17: the latency one step down would add, relative to the SLO. With the kind's
    // sensitivity: actual·(ΔL/ΔF)·STEP; without it, the seed's linear estimate actual·STEP/f.
    const double perMhz = sensitivityPerMhz >= 0 ? sensitivityPerMhz : (mhz > 0 ? 1.0 / mhz : HUGE_VAL);
    const double degradation = p99SloRatio * perMhz * m_decreaseStepMhz;
    return degradation < slack - m_increaseSlack ? Step::Down : Step::Hold;
}

double MiadFrequencyPolicy::nextMhz(Step step, double mhz, double minMhz, double maxMhz) const
{
    double next = mhz;
    switch (step) {
    case Step::Up:
        next = std::min(maxMhz, mhz * m_increaseFactor); // L22
        break;
    case Step::Down:
        next = std::max(minMhz, mhz - m_decreaseStepMhz); // L24
        break;
    case Step::Hold:
        break;
    }
    return std::clamp(next, minMhz, std::max(minMhz, maxMhz));
}

std::vector<policy::ControlAction> MiadFrequencyPolicy::decide(const policy::Observation& observation)
{
    constexpr std::size_t kFrequency = policy::indexOf(policy::ControlResource::GpuFrequency);
    std::vector<policy::ControlAction> actions;
    m_labels.clear();
    for (const auto& target : observation.targets) {
        const double mhz = target.limit[kFrequency];
        const double maxMhz = featureOr(target, kMaxMhz, 0);
        if (mhz <= 0 || maxMhz <= 0)
            continue; // not a GPU
        const double minMhz = featureOr(target, kMinMhz, 0);
        // The estimate moves only when something completed this period; it then rests on the
        // window's requests (or the period's), and below minRequests of them it is not trusted.
        const double completed = featureOr(target, kCompleted, 0);
        double ratio = featureOr(target, kP99SloRatio, 0);
        double samples = completed;
        if (m_windowSignal && target.features.count(kP99SloRatioWindow)) {
            ratio = completed > 0 ? featureOr(target, kP99SloRatioWindow, 0) : 0.0;
            samples = featureOr(target, kWindowCompleted, completed);
        }
        const Step step = completed > 0 && samples < m_minRequests
            ? Step::Hold
            : stepFor(ratio, completed, featureOr(target, kBusy, 0), featureOr(target, kQueued, 0), featureOr(target, kSensitivity, -1), mhz);
        m_labels.push_back({target.name, labelOf(step)});
        const double next = nextMhz(step, mhz, minMhz, maxMhz);
        if (std::abs(next - mhz) > 1e-9)
            actions.push_back(policy::ControlAction::setLimit(target.name, policy::ControlResource::GpuFrequency, next));
    }
    return actions;
}

std::vector<policy::TargetLabel> MiadFrequencyPolicy::targetLabels() const
{
    return m_labels;
}

} // namespace orrery::plugins
