#pragma once
// What must hold for the Alibaba GPU trace readers (readAlibabaGpuNodes, readAlibabaGpuPods;
// core/fleet) on any bytes (tests/fuzz/alibaba_gpu_fuzzer.cpp and the replay of
// tests/fixtures/fuzz-regressions/alibaba_gpu/ in tst_alibaba_gpu_reader).
#include "fleet/alibaba_gpu_node.h"
#include "fleet/alibaba_gpu_pod.h"
#include "fleet/fleet_read_error.h"
#include "fuzz_check.h"

#include <algorithm>
#include <array>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace orrery::fuzz {

//! The input's first byte picks the file (even: a node list, odd: a pod list); the rest is its
//! content. Tests and the harness call it the same way.
inline bool alibabaInputIsPodList(std::string_view input)
{
    return !input.empty() && (static_cast<unsigned char>(input.front()) & 1U) != 0;
}

namespace detail {

inline bool isColumnOf(const std::string& field, bool pods)
{
    static const std::array<std::string_view, 5> nodeColumns{"sn", "cpu_milli", "memory_mib", "gpu", "model"};
    static const std::array<std::string_view, 11> podColumns{"name", "cpu_milli", "memory_mib", "num_gpu",
                                                             "gpu_milli", "gpu_spec", "qos", "pod_phase",
                                                             "creation_time", "deletion_time", "scheduled_time"};
    if (field == "header" || field == "row")
        return true;
    return pods ? std::find(podColumns.begin(), podColumns.end(), field) != podColumns.end()
                : std::find(nodeColumns.begin(), nodeColumns.end(), field) != nodeColumns.end();
}

} // namespace detail

//! "" when the reader keeps its promises for `input` written to `path`: a list whose values keep
//! the documented ranges (counts ≥ 0; a node's GPUs at most 64 and a model when it has any; a
//! pod's GPUs at most 64, gpu_milli at most 1000, deletion not before creation), or a
//! FleetReadError naming `path`, a line between 1 and the content's line count and a field that
//! is a column of the file, "header" or "row", with what() "path:line: field: what". Nothing else
//! may escape.
inline std::string alibabaGpuProblem(std::string_view input, const std::string& path)
{
    const bool pods = alibabaInputIsPodList(input);
    const std::string_view content = input.empty() ? input : input.substr(1);
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
    }
    const auto lines = static_cast<std::size_t>(std::count(content.begin(), content.end(), '\n')) + 1;
    try {
        if (pods) {
            for (const fleet::AlibabaGpuPod& pod : fleet::readAlibabaGpuPods(path)) {
                if (pod.name.empty() || pod.cpuMillicores < 0 || pod.memoryMib < 0 || pod.gpuCount < 0 || pod.gpuCount > 64
                    || pod.gpuMilli < 0 || pod.gpuMilli > 1000 || pod.deletionSeconds < pod.creationSeconds)
                    return "a pod outside the documented ranges: " + pod.name;
            }
        } else {
            for (const fleet::AlibabaGpuNode& node : fleet::readAlibabaGpuNodes(path)) {
                if (node.cpuMillicores < 0 || node.memoryMib < 0 || node.gpuCount < 0 || node.gpuCount > 64
                    || (node.gpuCount > 0 && node.gpuModel.empty()))
                    return "a node outside the documented ranges: " + node.name;
            }
        }
    } catch (const fleet::FleetReadError& error) {
        const std::string what = error.what();
        if (error.path() != path)
            return "error names another file: " + what;
        if (error.line() < 1 || error.line() > lines)
            return "error line outside the content (" + std::to_string(lines) + " lines): " + what;
        if (!detail::isColumnOf(error.field(), pods))
            return "error without a field of the format: " + what;
        if (!what.starts_with(path + ":" + std::to_string(error.line()) + ": " + error.field() + ": "))
            return "error not in the form path:line: field: what: " + what;
    } catch (const std::exception& error) {
        return std::string("undocumented exception: ") + error.what();
    } catch (...) {
        return "a non-std exception";
    }
    return {};
}

} // namespace orrery::fuzz
