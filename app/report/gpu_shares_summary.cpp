#include "report/gpu_shares_summary.h"

#include "report/svg_line_chart.h"

#include <algorithm>
#include <cstdio>

namespace orrery::app {
namespace {

// Report colours: a free GPU light, so a page of mostly idle GPUs reads as empty.
constexpr const char* kFreeColor = "#e4e4e4";
constexpr const char* kWholeColor = "#31688e";
constexpr const char* kSharedColor = "#35b779";
constexpr int kColumnWidth = 3;
constexpr int kColumnGap = 1;
constexpr int kNodeHeight = 14;
constexpr int kNodeGap = 4;

std::string gpusText(std::int64_t milli)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", static_cast<double>(milli) / model::kMilliPerGpu);
    return buffer;
}

std::string percentText(std::int64_t part, std::int64_t whole)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
    return buffer;
}

} // namespace

GpuShareCounts countGpuShares(const env::GpuShareSnapshot& gpus)
{
    GpuShareCounts counts;
    for (const auto& [node, list] : gpus.nodes) {
        for (const model::GpuShare& gpu : list) {
            ++counts.gpus;
            counts.heldMilli += gpu.usedMilli;
            if (gpu.whole) {
                ++counts.whole;
            } else if (gpu.usedMilli > 0) {
                ++counts.shared;
                counts.freeOnSharedMilli += gpu.freeMilli();
            } else {
                ++counts.free;
            }
        }
    }
    return counts;
}

std::string svgGpuShareMap(const env::GpuShareSnapshot& gpus, int width)
{
    std::size_t widest = 1;
    for (const auto& [node, list] : gpus.nodes)
        widest = std::max(widest, list.size());
    const int nodeWidth = static_cast<int>(widest) * (kColumnWidth + kColumnGap) + kColumnGap;
    const int perRow = std::max(1, width / (nodeWidth + kNodeGap));
    const int rows = static_cast<int>((gpus.nodes.size() + static_cast<std::size_t>(perRow) - 1) / static_cast<std::size_t>(perRow));
    const int height = std::max(1, rows * (kNodeHeight + kNodeGap));
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(perRow * (nodeWidth + kNodeGap)) +
        "\" height=\"" + std::to_string(height) + "\" role=\"img\" aria-label=\"each node's GPUs, filled to the share held\">\n";
    int index = 0;
    for (const auto& [node, list] : gpus.nodes) { // std::map: by node name
        const int x = (index % perRow) * (nodeWidth + kNodeGap);
        const int y = (index / perRow) * (kNodeHeight + kNodeGap);
        ++index;
        svg += "<g><title>" + htmlEscape(node) + "</title><rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
            "\" width=\"" + std::to_string(nodeWidth) + "\" height=\"" + std::to_string(kNodeHeight) + "\" fill=\"" + kFreeColor + "\"/>";
        for (std::size_t gpu = 0; gpu < list.size(); ++gpu) {
            if (list[gpu].usedMilli <= 0)
                continue;
            const int held = std::max(1, list[gpu].usedMilli * kNodeHeight / model::kMilliPerGpu);
            svg += "<rect x=\"" + std::to_string(x + kColumnGap + static_cast<int>(gpu) * (kColumnWidth + kColumnGap)) + "\" y=\"" +
                std::to_string(y + kNodeHeight - held) + "\" width=\"" + std::to_string(kColumnWidth) + "\" height=\"" +
                std::to_string(held) + "\" fill=\"" + (list[gpu].whole ? kWholeColor : kSharedColor) + "\"/>";
        }
        svg += "</g>\n";
    }
    return svg + "</svg>\n";
}

std::string gpuSharesSummaryHtml(const store::Project& project, store::RunId runId)
{
    const std::optional<env::GpuShareSnapshot> gpus = env::readGpuShareAnnotations(project.annotations(runId));
    if (!gpus)
        return {};
    const GpuShareCounts counts = countGpuShares(*gpus);
    std::string html = "<h2>GPU shares</h2>\n<p>Every GPU at the run's peak GPU allocation";
    if (gpus->at > 0) {
        char buffer[48];
        std::snprintf(buffer, sizeof buffer, " (simulated time %.0f s)", sim::toSeconds(gpus->at));
        html += buffer;
    }
    html += ": one box per node, one column per GPU, filled to the milli-GPU held (<span style=\"color:" + std::string(kWholeColor) +
        "\">■</span> whole, <span style=\"color:" + std::string(kSharedColor) + "\">■</span> shared). A column partly filled is a "
        "fragment: GPU that only a pod asking less than what is free can use.</p>\n";
    html += "<table>\n<tr><th>GPUs</th><td class=\"num\">" + std::to_string(counts.gpus) + "</td></tr>\n";
    html += "<tr><th>held whole</th><td class=\"num\">" + std::to_string(counts.whole) + "</td></tr>\n";
    html += "<tr><th>shared</th><td class=\"num\">" + std::to_string(counts.shared) + "</td></tr>\n";
    html += "<tr><th>free</th><td class=\"num\">" + std::to_string(counts.free) + "</td></tr>\n";
    html += "<tr><th>held (GPUs)</th><td class=\"num\">" + gpusText(counts.heldMilli) + " (" +
        percentText(counts.heldMilli, counts.gpus * model::kMilliPerGpu) + ")</td></tr>\n";
    html += "<tr><th>free on shared GPUs (GPUs)</th><td class=\"num\">" + gpusText(counts.freeOnSharedMilli) + " (" +
        percentText(counts.freeOnSharedMilli, counts.gpus * model::kMilliPerGpu) + ")</td></tr>\n</table>\n";
    return html + svgGpuShareMap(*gpus, 720);
}

} // namespace orrery::app
