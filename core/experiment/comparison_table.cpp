#include "experiment/comparison_table.h"

#include "experiment/metric_catalog.h"
#include "model/value_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

namespace orrery::experiment {
namespace {

using Row = std::vector<std::string>;

//! Display width in characters (UTF-8 continuation bytes do not count).
std::size_t widthOf(const std::string& text)
{
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

enum class Align { NumbersRight, AllLeft };

//! Columns separated by three spaces; the first left-aligned, the others right-aligned unless
//! `align` is AllLeft.
std::string renderTable(const std::vector<Row>& rows, const std::string& indent, Align align = Align::NumbersRight)
{
    std::vector<std::size_t> widths;
    for (const Row& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (std::size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], widthOf(row[i]));
    }
    std::string out;
    for (const Row& row : rows) {
        std::string line = indent;
        for (std::size_t i = 0; i < row.size(); ++i) {
            const std::string padding(widths[i] - widthOf(row[i]), ' ');
            if (i > 0)
                line += "   ";
            line += i == 0 || align == Align::AllLeft ? row[i] + padding : padding + row[i];
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line + '\n';
    }
    return out;
}

std::string printf1(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string speedupText(double value)
{
    if (std::isnan(value))
        return "n/a";
    if (std::isinf(value))
        return value > 0 ? "inf×" : "-inf×";
    return printf1("%.2f", value) + "×";
}

std::string ratioText(double value)
{
    if (std::isnan(value))
        return "n/a";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    return printf1("%.3f", value);
}

std::string pText(double p)
{
    if (std::isnan(p))
        return "p=n/a";
    if (p < 0.001)
        return "p<0.001";
    return "p=" + printf1("%.3f", p);
}

} // namespace

std::string formatFigure(double value)
{
    if (std::isnan(value))
        return "n/a";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    const double magnitude = std::fabs(value);
    if (magnitude == 0.0)
        return "0";
    if (magnitude >= 1e9 || magnitude < 1e-3)
        return printf1("%.3e", value);
    const int decimals = std::max(0, 3 - static_cast<int>(std::floor(std::log10(magnitude))));
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string formatComparisonTable(const ExperimentSpec& spec, const std::string& scenarioName,
                                  const std::vector<store::ExperimentResultRow>& rows, double confidence)
{
    std::map<std::tuple<int, std::string, std::string>, const store::ExperimentResultRow*> byKey;
    for (const auto& row : rows)
        byKey[{row.sweepIndex, row.metric, row.arm}] = &row;
    const auto find = [&](std::size_t point, const std::string& metric, const std::string& arm) {
        const auto it = byKey.find({static_cast<int>(point), metric, arm});
        return it == byKey.end() ? nullptr : it->second;
    };
    const std::string labelHeader = spec.sweep ? std::string(toString(spec.sweep->parameter))
                                                     + (spec.sweep->parameter == SweepParameter::Jobs ? "" : " ×")
                                               : std::string("scenario");
    const auto label = [&](std::size_t point) { return spec.sweep ? spec.sweep->points[point].text : scenarioName; };
    const std::string& treatment = spec.arms.at(spec.treatment).name;
    const std::string& baseline = spec.arms.at(spec.baseline).name;
    const std::size_t runsPerCell = spec.seeds.size() * static_cast<std::size_t>(spec.repeats);

    std::string out;
    for (const MetricSpec& metric : spec.metrics) {
        const bool latencyLike = isLatencyLike(metric.name);
        std::string unit;
        for (std::size_t point = 0; point < spec.pointCount() && unit.empty(); ++point) {
            for (const ArmSpec& arm : spec.arms) {
                if (const auto* row = find(point, metric.name, arm.name); row && !row->unit.empty())
                    unit = row->unit;
            }
        }
        if (!out.empty())
            out += '\n';
        // Units such as "ratio" or "s" are written with each value ("77.5 %", "3.67 min"); a plain
        // count's unit heads the table.
        const bool unitInValues = model::formatsWithUnit(unit);
        out += metric.name + (unit.empty() || unitInValues ? "" : " (" + unit + ")") + ": mean of " + std::to_string(runsPerCell)
            + (runsPerCell == 1 ? " run" : " runs") + " per arm and point\n";

        // Means and the treatment's speedups (or ratios) over every other arm.
        std::vector<Row> table;
        Row header{labelHeader};
        for (const ArmSpec& arm : spec.arms)
            header.push_back(arm.name);
        for (const ArmSpec& arm : spec.arms) {
            if (arm.name != treatment)
                header.push_back(latencyLike ? treatment + " vs " + arm.name : treatment + "/" + arm.name);
        }
        table.push_back(header);
        for (std::size_t point = 0; point < spec.pointCount(); ++point) {
            Row line{label(point)};
            for (const ArmSpec& arm : spec.arms) {
                const auto* row = find(point, metric.name, arm.name);
                line.push_back(row ? model::formatValueInUnitColumn(row->mean, unit) : "n/a");
            }
            const auto* treated = find(point, metric.name, treatment);
            for (const ArmSpec& arm : spec.arms) {
                if (arm.name == treatment)
                    continue;
                const auto* other = find(point, metric.name, arm.name);
                const double treatedMean = treated ? treated->mean : store::ExperimentResultRow::kNaN;
                const double otherMean = other ? other->mean : store::ExperimentResultRow::kNaN;
                const double value = std::isnan(treatedMean) || std::isnan(otherMean) || (latencyLike ? treatedMean : otherMean) == 0.0
                    ? store::ExperimentResultRow::kNaN
                    : (latencyLike ? otherMean / treatedMean : treatedMean / otherMean);
                line.push_back(latencyLike ? speedupText(value) : ratioText(value));
            }
            table.push_back(line);
        }
        out += renderTable(table, "  ");

        // Each arm against the baseline: ratio of medians with its interval, Mann–Whitney p.
        if (spec.arms.size() < 2)
            continue;
        out += "  ratio of medians to " + baseline + " [" + printf1("%.0f", confidence * 100.0)
            + "% bootstrap CI], Mann-Whitney p:\n";
        std::vector<Row> significance;
        Row significanceHeader{labelHeader};
        for (const ArmSpec& arm : spec.arms) {
            if (arm.name != baseline)
                significanceHeader.push_back(arm.name);
        }
        significance.push_back(significanceHeader);
        for (std::size_t point = 0; point < spec.pointCount(); ++point) {
            Row line{label(point)};
            for (const ArmSpec& arm : spec.arms) {
                if (arm.name == baseline)
                    continue;
                const auto* row = find(point, metric.name, arm.name);
                if (!row || std::isnan(row->medianRatio)) {
                    line.push_back("n/a");
                    continue;
                }
                line.push_back(ratioText(row->medianRatio) + " [" + ratioText(row->medianRatioLow) + ", "
                               + ratioText(row->medianRatioHigh) + "] " + pText(row->pValue));
            }
            significance.push_back(line);
        }
        out += renderTable(significance, "  ", Align::AllLeft);
    }
    return out;
}

} // namespace orrery::experiment
