#pragma once
#include "policy/observation.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace orrery::control_gym {

//! A fixed number of slots for targets that come and go (training containers, churned functions):
//! a target keeps its slot for as long as it is observed, a new one takes the lowest free slot,
//! and targets beyond the slots are counted as unobserved. An agent's i-th observation block and
//! i-th action block therefore always concern the same target.
class TargetSlots {
public:
    static constexpr std::size_t kFree = std::numeric_limits<std::size_t>::max();

    explicit TargetSlots(std::size_t count = 0);

    //! Frees every slot (a new episode).
    void clear();
    //! Updates the slots for `targets` and returns, per slot, the index of its target in
    //! `targets` (kFree when the slot is empty).
    std::vector<std::size_t> assign(const std::vector<policy::TargetObservation>& targets);

    [[nodiscard]] std::size_t size() const { return m_names.size(); }
    //! The target in `slot`, empty when free.
    [[nodiscard]] const std::string& name(std::size_t slot) const { return m_names.at(slot); }
    [[nodiscard]] const std::vector<std::string>& names() const { return m_names; }
    //! Targets of the last assign() that found no slot.
    [[nodiscard]] std::uint32_t unobserved() const { return m_unobserved; }

private:
    std::vector<std::string> m_names;
    std::uint32_t m_unobserved = 0;
};

} // namespace orrery::control_gym
