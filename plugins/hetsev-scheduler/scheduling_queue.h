#pragma once
#include "policy/pending_unit.h"
#include "sim/sim_time.h"

#include <cstddef>
#include <vector>

namespace orrery::plugins::hetsev {

//! Seed 002 Alg. 1 line 1: k-means over the pending replicas' features — GPU memory (scaled to
//! [0, 1] by the largest) and the model (one-hot) — with the L1 distance the paper names. Seeds
//! are chosen deterministically (the first replica, then each time the one farthest from every
//! seed so far), so the same replicas always give the same queues. Returns each replica's queue
//! (0 … k'−1, k' = min(k, distinct feature points)).
[[nodiscard]] std::vector<std::size_t> kMeansQueues(const std::vector<policy::PendingUnit>& pending, std::size_t k);

//! Seed 002 Alg. 1 lines 1–3: the order in which to place every pending replica. The replicas are
//! put into k queues (kMeansQueues), oldest first in each; then, while any queue is non-empty,
//! β of them are picked into the scheduling buffer by weighted fairness — a queue's weight is its
//! length × the median wait of its replicas (now − submittedAt, + 1 ms so that a round of new
//! replicas weighs by length alone) — and each pick goes to the queue of the highest
//! weight ÷ (picks it had in this buffer + 1), ties to the lower queue. The weights are
//! recomputed for every buffer. Every replica appears once.
[[nodiscard]] std::vector<std::size_t> weightedFairOrder(const std::vector<policy::PendingUnit>& pending, sim::SimTime now,
                                                         std::size_t queues, std::size_t batch);

} // namespace orrery::plugins::hetsev
