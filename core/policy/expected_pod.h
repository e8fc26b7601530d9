#pragma once
#include "model/gpu_request.h"
#include "model/resources.h"

#include <string>

namespace orrery::policy {

//! One shape of pod the host expects to place, and its share of the pods: the "target workload"
//! against which fragmentation-aware policies measure a node's free GPUs (Weng et al., ATC '23,
//! §3; docs/model.md, "GPU sharing"). Added in policy API 1.6.
struct ExpectedPod {
    model::Resources request;    //!< CPU and memory (GPUs are in `gpus`)
    model::GpuRequest gpus;
    std::string deviceModel;     //!< required GPU model ("A|B": either); empty when any will do
    double popularity = 0;       //!< this shape's fraction of the pods; the shapes sum to 1
};

} // namespace orrery::policy
