#include "gym/pendulum.h"

#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace orrery::gym {
namespace {

constexpr double kMaxSpeed = 8.0;
constexpr double kMaxTorque = 2.0;
constexpr double kDt = 0.05;
constexpr double kMass = 1.0;
constexpr double kLength = 1.0;

} // namespace

ActionSpace Pendulum::actionSpace() const
{
    return {false, 0, {-static_cast<float>(kMaxTorque)}, {static_cast<float>(kMaxTorque)}};
}

void Pendulum::setState(double theta, double thetaDot)
{
    m_theta = theta;
    m_thetaDot = thetaDot;
}

double Pendulum::normalizeAngle(double x)
{
    const double period = 2 * std::numbers::pi;
    double r = std::fmod(x + std::numbers::pi, period);
    if (r < 0)
        r += period; // Python's % takes the sign of the divisor
    return r - std::numbers::pi;
}

std::vector<float> Pendulum::resetTask(std::uint64_t seed)
{
    sim::RngStream random(seed, "gym.Pendulum-v1.reset");
    m_theta = random.uniform(-std::numbers::pi, std::numbers::pi);
    m_thetaDot = random.uniform(-1.0, 1.0);
    return observation();
}

StepResult Pendulum::stepTask(std::span<const float> action)
{
    // np.clip of the float32 action keeps float32; the arithmetic below is in double.
    const double u = std::clamp(action[0], -static_cast<float>(kMaxTorque), static_cast<float>(kMaxTorque));
    const double th = normalizeAngle(m_theta);
    const double costs = th * th + 0.1 * m_thetaDot * m_thetaDot + 0.001 * (u * u);
    double newThetaDot
        = m_thetaDot + (3 * m_gravity / (2 * kLength) * std::sin(m_theta) + 3.0 / (kMass * kLength * kLength) * u) * kDt;
    newThetaDot = std::clamp(newThetaDot, -kMaxSpeed, kMaxSpeed);
    m_theta = m_theta + newThetaDot * kDt;
    m_thetaDot = newThetaDot;
    StepResult result;
    result.observation = observation();
    result.reward = -costs;
    return result;
}

std::vector<float> Pendulum::observation() const
{
    return {static_cast<float>(std::cos(m_theta)), static_cast<float>(std::sin(m_theta)),
            static_cast<float>(m_thetaDot)};
}

} // namespace orrery::gym
