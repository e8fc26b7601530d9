#pragma once
#include "gym/environment.h"

namespace orrery::gym {

//! Gymnasium's MountainCarContinuous-v0, ported from
//! gymnasium/envs/classic_control/continuous_mountain_car.py (Farama Gymnasium, commit
//! f0fcd8fbaaf0aee3a92c9ef64d054ecc9c37cf99): force = clip(action, ±1); v' = clip(v + 0.0015·force
//! − 0.0025·cos 3x, ±0.07); x' = clip(x + v', [−1.2, 0.6]), v' = 0 when x' hits −1.2 moving left;
//! terminated when x' ≥ 0.45 and v' ≥ 0 (goal velocity 0); reward 100 on reaching the goal minus
//! 0.1·action² (of the action as given, unclipped, as the source does); truncated after 999 steps.
//! Start x ~ U(−0.6, −0.4), v = 0. As in the source, the state is stored as float32 after every
//! step (the reset state stays double) while each step's arithmetic is double. Initial states come
//! from Orrery's seeded stream, not NumPy's PCG64.
class MountainCarContinuous final : public Environment {
public:
    [[nodiscard]] std::string id() const override { return "MountainCarContinuous-v0"; }
    [[nodiscard]] std::size_t observationDimension() const override { return 2; }
    [[nodiscard]] ActionSpace actionSpace() const override { return {false, 0, {-1.0f}, {1.0f}}; }
    [[nodiscard]] std::uint32_t maxEpisodeSteps() const override { return 999; }

    void setState(double position, double velocity);
    [[nodiscard]] double position() const { return m_position; }
    [[nodiscard]] double velocity() const { return m_velocity; }

protected:
    std::vector<float> resetTask(std::uint64_t seed) override;
    StepResult stepTask(std::span<const float> action) override;

private:
    double m_position = 0;
    double m_velocity = 0;
};

} // namespace orrery::gym
