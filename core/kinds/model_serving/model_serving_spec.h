#pragma once
#include "kinds/model_serving/azure_llm_trace.h"
#include "kinds/model_serving/gpu_interference.h"
#include "kinds/model_serving/request_batching.h"
#include "model/arrival_process.h"
#include "model/diagnostic.h"
#include "model/kind_spec.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace orrery::kinds::model_serving {

//! How a served model's requests arrive.
enum class ArrivalMode : std::uint8_t {
    Poisson, //!< exponential gaps at `ratePerSecond`; token counts drawn from the trace's rows
    Trace,   //!< the trace's timestamps replayed (time-scaled to `ratePerSecond` when given), repeating
    Process, //!< the shared open-loop processes (`arrival:` diurnal, spikes, …; model/arrival_process)
};

//! What a device costs while it holds replicas (`costing:`).
enum class DeviceCosting : std::uint8_t {
    Device, //!< its pool's whole price while it holds any replica
    Share,  //!< the price × the share its replicas hold (a replica without gpuMilli holds all of it), at most 1
};

//! How the replicas on one GPU share it.
enum class GpuSharing : std::uint8_t {
    Exclusive,  //!< one request at a time per device, whichever replica it is for (μ-Serve, seed 001)
    Concurrent, //!< every replica serves its own queue at once, slowed by the others (GpuInterference; seed 002)
};

//! One model the workload serves (`models:` in the scenario).
struct ServedModel {
    //! The mean rate of its arrivals in requests/s: `ratePerSecond`, or the trace's recorded one.
    [[nodiscard]] double meanRatePerSecond() const;

    std::string model;                 //!< a built-in profile (serving_model_catalog)
    ArrivalMode arrivals = ArrivalMode::Poisson;
    double ratePerSecond = 0;          //!< Poisson rate; for a replayed trace the target mean rate (0: as recorded)
    model::ArrivalProcess process;     //!< ArrivalMode::Process
    std::string traceName;             //!< azure-code, azure-conv or a CSV path; empty: none
    std::shared_ptr<const LlmRequestTrace> trace; //!< read when the scenario is loaded
    std::uint32_t outputTokens = 128;  //!< an autoregressive request's N when there is no trace
    std::int32_t replicas = 1;         //!< placement units (devices holding the model)
    double sloScale = 0;               //!< 0: the workload's
    std::optional<RequestBatching> batching; //!< none: the workload's
    //! sharing: concurrent: the share of one GPU's SMs each replica holds, in thousandths (a
    //! fractional GPU, as the Alibaba 2023 pods' `gpu_milli`); replicas on a device hold at most
    //! 1000 together. 0: no share (memory alone limits co-location).
    std::int32_t gpuMilli = 0;
    //! Pipeline parallelism (AlpaServe's inter-operator partitioning): each replica is this many
    //! stages on as many placement units, each holding 1/stages of the weights and doing 1/stages
    //! of a request's work; activations cross the interconnect between stages. 1: whole.
    std::uint32_t pipelineStages = 1;
    model::SourceLocation location;
};

//! `kind: model-serving` (seed 001 ch. 6, μ-Serve): DNN models served on GPUs, one request or one
//! batch at a time per device, with the SM clock and the power it draws as first-class state.
//! Every node of `devicePool` is one device with one GPU: the profile its pool's GPU model names
//! (V100, A40, T4), else `gpu`, which is also the reference the SLOs are taken on.
struct ModelServingSpec final : model::KindSpec {
    std::string devicePool;            //!< empty: every node
    std::string gpu = "V100";          //!< reference GPU profile; devices of unknown GPU models use it too
    //! A request's SLO is sloScale × its latency alone on the device at the default clock
    //! (AlpaServe's definition, seed 001 §6.4.1, per request so that long generations are not
    //! late by construction).
    double sloScale = 1.5;
    sim::SimTime controlPeriod = 500 * sim::kMillisecond; //!< MIAD samples every 500 ms (Alg. 6.3)
    bool deviceSeries = true;          //!< record per-device power, clock and p99/SLO series
    GpuSharing sharing = GpuSharing::Exclusive;
    //! Models are control targets too ("<model>" or "<model>@<GPU type>"): SetReplicas adds
    //! replicas (placed by the placement policy, serving after launchLatency) or retires them.
    bool autoscaling = false;
    //! A new replica's time to serve: a cold container start (seed 001 Table 3.5: 2050.8 ms).
    sim::SimTime launchLatency = 2'050'800 * sim::kMicrosecond;
    GpuInterference interference;      //!< with sharing: concurrent
    RequestBatching batching;          //!< every model's, unless it gives its own (sharing: exclusive only)
    DeviceCosting costing = DeviceCosting::Device;
    //! A device's latency signal for control (`p99SloRatioWindow`): p99 over its last this many
    //! completions, or over the period's when it completed more (docs/model.md "The latency signal").
    std::uint32_t latencyWindow = 32;
    std::vector<ServedModel> models;

    [[nodiscard]] std::unique_ptr<model::KindSpec> clone() const override { return std::make_unique<ModelServingSpec>(*this); }
    //! Multiplies every model's request rate (a replayed trace's recorded rate when it has none).
    bool scaleArrivals(double factor) override;
    [[nodiscard]] double peakArrivalsPerSecond() const override;
};

} // namespace orrery::kinds::model_serving
