#pragma once
#include <cstddef>
#include <vector>

namespace orrery::learn {

//! A minibatch of transitions (s, a, r, s', done), each field row-major and contiguous:
//! states is size × stateDim, actions size × actionDim, rewards and dones size (done 1 or 0).
struct ReplayBatch {
    std::size_t size = 0;
    std::size_t stateDim = 0;
    std::size_t actionDim = 0;
    std::vector<float> states;
    std::vector<float> actions;
    std::vector<float> rewards;
    std::vector<float> nextStates;
    std::vector<float> dones;
};

} // namespace orrery::learn
