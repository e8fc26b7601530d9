#pragma once
#include "learn/ddpg_config.h"
#include "learn/off_policy_update_stats.h"
#include "learn/replay_batch.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! Which learner drives a control agent (FIRM, AWARE).
enum class ControlLearner : std::uint32_t {
    //! The seed's DDPG as its implementation trained it (DdpgAgent: Ornstein–Uhlenbeck noise with
    //! ε decay, reset every episode; seed 001 Tables 3.3 and 5.2), kept for seed fidelity.
    SeedDdpg = 0,
    //! The learning core's OffPolicyAgent (docs/learning.md) with the seed's networks, learning
    //! rates, γ and τ, Gaussian exploration and, for TD3 and SAC, twin critics.
    Ddpg = 1,
    Td3 = 2,
    Sac = 3
};

//! "seed-ddpg", "ddpg", "td3", "sac".
[[nodiscard]] const char* toString(ControlLearner learner);
[[nodiscard]] std::optional<ControlLearner> controlLearnerNamed(std::string_view name);

//! The exploration and regularisation a learning-core agent uses (ignored by seed-ddpg).
struct ControlAgentOptions {
    double explorationNoise = 0.1; //!< σ of the Gaussian action noise (DDPG, TD3)
    double preTanhPenalty = 0;     //!< OffPolicyConfig::preTanhPenalty
};

//! One continuous-action control agent over either learner, with one interface for trainers and
//! policies. `seed` gives the dimensions, networks, learning rates, γ, τ and the seed; the
//! learning core's agents take them from it (OffPolicyConfig), so an agent family states its
//! hyperparameters once.
class ControlAgent {
public:
    ControlAgent(ControlLearner learner, const DdpgConfig& seed, const ControlAgentOptions& options = {});
    ~ControlAgent();
    ControlAgent(ControlAgent&&) noexcept;
    ControlAgent& operator=(ControlAgent&&) noexcept;

    [[nodiscard]] ControlLearner learner() const { return m_learner; }
    [[nodiscard]] std::vector<float> act(std::span<const float> state, bool explore);
    //! Uniform in [-1, 1] per action dimension: the warm-up before learning.
    [[nodiscard]] std::vector<float> randomAction();
    //! An episode starts: seed-ddpg resets its Ornstein–Uhlenbeck process.
    void startEpisode();
    //! One gradient step; the seed's DDPG measures only its losses (`valuesMeasured` false).
    OffPolicyUpdateStats update(const ReplayBatch& batch, bool* valuesMeasured = nullptr);
    //! update() with TD3+BC's behaviour cloning (DdpgAgent's and OffPolicyAgent's
    //! updateWithBehaviourCloning); alpha ≤ 0 is update().
    OffPolicyUpdateStats updateWithBehaviourCloning(const ReplayBatch& batch, double alpha, bool* valuesMeasured = nullptr);
    [[nodiscard]] std::string saveBytes() const;
    //! Throws std::runtime_error when the bytes are not this learner's checkpoint.
    void loadBytes(std::string_view bytes);

private:
    struct Impl;
    ControlLearner m_learner;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::learn
