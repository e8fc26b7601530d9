#pragma once
#include "output_length_predictor.h"
#ifdef ORRERY_SSJF_WITH_TORCH
#include "torch_length_table.h"
#endif
#include "policy/policy_context.h"
#include "policy/queue_policy.h"

namespace orrery::plugins {

//! Speculative shortest-job-first (seed 001 §6.3.3): a request's priority is the output length
//! OutputLengthPredictor expects for it (exact when its input is cached), plus an optional aging
//! term so that long requests are not starved (§6.3.5). Before anything of a model completed,
//! its requests get the same priority as everything unknown, so ties keep them first come, first
//! served.
class SsjfPolicy : public policy::QueuePolicy {
public:
    explicit SsjfPolicy(const policy::PolicyContext& context);

    double priority(const policy::QueuedRequest& request) override;
    void completed(const policy::QueuedRequest& request) override;

    [[nodiscard]] const OutputLengthPredictor& predictor() const { return m_predictor; }
    //! Trainings of the LibTorch predictor so far (0 with `predictor: online`).
    [[nodiscard]] std::size_t torchRetrains() const;

private:
    //! The estimate for a request that is not in the cache (none: unknown model).
    [[nodiscard]] std::optional<double> estimate(const policy::QueuedRequest& request) const;

    OutputLengthPredictor m_predictor; //!< also the exact cache, with either predictor
#ifdef ORRERY_SSJF_WITH_TORCH
    std::optional<TorchLengthTable> m_torch; //!< `predictor: torch`
#endif
    double m_agingTokensPerSecond;
};

} // namespace orrery::plugins
