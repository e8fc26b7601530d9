#pragma once
#include "kinds/functions/function_profile.h"
#include "model/kind_spec.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::functions {

//! How invocations of one function arrive (seed 001 §4.4; docs/model.md, "Serverless functions").
struct FunctionArrivals {
    enum class Pattern : std::uint8_t {
        Flat,        //!< Poisson at `ratePerSecond`
        Fluctuating, //!< Poisson whose rate is redrawn uniformly in [0, ratePerSecond] every `every`
        Azure,       //!< per-minute rates shaped like the Azure Functions 2019 trace's (docs/model.md)
    };
    Pattern pattern = Pattern::Flat;
    //! Flat: the rate; Fluctuating: the peak; Azure: the long-run mean of a function of median
    //! popularity (each function's own mean is drawn from the trace's popularity distribution).
    double ratePerSecond = 1.0;
    sim::SimTime every = sim::kMinute; //!< how long one drawn rate holds (Fluctuating, Azure)
    // Azure only (Shahrad et al., ATC 2020, §3; docs/model.md, "Azure-like invocation rates"):
    bool popularity = true;         //!< draw the function's mean from the fitted log-normal popularity
    double diurnalAmplitude = 1.0 / 3.0; //!< A of 1 + A·cos(2π(t − 15 h)/24 h): trough/peak 0.5 (Fig. 4)
    double burstShape = 0.5;        //!< bursty functions' per-minute factor ~ Gamma(shape, mean 1); CV > 1 (Fig. 6)
    double burstyShare = 0.4;       //!< share of functions that are bursty (Fig. 6: 40 %)
};

//! The container settings a function starts with (the agent changes them).
struct ContainerSettings {
    std::int32_t containers = 1;                //!< NC: containers kept for the function
    std::int32_t cpuShares = 1024;              //!< cgroup cpu.shares, 128–2048
    std::int64_t memoryBytes = 512LL << 20;     //!< memory limit per container
};

//! One deployed function.
struct FunctionSpec {
    std::string name;
    FunctionProfile profile;
    sim::SimTime slo = 0;   //!< p99 latency objective per invocation
    FunctionArrivals arrivals;
    ContainerSettings initial;
    model::SourceLocation location;
};

//! The platform: OpenWhisk-like controller and invokers (seed 001 §4.2.1, Fig. 4.2).
struct PlatformSettings {
    std::string invokerPool;                   //!< nodes of this pool are invokers; empty = every node
    sim::SimTime coldStartMean = 2'050'800 * sim::kMicrosecond; //!< seed 001 Table 3.5: 2050.8 ms
    sim::SimTime coldStartStd = 291'400 * sim::kMicrosecond;   //!< ± 291.4 ms
    sim::SimTime warmStartMean = 45'700 * sim::kMicrosecond;   //!< 45.7 ms (unpausing)
    sim::SimTime warmStartStd = 6'900 * sim::kMicrosecond;     //!< ± 6.9 ms
    sim::SimTime pauseGrace = 50 * sim::kMillisecond;  //!< OpenWhisk pauses a container idle this long
    sim::SimTime keepAlive = 10 * sim::kMinute;        //!< OpenWhisk's idle-container timeout
    sim::SimTime controlPeriod = 5 * sim::kSecond;     //!< one agent step
    double idleMemoryShare = 0.5; //!< an idle container holds this share of its footprint (judgement)
    std::int32_t maxContainers = 1000;                 //!< per function (AWS Lambda's default concurrency)
    //! Each function alone on its own copy of the cluster: the single-tenant setting of seed 001
    //! §4.5.1, where no function can slow another.
    bool isolated = false;

    //! The platform's share of an invocation's p99 in isolation: one unpause (warm start) at its
    //! 99th percentile, for FunctionProfile::defaultSlo.
    [[nodiscard]] sim::SimTime isolatedOverhead() const
    {
        return warmStartMean + static_cast<sim::SimTime>(2.326 * static_cast<double>(warmStartStd));
    }
};

//! Function churn during training (seed 001 §4.8.1): every `every` episodes the next change of
//! `changes` adds (> 0) or removes (< 0) that many functions; added ones draw a profile from
//! the catalog.
struct ChurnSchedule {
    std::uint32_t every = 0; //!< 0 = no churn
    std::vector<std::int32_t> changes;
    //! > 0: an added function's arrival rate is set so that its peak demand is this many cores of
    //! execution (rate = peakCores / median execution), as the study scenarios set theirs.
    double peakCores = 0;
};

//! `kind: Functions`: a serverless platform serving functions on invoker nodes.
struct FunctionsSpec final : model::KindSpec {
    PlatformSettings platform;
    std::vector<FunctionSpec> functions;
    std::vector<FunctionProfile> catalog; //!< every known profile (built-in and the scenario's), for churn
    ChurnSchedule churn;
    FunctionArrivals churnArrivals;       //!< arrivals of functions churn adds
    ContainerSettings churnInitial;

    [[nodiscard]] std::unique_ptr<model::KindSpec> clone() const override { return std::make_unique<FunctionsSpec>(*this); }
    bool scaleArrivals(double factor) override;
    [[nodiscard]] double peakArrivalsPerSecond() const override;
};

} // namespace orrery::kinds::functions
