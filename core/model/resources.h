#pragma once
#include <cstdint>

namespace orrery::model {

enum class DeviceKind { Gpu, Asic, Fpga };
inline constexpr int kDeviceKindCount = 3;

const char* toString(DeviceKind kind);

//! A bundle of node resources: what a node has, what a task requests, what is allocated.
struct Resources {
    std::int64_t millicores = 0;
    std::int64_t memoryBytes = 0;
    std::int32_t devices[kDeviceKindCount] = {0, 0, 0}; //!< whole devices, indexed by DeviceKind

    [[nodiscard]] std::int32_t deviceCount(DeviceKind kind) const { return devices[static_cast<int>(kind)]; }
    std::int32_t& deviceCount(DeviceKind kind) { return devices[static_cast<int>(kind)]; }

    //! True when every component of `request` fits in this (free) bundle.
    [[nodiscard]] bool covers(const Resources& request) const
    {
        if (request.millicores > millicores || request.memoryBytes > memoryBytes)
            return false;
        for (int i = 0; i < kDeviceKindCount; ++i) {
            if (request.devices[i] > devices[i])
                return false;
        }
        return true;
    }

    Resources& operator+=(const Resources& other)
    {
        millicores += other.millicores;
        memoryBytes += other.memoryBytes;
        for (int i = 0; i < kDeviceKindCount; ++i)
            devices[i] += other.devices[i];
        return *this;
    }

    Resources& operator-=(const Resources& other)
    {
        millicores -= other.millicores;
        memoryBytes -= other.memoryBytes;
        for (int i = 0; i < kDeviceKindCount; ++i)
            devices[i] -= other.devices[i];
        return *this;
    }

    friend Resources operator-(Resources a, const Resources& b) { return a -= b; }
    friend bool operator==(const Resources&, const Resources&) = default;
};

} // namespace orrery::model
