#pragma once
#include "gui/kind_views.h"
#include "gui/kinds/model_serving/serving_run_data.h"
#include "store/ids.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QGroupBox;
class QLabel;
class QStackedWidget;

namespace orrery::widgets {
class FleetHeatMap;
class StackedAreaChart;
class TimeSeriesChart;
}

namespace orrery::app {

//! The Power tab (issue 16, seed 001 Fig. 6.2): for a run of a `kind: model-serving` scenario,
//! the chosen model's latency against the SM clock (with its SLO line and the clock its device
//! held at the end of the run) and the device's power against the clock (busy and idle), both
//! from the calibrated model (docs/model.md); beneath, each device's power and p99/SLO over the
//! run. For a fleet of several GPU types or with autoscaling (issue 17) a Fleet section adds the
//! cost over time by GPU type (stacked), a heat map of the replicas each device holds (tooltip:
//! which models) and the SLO violations per control period. showRun() reads on a worker
//! thread; a newer call supersedes a load still in flight.
class ServingPowerView : public KindRunView {
    Q_OBJECT
public:
    explicit ServingPowerView(QWidget* parent = nullptr);

    void showRun(const QString& projectPath, store::RunId runId) override;
    void clear() override;

    [[nodiscard]] std::optional<store::RunId> runId() const { return m_runId; }
    [[nodiscard]] bool showsPlaceholder() const;
    [[nodiscard]] QComboBox* modelBox() const { return m_models; }
    [[nodiscard]] widgets::TimeSeriesChart* latencyChart() const { return m_latency; }
    [[nodiscard]] widgets::TimeSeriesChart* powerCurveChart() const { return m_powerCurve; }
    [[nodiscard]] widgets::TimeSeriesChart* powerChart() const { return m_power; }
    [[nodiscard]] widgets::TimeSeriesChart* sloChart() const { return m_slo; }
    //! The Fleet section: visible for several GPU types or autoscaling.
    [[nodiscard]] QGroupBox* fleetBox() const { return m_fleet; }
    [[nodiscard]] widgets::StackedAreaChart* costChart() const { return m_cost; }
    [[nodiscard]] widgets::FleetHeatMap* heatMap() const { return m_heatMap; }
    [[nodiscard]] widgets::TimeSeriesChart* violationChart() const { return m_violations; }
    [[nodiscard]] const ServingRunData& data() const { return m_data; }
    //! The clock (MHz) the curves mark for the chosen model: its first device's last sample.
    [[nodiscard]] double markedMhz() const { return m_markedMhz; }

signals:
    void loaded(qint64 runId);
    void loadFailed(const QString& message);

private:
    void apply(const ServingRunData& data);
    void showPlaceholder(const QString& text);
    void showModel(int index);
    void showFleet();

    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    QLabel* m_title = nullptr;
    QComboBox* m_models = nullptr;
    widgets::TimeSeriesChart* m_latency = nullptr;
    widgets::TimeSeriesChart* m_powerCurve = nullptr;
    widgets::TimeSeriesChart* m_power = nullptr;
    widgets::TimeSeriesChart* m_slo = nullptr;
    QGroupBox* m_fleet = nullptr;
    widgets::StackedAreaChart* m_cost = nullptr;
    widgets::FleetHeatMap* m_heatMap = nullptr;
    widgets::TimeSeriesChart* m_violations = nullptr;
    ServingRunData m_data;
    double m_markedMhz = 0;
    std::optional<store::RunId> m_runId;
    quint64 m_generation = 0;
};

} // namespace orrery::app
