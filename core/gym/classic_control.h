#pragma once
#include "gym/environment.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::gym {

//! The classic-control tasks Orrery carries, by Gymnasium id: "CartPole-v1",
//! "MountainCarContinuous-v0", "Pendulum-v1".
[[nodiscard]] std::vector<std::string> classicControlIds();

//! A fresh environment for `id` (exact Gymnasium id, case-sensitive); nullptr when unknown.
[[nodiscard]] std::unique_ptr<Environment> makeClassicControl(std::string_view id);

} // namespace orrery::gym
