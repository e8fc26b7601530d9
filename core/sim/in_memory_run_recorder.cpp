#include "sim/in_memory_run_recorder.h"

#include <cstdio>
#include <stdexcept>

namespace orrery::sim {
namespace {

void appendHex(std::string& out, double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%a", value);
    out += buffer;
}

} // namespace

void InMemoryRunRecorder::beginRun(const RunInfo& info)
{
    m_info = info;
    m_series.clear();
    m_metrics.clear();
    m_annotations.clear();
    m_status = RunStatus::Running;
    m_message.clear();
}

SeriesId InMemoryRunRecorder::defineSeries(std::string_view name, std::string_view unit)
{
    m_series.push_back(Series{std::string(name), std::string(unit), {}});
    return static_cast<SeriesId>(m_series.size() - 1);
}

void InMemoryRunRecorder::recordSample(SeriesId series, SimTime time, double value)
{
    if (series >= m_series.size())
        throw std::out_of_range("InMemoryRunRecorder: unknown series id");
    m_series[series].samples.emplace_back(time, value);
}

void InMemoryRunRecorder::recordMetric(std::string_view name, double value, std::string_view unit)
{
    m_metrics.push_back(Metric{std::string(name), value, std::string(unit)});
}

void InMemoryRunRecorder::recordAnnotation(const RunAnnotation& annotation)
{
    m_annotations.push_back(annotation);
}

void InMemoryRunRecorder::endRun(RunStatus status, std::string_view message)
{
    m_status = status;
    m_message = message;
}

std::string InMemoryRunRecorder::serialize() const
{
    std::string out;
    out += "run " + m_info.scenarioName + " seed=" + std::to_string(m_info.seed)
        + " horizon=" + std::to_string(m_info.horizon) + '\n';
    for (const auto& [point, choice] : m_info.policies)
        out += "policy " + point + " " + choice + '\n';
    for (const auto& series : m_series) {
        out += "series " + series.name + " [" + series.unit + "] " + std::to_string(series.samples.size()) + '\n';
        for (const auto& [time, value] : series.samples) {
            out += std::to_string(time) + ' ';
            appendHex(out, value);
            out += '\n';
        }
    }
    for (const auto& metric : m_metrics) {
        out += "metric " + metric.name + " [" + metric.unit + "] ";
        appendHex(out, metric.value);
        out += '\n';
    }
    // Only runs with annotations have these lines, so older serializations stay as they were.
    for (const auto& annotation : m_annotations) {
        out += "annotation " + annotation.kind + ' ' + annotation.target + ' ' + std::to_string(annotation.start) + ' '
            + std::to_string(annotation.end) + ' ';
        appendHex(out, annotation.intensity);
        out += '\n';
    }
    out += "status ";
    out += toString(m_status);
    out += ' ' + m_message + '\n';
    return out;
}

} // namespace orrery::sim
