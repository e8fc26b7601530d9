#pragma once
#include "model/diagnostic.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::kinds::model_serving {

//! A GPU type for model serving: memory, the SM clock range the driver accepts, and the
//! parameters of its roofline and power model (docs/model.md, "Model serving: GPU frequency,
//! latency and power", gives each value and its source).
struct GpuDeviceProfile {
    std::string name;                 //!< e.g. V100
    std::int64_t memoryBytes = 0;     //!< device memory
    double minMhz = 0;                //!< lowest SM clock that can be set
    double maxMhz = 0;                //!< highest SM clock (boost)
    double defaultMhz = 0;            //!< where serving starts (seed 001 Alg. 6.3: the maximum)
    double stepMhz = 0;               //!< spacing of the supported SM clocks
    double idleWatts = 0;             //!< board power with nothing running (the floor of Fig. 6.2)
    double maxWatts = 0;              //!< TDP: board power of a fully active GPU at maxMhz
    double peakFlopsPerSecond = 0;    //!< FP32 peak at maxMhz (scales with the SM clock)
    double memoryBandwidthBytesPerSecond = 0; //!< peak memory bandwidth (independent of the SM clock)
    //! Between two devices, one direction: half the datasheet's bidirectional PCIe bandwidth (what
    //! a pipeline stage's activations cross to the next stage).
    double interconnectBytesPerSecond = 16e9;
    //! Share of the active power (maxWatts − idleWatts) that does not scale with the SM clock
    //! (memory, uncore); fitted to Zeus power-limit measurements.
    double unscaledPowerShare = 0;
    //! Share of the clock-scaled power that grows as f³ (voltage rising with the clock) rather
    //! than as f; fitted to Zeus power-limit measurements.
    double cubicPowerShare = 0;
    std::string source;               //!< where the values come from

    //! FLOPs per byte at which an operator is as much compute- as memory-bound at maxMhz.
    [[nodiscard]] double ridgeFlopsPerByte() const { return peakFlopsPerSecond / memoryBandwidthBytesPerSecond; }
    //! `mhz` rounded down to a supported clock (maxMhz − k·stepMhz), clamped to [minMhz, maxMhz].
    [[nodiscard]] double snapMhz(double mhz) const;
};

//! The built-in GPU types: V100 (PCIe 16 GB, seed 001's testbed), A40 and T4.
[[nodiscard]] const std::vector<GpuDeviceProfile>& builtInGpuProfiles();

//! The built-in profile called `name` (case-sensitive), or nullptr.
[[nodiscard]] const GpuDeviceProfile* findGpuProfile(std::string_view name);

//! Problems with a profile, each naming its field ("memoryBytes", "defaultMhz", …); empty when valid.
[[nodiscard]] model::Diagnostics validateGpuProfile(const GpuDeviceProfile& profile);

} // namespace orrery::kinds::model_serving
