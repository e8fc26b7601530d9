#pragma once
#include "model/contended_resource.h"
#include "model/diagnostic.h"
#include "model/resource_demand.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::kinds::functions {

//! SIMPPO's three coarse categories by resource sensitivity (seed 001 §4.7.2): agents of one
//! class share a base model.
enum class FunctionClass : std::uint8_t { Cpu, Memory, Io };

[[nodiscard]] std::string_view toString(FunctionClass functionClass);
[[nodiscard]] std::optional<FunctionClass> parseFunctionClass(std::string_view text);

//! How one serverless function behaves when it runs (resources/profiles/functions.yaml; the
//! calibration and sources are in docs/model.md, "Serverless functions").
struct FunctionProfile {
    std::string name;                //!< id used in scenarios, e.g. "primes"
    std::string displayName;         //!< as the chapter writes it, e.g. "Primes"
    FunctionClass functionClass = FunctionClass::Cpu;
    //! Warm execution time in isolation with one full core and enough memory: a log-normal
    //! with this median and 99th percentile.
    sim::SimTime medianExecution = 100 * sim::kMillisecond;
    sim::SimTime p99Execution = 150 * sim::kMillisecond;
    double cpuFraction = 0.9;        //!< share of the execution that is CPU work (scales with the CPU share)
    double ioFraction = 0.0;         //!< share waiting on disk/network (slowed by their contention)
    std::int64_t memoryBytes = 64LL << 20; //!< peak footprint (working set of a running invocation)
    //! Share of the footprint that is file-backed (interpreter, libraries, code pages): under a
    //! limit the kernel reclaims it and reads it back, slowing the invocation; the rest is
    //! anonymous and a limit below it is an OOM kill (docs/model.md, "Serverless functions").
    double fileShare = 0.25;
    [[nodiscard]] double anonymousBytes() const { return static_cast<double>(memoryBytes) * (1.0 - fileShare); }
    [[nodiscard]] double fileBytes() const { return static_cast<double>(memoryBytes) * fileShare; }
    model::ResourceDemand demand;    //!< what a running invocation puts on its invoker, per busy core
    std::string source;              //!< where the numbers come from
    model::SourceLocation location;  //!< in the profiles file

    //! The p99 latency SLO the chapter uses (seed 001 §4.4): the p99 measured in isolation on the
    //! platform plus 15 %. The profile's p99 is execution only, so the platform's share of an
    //! isolated invocation (`platformOverhead`: an unpause, PlatformSettings::isolatedOverhead)
    //! is added before the 15 %.
    [[nodiscard]] sim::SimTime defaultSlo(sim::SimTime platformOverhead) const;
    //! log-normal σ from median and p99: ln(p99 / median) / z₀.₉₉.
    [[nodiscard]] double executionSigma() const;
    //! Sensitivity to each contended resource (docs/model.md): CPU and cache/memory bandwidth in
    //! proportion to the CPU share of the execution (memory-class functions twice as much on
    //! memory bandwidth and LLC), disk and network in proportion to the I/O share.
    [[nodiscard]] model::ResourceSensitivity sensitivity() const;
};

} // namespace orrery::kinds::functions
