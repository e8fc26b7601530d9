#pragma once
#include "gym/environment.h"

#include <array>

namespace orrery::gym {

//! Gymnasium's CartPole-v1, ported from gymnasium/envs/classic_control/cartpole.py (Farama
//! Gymnasium, commit 4b96acf53aad9d70eefdf76baf3d0c2f08608055): the Barto–Sutton–Anderson
//! cart-pole with gravity 9.8, cart 1.0 kg, pole 0.1 kg, half-length 0.5, force ±10 (action 1
//! pushes right, 0 left), τ 0.02 s, explicit Euler; terminated when |x| > 2.4 or |θ| > 12°;
//! reward 1 per step including the terminating one (0 for steps taken after it); truncated after
//! 500 steps. Start: all four state values ~ U(−0.05, 0.05) from Orrery's seeded stream (not
//! NumPy's PCG64). State in double, observation as float32, as the source.
class CartPole final : public Environment {
public:
    [[nodiscard]] std::string id() const override { return "CartPole-v1"; }
    [[nodiscard]] std::size_t observationDimension() const override { return 4; }
    [[nodiscard]] ActionSpace actionSpace() const override { return {true, 2, {}, {}}; }
    [[nodiscard]] std::uint32_t maxEpisodeSteps() const override { return 500; }

    //! (x, ẋ, θ, θ̇), for tests against the reference equations.
    void setState(const std::array<double, 4>& state);
    [[nodiscard]] const std::array<double, 4>& state() const { return m_state; }

protected:
    std::vector<float> resetTask(std::uint64_t seed) override;
    StepResult stepTask(std::span<const float> action) override;

private:
    [[nodiscard]] std::vector<float> observation() const;

    std::array<double, 4> m_state{};
    bool m_terminated = false;
};

} // namespace orrery::gym
