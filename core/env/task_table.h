#pragma once
#include "env/task_state.h"

#include <deque>

namespace orrery::env {

//! Every task of a run, indexed by task id. A deque: growing never moves existing tasks (no
//! copying of a large table on the hot path, and references stay valid while jobs arrive).
using TaskTable = std::deque<TaskState>;

} // namespace orrery::env
