#pragma once
#include "sim/event.h"

namespace orrery::sim {

class Engine;

//! Receives the events of the kinds it registered with an Engine.
class EventHandler {
public:
    virtual ~EventHandler() = default;
    virtual void handleEvent(const Event& event, Engine& engine) = 0;
};

} // namespace orrery::sim
