#pragma once
#include <cstdint>
#include <span>

namespace orrery::kinds::model_serving {

//! How inference instances sharing one GPU concurrently slow each other (`sharing: concurrent`,
//! issue 17, seed 002 §3). Each instance keeps a share u of the GPU busy when it runs alone,
//! u = shareBase · (0.5 + α) with α the compute-bound fraction of its requests (compute-bound
//! kernels occupy more of the SMs); while several run, instance i progresses at speed
//! 1 / (1 + Σ_{j≠i active} κ_ij · u_j), κ_ij = sameModel for replicas of one model (they contend
//! for the same units at the same moments) and otherModel otherwise. The device's utilisation is
//! min(1, Σ_active u_j).
//!
//! The three constants are fitted to seed 002's own characterisation (§3) over the 15 Table 6.1
//! models on a V100 — 3 replicas reach 1.85× the throughput of one at 2.76× the utilisation on
//! average, 90 % of pairs of different models see ≤ 18 % more latency, identical pairs more — as
//! the issue asks: for the model's shape, not its headline result (docs/model.md).
struct GpuInterference {
    double shareBase = 0.347;
    double sameModel = 1.11;
    double otherModel = 0.392;

    //! One active instance: which model it serves and its GPU share.
    struct Active {
        std::uint32_t model = 0;
        double share = 0;
    };

    [[nodiscard]] double shareOf(double computeFraction) const { return shareBase * (0.5 + computeFraction); }
    //! A replica held to `smShare` of the SMs (a fractional GPU, as the Alibaba 2023 pods request
    //! `gpu_milli`; 0: not held) keeps at most that share busy …
    [[nodiscard]] static double cappedShare(double share, double smShare) { return smShare > 0 && smShare < share ? smShare : share; }
    //! … and runs at smShare / share of its speed alone when that is below 1 (ASSUMPTION: fewer SMs
    //! than it would keep busy, proportionally slower; docs/model.md "Fractional GPUs").
    [[nodiscard]] static double capSpeed(double share, double smShare) { return smShare > 0 && smShare < share ? smShare / share : 1.0; }
    //! The speed (≤ 1) of `active[self]` while all of `active` run together.
    [[nodiscard]] double speed(std::span<const Active> active, std::size_t self) const;
    //! min(1, Σ shares) of `active`.
    [[nodiscard]] static double utilization(std::span<const Active> active);
};

} // namespace orrery::kinds::model_serving
