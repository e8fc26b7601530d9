#pragma once
#include "control_gym/control_gym_options.h"
#include "control_gym/observation_layout.h"
#include "control_gym/target_slots.h"
#include "gym/environment.h"
#include "model/scenario.h"
#include "policy/environment.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace orrery::control_gym {

//! What the last reset() or step() did beyond the observation (Gymnasium's `info`).
struct StepInfo {
    double timeSeconds = 0;                 //!< simulated time at the end of the period
    std::vector<std::string> slotTargets;   //!< per slot: its target's name, empty when free
    std::uint32_t unobservedTargets = 0;    //!< targets beyond the slots: neither observed nor controlled
    std::uint32_t actionsSent = 0;
    std::uint32_t actionsApplied = 0;       //!< as asked
    std::uint32_t actionsConverted = 0;     //!< applied as another action (e.g. a CPU raise as a scale-out)
    std::uint32_t actionsRejected = 0;
    std::vector<std::string> rejections;    //!< "target: reason" of this step's rejected actions
};

//! A workload kind's control environment (env::makeControlEnvironment: microservices, functions,
//! model serving, training jobs) as a fixed-shape gym::Environment, the contract every learner in
//! core/learn and the Python module's environments use:
//!  - observation: ObservationLayout's features, one block per target slot, then the period's
//!    global figures; slots keep their target for as long as it exists (TargetSlots);
//!  - action: a Box [-1, 1]^(slots × knobs); value a sets the knob to current × 2^a (halve to
//!    double; replicas rounded, at least 1; an unlimited CPU counts as its node's cores), so 0
//!    keeps everything as it is;
//!  - reward, terminated and truncated: the kind environment's own.
//! Same scenario, options and seed ⇒ bit-identical observations and rewards for the same actions.
class ControlGymEnvironment final : public gym::Environment {
public:
    //! Builds the kind's environment and runs one probe reset (with the scenario's seed) to fix the
    //! observation's shape. Throws std::invalid_argument for an unknown knob, a knob the kind
    //! cannot set, a workload without a control environment, or options out of range.
    ControlGymEnvironment(const model::Scenario& scenario, ControlGymOptions options);
    ~ControlGymEnvironment() override;
    ControlGymEnvironment(const ControlGymEnvironment&) = delete;
    ControlGymEnvironment& operator=(const ControlGymEnvironment&) = delete;

    [[nodiscard]] std::string id() const override;
    [[nodiscard]] std::size_t observationDimension() const override;
    [[nodiscard]] gym::ActionSpace actionSpace() const override;
    [[nodiscard]] std::uint32_t maxEpisodeSteps() const override;

    [[nodiscard]] const std::string& kind() const { return m_kind; }
    [[nodiscard]] const std::vector<std::string>& knobs() const { return m_knobNames; }
    [[nodiscard]] std::size_t slotCount() const { return m_slots.size(); }
    [[nodiscard]] const ObservationLayout& layout() const { return m_layout; }
    [[nodiscard]] const StepInfo& info() const { return m_info; }
    [[nodiscard]] const policy::Observation& lastObservation() const { return m_last; }
    //! The control actions `action` (one value per slot × knob) stands for now, as step() sends them.
    [[nodiscard]] std::vector<policy::ControlAction> controlActions(std::span<const float> action) const;

protected:
    std::vector<float> resetTask(std::uint64_t seed) override;
    gym::StepResult stepTask(std::span<const float> action) override;

private:
    struct Knob {
        bool replicas = false;
        policy::ControlResource resource = policy::ControlResource::Cpu;
    };
    std::vector<float> encode(policy::Observation observation);

    std::string m_scenarioName;
    std::string m_kind;
    ControlGymOptions m_options;
    std::unique_ptr<policy::Environment> m_environment;
    std::vector<Knob> m_knobs;
    std::vector<std::string> m_knobNames;
    ObservationLayout m_layout;
    TargetSlots m_slots;
    std::vector<std::size_t> m_byslot; //!< per slot: its target's index in m_last.targets
    policy::Observation m_last;
    StepInfo m_info;
};

} // namespace orrery::control_gym
