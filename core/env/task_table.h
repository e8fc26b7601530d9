#pragma once
#include "env/task_state.h"

#include <deque>

namespace orrery::env {

//! The tasks of a run that are alive, by slot; a finished job's slots go to the next job of its
//! size (simulation.cpp, takeTaskSlots), so PendingUnit::id, not the slot, names a task. A
//! deque: growing never moves existing tasks (references stay valid while jobs arrive).
using TaskTable = std::deque<TaskState>;

} // namespace orrery::env
