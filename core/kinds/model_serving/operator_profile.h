#pragma once
#include "kinds/model_serving/gpu_device_profile.h"

#include <string>
#include <vector>

namespace orrery::kinds::model_serving {

//! One primitive operator with a fixed tensor shape: the arithmetic it does and the bytes it
//! moves (FP32, each tensor read or written once), which place it on the roofline of a GPU.
struct OperatorProfile {
    std::string name;  //!< e.g. "conv [10,56,56,64]x[3,3,64,192]/1" or "gemm 512x1024x4096"
    double flops = 0;  //!< floating-point operations (a multiply-add counts 2)
    double bytes = 0;  //!< bytes read and written
    //! The part of `bytes` that a batch of requests reads once (weights, filters); the rest
    //! (activations, KV cache) is per request. Only batching reads it.
    double weightBytes = 0;

    //! FLOPs per byte.
    [[nodiscard]] double arithmeticIntensity() const { return bytes > 0 ? flops / bytes : 0; }
    //! Roofline time at the device's maxMhz with no overlap of compute and memory:
    //! flops / peak + bytes / bandwidth, in seconds.
    [[nodiscard]] double rooflineSeconds(const GpuDeviceProfile& gpu) const;
    //! Roofline time of the operator over `batch` requests together: flops and per-request bytes
    //! × batch, weights once (rooflineSeconds at batch 1).
    [[nodiscard]] double batchedRooflineSeconds(const GpuDeviceProfile& gpu, double batch) const;
    //! The compute-bound share α of rooflineSeconds: I / (I + ridge) with I the arithmetic
    //! intensity and ridge the device's ridge point — the α of FrequencyLatencyCurve.
    [[nodiscard]] double computeFraction(const GpuDeviceProfile& gpu) const;
    //! Seed 001 §6.3.1's sensitivity ΔL/ΔF (1/MHz) between the device's default and half of it.
    [[nodiscard]] double sensitivityPerMhz(const GpuDeviceProfile& gpu) const;

    //! A convolution: NHWC input, RSCK filter, `stride`, "SAME" padding (output ⌈H/stride⌉).
    static OperatorProfile convolution(double n, double h, double w, double c, double r, double s, double k, double stride);
    //! A dense layer / matrix product: (m × k) activations · (k × n) weights.
    static OperatorProfile gemm(double m, double k, double n);
    //! A product of two activations (m × k) · (k × n), such as attention's Q·Kᵀ: nothing in it
    //! is shared by the requests of a batch.
    static OperatorProfile activationGemm(double m, double k, double n);
    //! An element-wise or normalisation pass over `elements` values (read once, written once,
    //! `flopsPerElement` operations each): softmax, layer norm, GELU, residual add.
    static OperatorProfile elementwise(double elements, double flopsPerElement);
};

//! Compute share of a sequence of operators, each taken `count` times: Σ compute time / Σ roofline time.
struct OperatorCount {
    OperatorProfile op;
    double count = 1;
};
//! Over a batch of `batch` requests, each operator's batchedRooflineSeconds.
[[nodiscard]] double computeFractionOf(const std::vector<OperatorCount>& operators, const GpuDeviceProfile& gpu, double batch = 1);
//! Σ count · rooflineSeconds of `operators` on `gpu` at its maximum clock (over `batch` requests
//! together: batchedRooflineSeconds).
[[nodiscard]] double rooflineSecondsOf(const std::vector<OperatorCount>& operators, const GpuDeviceProfile& gpu, double batch = 1);

//! Reads AI-Matrix `conv.params` (alibaba/ai-matrix layer-based_benchmark/cnn/params): lines
//! `[N,H,W,C] [R,S,C,K] stride`. Throws std::runtime_error "<path>:<line>: <field>: <what>".
std::vector<OperatorProfile> readAiMatrixConvParams(const std::string& path);
//! Reads AI-Matrix `fc.params`: lines `[N,d1,…] outputs` (inputs = d1·…). Same errors.
std::vector<OperatorProfile> readAiMatrixFcParams(const std::string& path);

} // namespace orrery::kinds::model_serving
