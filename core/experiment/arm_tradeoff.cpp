#include "experiment/arm_tradeoff.h"

#include <algorithm>
#include <map>

namespace orrery::experiment {
namespace {

const MetricResults* findMetric(const ExperimentReportData& data, const std::string& name)
{
    const auto it = std::find_if(data.metrics.begin(), data.metrics.end(), [&](const MetricResults& m) { return m.metric == name; });
    return it == data.metrics.end() ? nullptr : &*it;
}

const MetricPoint* findPoint(const MetricResults& metric, int sweepIndex)
{
    const auto it = std::find_if(metric.points.begin(), metric.points.end(), [&](const MetricPoint& p) { return p.sweepIndex == sweepIndex; });
    return it == metric.points.end() ? nullptr : &*it;
}

} // namespace

const std::vector<TradeoffPair>& knownTradeoffs()
{
    static const std::vector<TradeoffPair> kPairs{{"serving.slo_attainment", "serving.power.mean"}};
    return kPairs;
}

const TradeoffPair* tradeoffOf(const ExperimentReportData& data)
{
    for (const TradeoffPair& pair : knownTradeoffs()) {
        if (findMetric(data, pair.xMetric) && findMetric(data, pair.yMetric))
            return &pair;
    }
    return nullptr;
}

std::vector<ArmTradeoff> armTradeoff(const ExperimentReportData& data, const TradeoffPair& pair, int sweepIndex)
{
    std::vector<ArmTradeoff> out;
    const MetricResults* x = findMetric(data, pair.xMetric);
    const MetricResults* y = findMetric(data, pair.yMetric);
    const MetricPoint* xPoint = x ? findPoint(*x, sweepIndex) : nullptr;
    const MetricPoint* yPoint = y ? findPoint(*y, sweepIndex) : nullptr;
    if (!xPoint || !yPoint)
        return out;
    for (const std::string& arm : data.arms) {
        ArmTradeoff entry{arm, {}};
        const auto xs = std::find_if(xPoint->arms.begin(), xPoint->arms.end(), [&](const ArmValues& a) { return a.arm == arm; });
        const auto ys = std::find_if(yPoint->arms.begin(), yPoint->arms.end(), [&](const ArmValues& a) { return a.arm == arm; });
        if (xs != xPoint->arms.end() && ys != yPoint->arms.end()) {
            std::map<store::RunId, double> yOfRun;
            for (std::size_t i = 0; i < ys->runs.size() && i < ys->values.size(); ++i)
                yOfRun[ys->runs[i]] = ys->values[i];
            for (std::size_t i = 0; i < xs->runs.size() && i < xs->values.size(); ++i) {
                if (const auto match = yOfRun.find(xs->runs[i]); match != yOfRun.end())
                    entry.points.emplace_back(xs->values[i], match->second);
            }
        }
        out.push_back(std::move(entry));
    }
    return out;
}

} // namespace orrery::experiment
