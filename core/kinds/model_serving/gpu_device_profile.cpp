#include "kinds/model_serving/gpu_device_profile.h"

#include <algorithm>
#include <cmath>

namespace orrery::kinds::model_serving {

namespace {

constexpr std::int64_t kGiB = std::int64_t(1) << 30;

GpuDeviceProfile make(const char* name, std::int64_t memoryBytes, double minMhz, double maxMhz, double stepMhz,
                      double idleWatts, double maxWatts, double peakTflops, double bandwidthGBps, double unscaledShare,
                      double cubicShare, double interconnectGBps, const char* source)
{
    GpuDeviceProfile profile;
    profile.name = name;
    profile.memoryBytes = memoryBytes;
    profile.minMhz = minMhz;
    profile.maxMhz = maxMhz;
    profile.defaultMhz = maxMhz;
    profile.stepMhz = stepMhz;
    profile.idleWatts = idleWatts;
    profile.maxWatts = maxWatts;
    profile.peakFlopsPerSecond = peakTflops * 1e12;
    profile.memoryBandwidthBytesPerSecond = bandwidthGBps * 1e9;
    profile.interconnectBytesPerSecond = interconnectGBps * 1e9 / 2;
    profile.unscaledPowerShare = unscaledShare;
    profile.cubicPowerShare = cubicShare;
    profile.source = source;
    return profile;
}

void require(model::Diagnostics& out, bool ok, const char* field, std::string message)
{
    if (ok)
        return;
    model::Diagnostic diagnostic;
    diagnostic.fieldPath = field;
    diagnostic.message = std::move(message);
    out.push_back(std::move(diagnostic));
}

std::string number(double value)
{
    std::string text = std::to_string(value);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.')
        text.pop_back();
    return text;
}

} // namespace

double GpuDeviceProfile::snapMhz(double mhz) const
{
    const double clamped = std::clamp(mhz, minMhz, maxMhz);
    if (stepMhz <= 0)
        return clamped;
    // Supported clocks count down from the maximum (V100: 1380, 1372.5 → "1372", 1365, …).
    const double snapped = maxMhz - std::ceil((maxMhz - clamped) / stepMhz - 1e-9) * stepMhz;
    return std::max(snapped, minMhz);
}

const std::vector<GpuDeviceProfile>& builtInGpuProfiles()
{
    // Power-model shares (idle, unscaled, cubic) of V100 and A40: fitted to the even-indexed
    // configurations of ml-energy/zeus summary_power_{v100,a40}.csv and checked on the odd ones
    // (tests/core/kinds/model_serving/tst_gpu_power_calibration.cpp). T4 has no such data: its
    // shares are V100's (judgement) and its idle power a typical nvidia-smi reading.
    static const std::vector<GpuDeviceProfile> kProfiles = {
        make("V100", 16 * kGiB, 200, 1380, 7.5, 30, 250, 14.0, 900, 0.3, 1.0, 32,
             "NVIDIA Tesla V100 PCIe datasheet (16 GB HBM2, 900 GB/s, 14 TFLOPS FP32, 250 W, interconnect "
             "32 GB/s PCIe Gen3 bidirectional); SM clock "
             "200-1380 MHz (seed 001 §6.4.1); 7.5 MHz mean step of nvidia-smi's supported clocks "
             "(1380, 1372, 1365, 1357, …); power shares fitted to Zeus V100 power-limit traces"),
        make("A40", 48 * kGiB, 210, 1740, 15, 60, 300, 37.4, 696, 0.2, 0.25, 64,
             "NVIDIA A40 datasheet (48 GB GDDR6, 696 GB/s, 37.4 TFLOPS FP32, 300 W, 1740 MHz boost, PCIe "
             "Gen4 64 GB/s bidirectional); "
             "210 MHz floor and 15 MHz step of Ampere's supported clocks (unverified here); power shares "
             "fitted to Zeus A40 power-limit traces"),
        make("T4", 16 * kGiB, 300, 1590, 15, 10, 70, 8.1, 320, 0.3, 1.0, 32,
             "NVIDIA T4 datasheet (16 GB GDDR6, 320 GB/s, 8.1 TFLOPS FP32, 70 W, 1590 MHz boost, PCIe Gen3 "
             "x16 32 GB/s); 300 MHz "
             "floor and 15 MHz step (unverified here); idle ≈ 10 W and power shares as V100 (judgement)"),
    };
    return kProfiles;
}

const GpuDeviceProfile* findGpuProfile(std::string_view name)
{
    for (const auto& profile : builtInGpuProfiles()) {
        if (profile.name == name)
            return &profile;
    }
    return nullptr;
}

model::Diagnostics validateGpuProfile(const GpuDeviceProfile& p)
{
    model::Diagnostics out;
    require(out, !p.name.empty(), "name", "must not be empty");
    require(out, p.memoryBytes > 0, "memoryBytes", "must be positive, got " + std::to_string(p.memoryBytes));
    require(out, p.minMhz > 0, "minMhz", "must be positive, got " + number(p.minMhz));
    require(out, p.maxMhz > p.minMhz, "maxMhz",
            "must be above minMhz (" + number(p.minMhz) + "), got " + number(p.maxMhz));
    require(out, p.defaultMhz >= p.minMhz && p.defaultMhz <= p.maxMhz, "defaultMhz",
            number(p.defaultMhz) + " MHz is outside the range " + number(p.minMhz) + "-" + number(p.maxMhz) + " MHz");
    require(out, p.stepMhz > 0 && p.stepMhz <= p.maxMhz - p.minMhz, "stepMhz",
            "must be positive and at most maxMhz - minMhz, got " + number(p.stepMhz));
    require(out, p.idleWatts >= 0, "idleWatts", "must not be negative, got " + number(p.idleWatts));
    require(out, p.maxWatts > p.idleWatts, "maxWatts",
            "must be above idleWatts (" + number(p.idleWatts) + "), got " + number(p.maxWatts));
    require(out, p.peakFlopsPerSecond > 0, "peakFlopsPerSecond", "must be positive, got " + number(p.peakFlopsPerSecond));
    require(out, p.memoryBandwidthBytesPerSecond > 0, "memoryBandwidthBytesPerSecond",
            "must be positive, got " + number(p.memoryBandwidthBytesPerSecond));
    require(out, p.unscaledPowerShare >= 0 && p.unscaledPowerShare < 1, "unscaledPowerShare",
            "must be in [0, 1), got " + number(p.unscaledPowerShare));
    require(out, p.cubicPowerShare >= 0 && p.cubicPowerShare <= 1, "cubicPowerShare",
            "must be in [0, 1], got " + number(p.cubicPowerShare));
    return out;
}

} // namespace orrery::kinds::model_serving
