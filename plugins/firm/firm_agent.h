#pragma once
#include "learn/off_policy_update_stats.h"
#include "learn/replay_batch.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::plugins::firm {

//! Which learner drives a FIRM agent.
enum class FirmLearner : std::uint32_t {
    //! The seed's DDPG as FIRM's implementation trained it (learn::DdpgAgent: Ornstein–Uhlenbeck
    //! noise with ε decay, reset every episode; Table 3.3), kept for seed fidelity.
    SeedDdpg = 0,
    //! The learning core's OffPolicyAgent (docs/learning.md) with Table 3.3's networks, learning
    //! rates, γ and τ, Gaussian exploration and, for TD3 and SAC, twin critics.
    Ddpg = 1,
    Td3 = 2,
    Sac = 3
};

//! "seed-ddpg", "ddpg", "td3", "sac".
[[nodiscard]] const char* toString(FirmLearner learner);
[[nodiscard]] std::optional<FirmLearner> firmLearnerNamed(std::string_view name);

//! The exploration and regularisation a learning-core FIRM agent uses (ignored by seed-ddpg).
struct FirmAgentOptions {
    double explorationNoise = 0.1; //!< σ of the Gaussian action noise (DDPG, TD3)
    double preTanhPenalty = 0;     //!< OffPolicyConfig::preTanhPenalty
};

//! One FIRM agent over either learner, with one interface for the trainer and the policy.
class FirmAgent {
public:
    FirmAgent(FirmLearner learner, std::uint64_t seed, const FirmAgentOptions& options = {});
    ~FirmAgent();
    FirmAgent(FirmAgent&&) noexcept;
    FirmAgent& operator=(FirmAgent&&) noexcept;

    [[nodiscard]] FirmLearner learner() const { return m_learner; }
    [[nodiscard]] std::vector<float> act(std::span<const float> state, bool explore);
    //! Uniform in [-1, 1] per action dimension: the warm-up before learning.
    [[nodiscard]] std::vector<float> randomAction();
    //! An episode starts: seed-ddpg resets its Ornstein–Uhlenbeck process.
    void startEpisode();
    //! One gradient step; the seed's DDPG measures only its losses (`valuesMeasured` false).
    learn::OffPolicyUpdateStats update(const learn::ReplayBatch& batch, bool* valuesMeasured = nullptr);
    [[nodiscard]] std::string saveBytes() const;
    //! Throws std::runtime_error when the bytes are not this learner's checkpoint.
    void loadBytes(std::string_view bytes);

private:
    struct Impl;
    FirmLearner m_learner;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::plugins::firm
