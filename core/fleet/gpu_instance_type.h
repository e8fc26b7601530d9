#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::fleet {

//! A published throughput of one serving model on one GPU type (docs/fleet.md, "Throughput").
struct ModelThroughput {
    std::string servingModel;     //!< ResNet-50, Inception-v3, SSD-ResNet50, Transformer
    double samplesPerSecond = 0;  //!< per GPU
    std::string source;           //!< exact source and how the per-GPU value was derived
};

//! A GPU instance type of the fleet, named by the trace's model code (HetSev's instance type i,
//! seed 002 §4.1): price per unit time C_i, launch latency O_i^launch, offline-profiled
//! throughput T_i per serving model. docs/fleet.md has every number with its source.
struct GpuInstanceType {
    std::string code;             //!< the trace's `model` value: P100, T4, V100M16, V100M32, A10, G2, G3
    std::string description;      //!< what the GPU is, or that it is undisclosed
    bool disclosed = true;        //!< false for Alibaba's internal codes (G2, G3)
    std::string servingProfile;   //!< the model-serving kind's GPU profile closest to it, or empty
    std::int64_t memoryBytes = 0; //!< per GPU; 0 when unknown
    double fp32TeraFlops = 0;     //!< datasheet FP32 peak; 0 when unknown
    //! Seed 002 §6.3's normalised cost per GB of GPU memory per unit time (T4 0.024, V100 0.191),
    //! read as per hour; 0 when the memory is unknown.
    double pricePerGbHour = 0;
    double pricePerGpuHour = 0;   //!< cost of one whole GPU per hour, same normalised unit
    std::string priceRule;        //!< where the price comes from (seed value, rule, or placeholder)
    sim::SimTime launchLatency = 0; //!< O_i^launch: from launch to ready
    std::string launchSource;
    std::vector<ModelThroughput> throughput; //!< only numbers verified from published results

    //! The published throughput of `servingModel`, or nullptr when none is recorded.
    [[nodiscard]] const ModelThroughput* throughputOf(std::string_view servingModel) const;
};

//! The instance types of every GPU model in the Alibaba 2023 GPU trace, cheapest first.
[[nodiscard]] const std::vector<GpuInstanceType>& builtInGpuInstanceTypes();

//! The built-in type whose code is `code` (case-sensitive), or nullptr.
[[nodiscard]] const GpuInstanceType* findGpuInstanceType(std::string_view code);

} // namespace orrery::fleet
