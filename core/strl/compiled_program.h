#pragma once
#include "strl/milp_model.h"
#include "strl/nck_leaf.h"
#include "strl/partitioning.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orrery::strl {

//! An STRL leaf as the MILP sees it: its indicator and one count variable per class of its set.
struct CompiledLeaf {
    int job = 0;
    int leafIndex = 0;  //!< pre-order index within the job's expression
    NckLeaf leaf;
    int indicator = -1; //!< column; 1 when the leaf is granted
    std::vector<std::pair<int, int>> classColumns; //!< (class, column holding the node count)
    int firstSlot = 0;  //!< slices [firstSlot, endSlot) it holds, clipped to the window
    int endSlot = 0;
    bool inWindow = false; //!< false: left out (starts before now or after the window, too few nodes, unknown set)
};

//! What compileStrl gives: the MILP and how to read its solution back.
struct CompiledProgram {
    MilpModel model;
    std::optional<Partitioning> partitioning;
    std::vector<CompiledLeaf> leaves;
    std::vector<int> jobIndicators; //!< column per job
    std::vector<std::string> problems; //!< e.g. a leaf naming an undefined set
};

} // namespace orrery::strl
