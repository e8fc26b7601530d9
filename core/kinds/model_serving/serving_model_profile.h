#pragma once
#include "kinds/model_serving/frequency_latency_curve.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/operator_profile.h"
#include "model/diagnostic.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::kinds::model_serving {

//! A servable DNN model: its size, its measured single-request latency on the reference GPU, and
//! the operators one request runs, whose roofline mix sets how its latency follows the SM clock.
//! An autoregressive model's request with N output tokens takes C + K·N (seed 001 §6.2.3): C the
//! prompt pass (`prefill`) and overhead, K one decoding step (`decode`).
struct ServingModelProfile {
    std::string name;               //!< e.g. GPT2-large
    double parameters = 0;          //!< number of weights
    std::int64_t memoryBytes = 0;   //!< weights resident on the device (Table 6.1 "Size")
    double latencySeconds = 0;      //!< Table 6.1: one request, sequence length 512, V100 at its default clock
    bool autoregressive = false;    //!< Table 6.1 "AR?"
    std::vector<OperatorCount> prefill; //!< operators of the forward pass over the 512-token input (the whole request when not autoregressive)
    std::vector<OperatorCount> decode;  //!< operators of one decoding step (autoregressive only)
    double prefillSeconds = 0;      //!< C at the reference GPU's default clock (autoregressive only)
    double perTokenSeconds = 0;     //!< K at the reference GPU's default clock (autoregressive only)
    //! Pipeline parallelism: the activations one request's prompt pass hands from one stage to the
    //! next (a cut between layers: tokens × hidden × 4 B, FP32), and, autoregressive, each decoded
    //! token's (hidden × 4 B).
    double stageActivationBytes = 0;
    double stageActivationBytesPerToken = 0;
    std::string source;

    //! Latency of a request with `outputTokens` at `mhz` on `gpu`: L_table·t·c(f) for a
    //! non-autoregressive model, C·t_p·c_p(f) + K·N·t_d·c_d(f) otherwise, where c(f) =
    //! curve(f)/curve(f_default) of the part's compute fraction on `gpu` and t = the part's roofline
    //! time on `gpu` ÷ on the V100 the latencies were measured on (1 on a V100).
    [[nodiscard]] double requestSeconds(std::uint32_t outputTokens, double mhz, const GpuDeviceProfile& gpu) const;
    //! Batching (docs/model.md "Batching"): the prompt pass of `batch` requests run together — for
    //! a model that is not autoregressive, the whole batch — at `mhz` on `gpu`. The measured
    //! single-request time scaled by the roofline of the batched operators (weights read once,
    //! FLOPs and activations × batch) over that of one request on the V100, and by the
    //! batched part's own frequency curve; equals requestSeconds(0, …) at batch 1.
    [[nodiscard]] double prefillBatchSeconds(std::uint32_t batch, double mhz, const GpuDeviceProfile& gpu) const;
    //! One decoding step of `batch` requests together (0 when not autoregressive); K at batch 1.
    [[nodiscard]] double decodeStepSeconds(std::uint32_t batch, double mhz, const GpuDeviceProfile& gpu) const;
    //! What one request sends from a pipeline stage to the next: the prompt's activations, then one
    //! token's per output token.
    [[nodiscard]] double stageTransferBytes(std::uint32_t outputTokens) const
    {
        return stageActivationBytes + stageActivationBytesPerToken * outputTokens;
    }
    //! The frequency/latency curve of one request with `outputTokens` on `gpu` (its compute
    //! fraction is the time-weighted α of C and K·N at the default clock).
    [[nodiscard]] FrequencyLatencyCurve curve(std::uint32_t outputTokens, const GpuDeviceProfile& gpu) const;
    //! Seed 001 §6.3.1 sensitivity of a request with `outputTokens` on `gpu`, in 1/MHz.
    [[nodiscard]] double sensitivityPerMhz(std::uint32_t outputTokens, const GpuDeviceProfile& gpu) const;
};

//! Problems with a model profile, each naming its field; empty when valid.
[[nodiscard]] model::Diagnostics validateServingModel(const ServingModelProfile& profile);

} // namespace orrery::kinds::model_serving
