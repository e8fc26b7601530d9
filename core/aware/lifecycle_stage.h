#pragma once
#include <string_view>

namespace orrery::aware {

//! The four status codes of seed 001 Alg. 5.1: agent initialized, offline training
//! (bootstrapping: the fallback controller acts), online training, online policy serving.
enum class LifecycleStage { Initialized, Offline, Online, Serving };

//! Which controller produces the actions while the agent is in a stage (§5.3.4).
enum class ActingController {
    None,     //!< INITIALIZED: nothing has been decided yet
    Fallback, //!< the rule-based hpa+vpa controller; the agent learns offline from its trajectories
    Agent     //!< the learned agent
};

//! "initialized", "offline", "online", "serving" (also the suffix of the annotation kinds).
[[nodiscard]] std::string_view toString(LifecycleStage stage);
//! "none", "fallback", "agent".
[[nodiscard]] std::string_view toString(ActingController controller);

} // namespace orrery::aware
