#pragma once
#include <mutex>

namespace orrery::strl {

//! The one lock every CBC solve in the process takes (strl/cbc_solver.cpp). CBC keeps
//! process-wide state: CoinDrand48's seed, and the command parser behind Cbc_setParameter
//! (CbcOrClpParam's read position and mode), which two concurrent solves corrupt, printing
//! "<Possible options for preprocess are: …>" and solving with the wrong options.
//!
//! A function-local static is not enough: each TetriSched plugin module links its own copy of
//! orrery_strl, so the three modules had three locks. The executable exports
//! `orrery_cbc_process_lock` (app/CMakeLists.txt) and every copy looks it up in the global scope
//! first; where nothing exports it (test programs, the Python module) each copy falls back to
//! its own lock, as before.
std::mutex& cbcProcessLock();

} // namespace orrery::strl

//! The process's CBC lock, exported by the orrery executable (see cbcProcessLock).
extern "C" std::mutex* orrery_cbc_process_lock();
