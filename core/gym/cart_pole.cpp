#include "gym/cart_pole.h"

#include "sim/rng_stream.h"

#include <cmath>
#include <numbers>

namespace orrery::gym {
namespace {

constexpr double kGravity = 9.8;
constexpr double kMassCart = 1.0;
constexpr double kMassPole = 0.1;
constexpr double kTotalMass = kMassPole + kMassCart;
constexpr double kLength = 0.5; // half the pole's length
constexpr double kPoleMassLength = kMassPole * kLength;
constexpr double kForceMagnitude = 10.0;
constexpr double kTau = 0.02;
constexpr double kThetaThreshold = 12 * 2 * std::numbers::pi / 360;
constexpr double kXThreshold = 2.4;

} // namespace

void CartPole::setState(const std::array<double, 4>& state)
{
    m_state = state;
    m_terminated = false;
}

std::vector<float> CartPole::resetTask(std::uint64_t seed)
{
    sim::RngStream random(seed, "gym.CartPole-v1.reset");
    for (double& v : m_state)
        v = random.uniform(-0.05, 0.05);
    m_terminated = false;
    return observation();
}

StepResult CartPole::stepTask(std::span<const float> action)
{
    auto& [x, xDot, theta, thetaDot] = m_state;
    const double force = action[0] == 1.0f ? kForceMagnitude : -kForceMagnitude;
    const double cosTheta = std::cos(theta);
    const double sinTheta = std::sin(theta);
    const double temp = (force + kPoleMassLength * thetaDot * thetaDot * sinTheta) / kTotalMass;
    const double thetaAcc = (kGravity * sinTheta - cosTheta * temp)
                            / (kLength * (4.0 / 3.0 - kMassPole * cosTheta * cosTheta / kTotalMass));
    const double xAcc = temp - kPoleMassLength * thetaAcc * cosTheta / kTotalMass;
    x = x + kTau * xDot;
    xDot = xDot + kTau * xAcc;
    theta = theta + kTau * thetaDot;
    thetaDot = thetaDot + kTau * thetaAcc;

    StepResult result;
    result.terminated = x < -kXThreshold || x > kXThreshold || theta < -kThetaThreshold || theta > kThetaThreshold;
    // 1 for every step up to and including the one that fails; 0 for steps after it.
    result.reward = m_terminated ? 0.0 : 1.0;
    m_terminated = m_terminated || result.terminated;
    result.observation = observation();
    return result;
}

std::vector<float> CartPole::observation() const
{
    return {static_cast<float>(m_state[0]), static_cast<float>(m_state[1]), static_cast<float>(m_state[2]),
            static_cast<float>(m_state[3])};
}

} // namespace orrery::gym
