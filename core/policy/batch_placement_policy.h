#pragma once
#include "policy/batch_decision.h"
#include "policy/batch_request.h"
#include "policy/cluster_view.h"

namespace orrery::policy {

//! Decision point "placement", batch variant (TetriSched, seed 003): every scheduling cycle,
//! plan all pending jobs at once over the cluster and say which start now. The caller starts
//! only assignments whose nodes are free and whose node count is the job's; it never lets a
//! plan exceed capacity.
class BatchPlacementPolicy {
public:
    virtual ~BatchPlacementPolicy() = default;
    virtual BatchDecision plan(const BatchRequest& request, const ClusterView& cluster) = 0;
};

} // namespace orrery::policy
