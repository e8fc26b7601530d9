#include "gym/mountain_car_continuous.h"

#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>

namespace orrery::gym {
namespace {

constexpr double kMinPosition = -1.2;
constexpr double kMaxPosition = 0.6;
constexpr double kMaxSpeed = 0.07;
constexpr double kGoalPosition = 0.45;
constexpr double kGoalVelocity = 0.0;
constexpr double kPower = 0.0015;

} // namespace

void MountainCarContinuous::setState(double position, double velocity)
{
    m_position = position;
    m_velocity = velocity;
}

std::vector<float> MountainCarContinuous::resetTask(std::uint64_t seed)
{
    sim::RngStream random(seed, "gym.MountainCarContinuous-v0.reset");
    m_position = random.uniform(-0.6, -0.4);
    m_velocity = 0;
    return {static_cast<float>(m_position), static_cast<float>(m_velocity)};
}

StepResult MountainCarContinuous::stepTask(std::span<const float> action)
{
    const double force = std::min(std::max(static_cast<double>(action[0]), -1.0), 1.0);
    double position = m_position;
    double velocity = m_velocity;
    velocity += force * kPower - 0.0025 * std::cos(3 * position);
    velocity = std::clamp(velocity, -kMaxSpeed, kMaxSpeed);
    position += velocity;
    position = std::clamp(position, kMinPosition, kMaxPosition);
    if (position == kMinPosition && velocity < 0)
        velocity = 0;
    StepResult result;
    result.terminated = position >= kGoalPosition && velocity >= kGoalVelocity;
    result.reward = result.terminated ? 100.0 : 0.0;
    result.reward -= std::pow(static_cast<double>(action[0]), 2) * 0.1;
    // self.state = np.array([position, velocity], dtype=np.float32)
    m_position = static_cast<float>(position);
    m_velocity = static_cast<float>(velocity);
    result.observation = {static_cast<float>(m_position), static_cast<float>(m_velocity)};
    return result;
}

} // namespace orrery::gym
