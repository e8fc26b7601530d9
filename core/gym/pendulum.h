#pragma once
#include "gym/environment.h"

namespace orrery::gym {

//! Gymnasium's Pendulum-v1, ported from gymnasium/envs/classic_control/pendulum.py (Farama
//! Gymnasium, commit 9e06113040677f69752ba6fcec5f6b3478084db3): θ̇' = clip(θ̇ + (3g/2l·sin θ +
//! 3/(ml²)·u)·dt, ±8), θ' = θ + θ̇'·dt with g 10, m 1, l 1, dt 0.05, u = clip(action, ±2); reward
//! −(norm(θ)² + 0.1·θ̇² + 0.001·u²) on the state before the step; observation (cos θ, sin θ, θ̇) as
//! float32; start θ ~ U(−π, π), θ̇ ~ U(−1, 1); never terminates, truncated after 200 steps.
//! The state is kept in double precision as NumPy does; the initial state is drawn from
//! Orrery's seeded stream, not NumPy's PCG64, so a seed gives another (equally distributed) start.
class Pendulum final : public Environment {
public:
    explicit Pendulum(double gravity = 10.0) : m_gravity(gravity) {}

    [[nodiscard]] std::string id() const override { return "Pendulum-v1"; }
    [[nodiscard]] std::size_t observationDimension() const override { return 3; }
    [[nodiscard]] ActionSpace actionSpace() const override;
    [[nodiscard]] std::uint32_t maxEpisodeSteps() const override { return 200; }

    //! Sets (θ, θ̇) directly, for tests against the reference equations.
    void setState(double theta, double thetaDot);
    [[nodiscard]] double theta() const { return m_theta; }
    [[nodiscard]] double thetaDot() const { return m_thetaDot; }

    //! ((x + π) mod 2π) − π with Python's floored modulo, as pendulum.py's angle_normalize.
    [[nodiscard]] static double normalizeAngle(double x);

protected:
    std::vector<float> resetTask(std::uint64_t seed) override;
    StepResult stepTask(std::span<const float> action) override;

private:
    [[nodiscard]] std::vector<float> observation() const;

    double m_gravity;
    double m_theta = 0;
    double m_thetaDot = 0;
};

} // namespace orrery::gym
