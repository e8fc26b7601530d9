#pragma once
#include "sim/run_recorder.h"

#include <string>
#include <vector>

namespace orrery::sim {

//! Keeps a whole run record in memory; serialize() gives a canonical text form whose bytes
//! are compared by determinism tests.
class InMemoryRunRecorder final : public RunRecorder {
public:
    struct Series {
        std::string name;
        std::string unit;
        std::vector<std::pair<SimTime, double>> samples;
    };
    struct Metric {
        std::string name;
        double value = 0.0;
        std::string unit;
    };

    void beginRun(const RunInfo& info) override;
    SeriesId defineSeries(std::string_view name, std::string_view unit) override;
    void recordSample(SeriesId series, SimTime time, double value) override;
    void recordMetric(std::string_view name, double value, std::string_view unit) override;
    void recordAnnotation(const RunAnnotation& annotation) override;
    void endRun(RunStatus status, std::string_view message) override;

    [[nodiscard]] const RunInfo& info() const { return m_info; }
    [[nodiscard]] const std::vector<Series>& series() const { return m_series; }
    [[nodiscard]] const std::vector<Metric>& metrics() const { return m_metrics; }
    [[nodiscard]] const std::vector<RunAnnotation>& annotations() const { return m_annotations; }
    [[nodiscard]] RunStatus status() const { return m_status; }
    [[nodiscard]] const std::string& message() const { return m_message; }

    //! Every field in recording order; doubles as exact hex floats so equal text means equal bits.
    [[nodiscard]] std::string serialize() const;

private:
    RunInfo m_info;
    std::vector<Series> m_series;
    std::vector<Metric> m_metrics;
    std::vector<RunAnnotation> m_annotations;
    RunStatus m_status = RunStatus::Running;
    std::string m_message;
};

} // namespace orrery::sim
