#pragma once
#include "env/job_spec.h"
#include "model/compute_kind.h"
#include "model/resources.h"
#include "sim/sim_time.h"

#include <cstdint>

namespace orrery::env {

//! What the simulation tracks of a task while it lives, apart from its spec: plain values, so a
//! recycled task table slot starts over with one assignment (simulation.cpp, onArrival).
struct TaskRuntime {
    std::uint64_t job = 0;
    std::uint32_t indexInJob = 0;
    sim::SimTime readyAt = -1;   //!< when its dependency completed (or the job arrived)
    sim::SimTime startedAt = -1;
    sim::SimTime finishedAt = -1;
    std::uint32_t node = 0;
    model::ComputeKind compute = model::ComputeKind::Cpu;
    model::Resources held;       //!< what it holds while running
    std::int32_t gpu = -1;       //!< the node's GPU its share is on (spec.sharedGpuMilli > 0)
    //! Runs as contended work (env::ContendedWork tracks its progress, docs/model.md, "Contention").
    bool contended = false;
    double placedCpuPressure = 0; //!< its node's CPU utilization when it was placed
    double placedMemoryPressure = 0; //!< … and memory-bandwidth utilization
};

//! A task at run time: its spec, where it runs and when.
struct TaskState : TaskRuntime {
    TaskSpec spec;             //!< spec.unit.id is this task's id, unique over the run (not its slot)
};

//! A job at run time.
struct JobState {
    std::uint32_t workload = 0;
    std::uint64_t firstTask = 0; //!< its tasks are contiguous in the simulation's task table
    std::uint32_t taskCount = 0;
    std::uint32_t unfinishedTasks = 0;
    sim::SimTime arrivedAt = 0;
    sim::SimTime finishedAt = -1;
    std::uint32_t jobClass = 0;  //!< index into the simulation's job class names
};

} // namespace orrery::env
