#include "env/gpu_share_annotations.h"

#include <charconv>
#include <cmath>

namespace orrery::env {

std::vector<sim::RunAnnotation> gpuShareAnnotations(
    const std::vector<std::pair<std::string, std::vector<model::GpuShare>>>& nodes, sim::SimTime at)
{
    std::vector<sim::RunAnnotation> annotations;
    for (const auto& [node, gpus] : nodes) {
        for (std::size_t index = 0; index < gpus.size(); ++index) {
            const model::GpuShare& gpu = gpus[index];
            sim::RunAnnotation annotation;
            annotation.start = at;
            annotation.end = at;
            annotation.kind = std::string(gpu.whole ? kGpuWholeKind : (gpu.usedMilli > 0 ? kGpuShareKind : kGpuFreeKind));
            annotation.target = node + '/' + std::to_string(index);
            annotation.intensity = static_cast<double>(gpu.usedMilli) / model::kMilliPerGpu;
            annotations.push_back(std::move(annotation));
        }
    }
    return annotations;
}

std::optional<GpuShareSnapshot> readGpuShareAnnotations(const std::vector<sim::RunAnnotation>& annotations)
{
    std::optional<GpuShareSnapshot> snapshot;
    for (const sim::RunAnnotation& annotation : annotations) {
        const bool whole = annotation.kind == kGpuWholeKind;
        if (!whole && annotation.kind != kGpuShareKind && annotation.kind != kGpuFreeKind)
            continue;
        const std::size_t slash = annotation.target.rfind('/');
        if (slash == std::string::npos || slash == 0)
            continue;
        std::size_t index = 0;
        const char* first = annotation.target.data() + slash + 1;
        const char* last = annotation.target.data() + annotation.target.size();
        const auto [end, error] = std::from_chars(first, last, index);
        // A GPU index past 1,024 is no GPU a node holds: a damaged record, not a reason to allocate.
        if (error != std::errc() || end != last || first == last || index > 1024)
            continue;
        if (!snapshot) {
            snapshot.emplace();
            snapshot->at = annotation.start;
        }
        std::vector<model::GpuShare>& gpus = snapshot->nodes[annotation.target.substr(0, slash)];
        if (gpus.size() <= index)
            gpus.resize(index + 1);
        const double milli = std::round(annotation.intensity * model::kMilliPerGpu);
        gpus[index].usedMilli = milli < 0 ? 0 : (milli > model::kMilliPerGpu ? model::kMilliPerGpu : static_cast<std::int32_t>(milli));
        gpus[index].whole = whole;
        if (annotation.kind == kGpuFreeKind)
            gpus[index].usedMilli = 0;
    }
    return snapshot;
}

} // namespace orrery::env
