#include "gui/kinds/model_serving/serving_power_view.h"

#include "gui/placeholder_stack.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/gpu_power_model.h"
#include "kinds/model_serving/serving_model_catalog.h"
#include "widgets/arm_colors.h"
#include "widgets/fleet_heat_map.h"
#include "widgets/stacked_area_chart.h"
#include "widgets/time_series_chart.h"

#include <QComboBox>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QScrollArea>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace orrery::app {
namespace {

constexpr std::uint32_t kCurveTokens = 128; //!< output length of the curves' autoregressive request
constexpr int kCurvePoints = 60;

} // namespace

ServingPowerView::ServingPowerView(QWidget* parent)
    : KindRunView(parent)
{
    const PlaceholderStack pages = makePlaceholderStack(this, QStringLiteral("servingPowerPlaceholder"));
    m_stack = pages.stack;
    m_placeholder = pages.placeholder;
    auto* scroll = new QScrollArea(m_stack);
    scroll->setObjectName(QStringLiteral("servingPowerScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* page = new QWidget(scroll);
    auto* layout = new QVBoxLayout(page);
    auto* header = new QHBoxLayout;
    m_title = new QLabel(page);
    m_title->setObjectName(QStringLiteral("servingPowerTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_models = new QComboBox(page);
    m_models->setObjectName(QStringLiteral("servingModelBox"));
    m_models->setToolTip(tr("The model whose latency and power curves are drawn"));
    header->addWidget(m_title, 1);
    header->addWidget(new QLabel(tr("Model:"), page));
    header->addWidget(m_models);
    layout->addLayout(header);
    auto* grid = new QGridLayout;
    const auto makeChart = [page](const char* name, const QString& title, const QString& x, const QString& y) {
        auto* chart = new widgets::TimeSeriesChart(page);
        chart->setObjectName(QLatin1String(name));
        chart->setChartTitle(title);
        chart->setAxisTitles(x, y);
        chart->setMinimumHeight(200);
        return chart;
    };
    m_latency = makeChart("servingLatencyCurve", tr("Latency against SM clock (calibrated model)"), tr("SM clock (MHz)"), tr("Latency (s)"));
    m_powerCurve = makeChart("servingPowerCurve", tr("Device power against SM clock"), tr("SM clock (MHz)"), tr("Power (W)"));
    m_power = makeChart("servingPowerSeries", tr("Power per device over the run"), tr("Simulated time (s)"), tr("Power (W)"));
    m_slo = makeChart("servingSloSeries", tr("p99 latency / SLO per device (above 1: SLO missed)"), tr("Simulated time (s)"), tr("p99 / SLO"));
    grid->addWidget(m_latency, 0, 0);
    grid->addWidget(m_powerCurve, 0, 1);
    grid->addWidget(m_power, 1, 0);
    grid->addWidget(m_slo, 1, 1);
    layout->addLayout(grid, 1);
    // Fleet (issue 17): cost by GPU type, replicas per device (heat map), SLO violations.
    m_fleet = new QGroupBox(tr("Fleet"), page);
    m_fleet->setObjectName(QStringLiteral("servingFleetBox"));
    auto* fleetGrid = new QGridLayout(m_fleet);
    m_cost = new widgets::StackedAreaChart(m_fleet);
    m_cost->setObjectName(QStringLiteral("servingCostByType"));
    m_cost->setChartTitle(tr("Cost by GPU type (cumulative)"));
    m_cost->setAxisTitles(tr("Simulated time (s)"), tr("Cost (USD)"));
    m_cost->setLegendVisible(true);
    m_cost->setMinimumHeight(220);
    m_violations = makeChart("servingSloViolations", tr("SLO violations per control period"), tr("Simulated time (s)"),
                             tr("Share of requests missing the SLO"));
    m_violations->setParent(m_fleet);
    m_violations->setFixedYRange(0, 1, 5);
    m_violations->setMinimumHeight(220);
    m_heatMap = new widgets::FleetHeatMap(m_fleet);
    m_heatMap->setObjectName(QStringLiteral("servingReplicaHeatMap"));
    m_heatMap->setTitle(tr("Replicas per GPU (hover: which models)"));
    m_heatMap->setMinimumHeight(240);
    m_heatMap->setCellText([this](int row, double time) { return m_data.modelsAt(static_cast<std::size_t>(row), time); });
    widgets::installHeatMapExportMenu(*m_heatMap);
    fleetGrid->addWidget(m_cost, 0, 0);
    fleetGrid->addWidget(m_violations, 0, 1);
    fleetGrid->addWidget(m_heatMap, 1, 0, 1, 2);
    layout->addWidget(m_fleet, 1);
    scroll->setWidget(page);
    m_stack->addWidget(scroll);
    connect(m_models, &QComboBox::currentIndexChanged, this, &ServingPowerView::showModel);
    clear();
}

void ServingPowerView::showRun(const QString& projectPath, store::RunId runId)
{
    m_runId = runId;
    const quint64 generation = ++m_generation;
    auto* watcher = new QFutureWatcher<ServingRunData>(this);
    connect(watcher, &QFutureWatcher<ServingRunData>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            apply(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([path = projectPath.toStdString(), runId] { return loadServingRunData(path, runId); }));
}

void ServingPowerView::clear()
{
    ++m_generation;
    m_runId.reset();
    showPlaceholder(tr("Select a run of a model-serving scenario (kind: model-serving) to see its power and latency curves."));
}

bool ServingPowerView::showsPlaceholder() const { return m_stack->currentWidget() == m_placeholder; }

void ServingPowerView::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(m_placeholder);
}

void ServingPowerView::apply(const ServingRunData& data)
{
    if (!data.error.isEmpty()) {
        showPlaceholder(tr("Run %1 could not be read: %2").arg(data.runId).arg(data.error));
        emit loadFailed(data.error);
        return;
    }
    if (!data.runFound || !data.isServing) {
        showPlaceholder(data.runFound ? tr("Run %1 serves no models (kind: model-serving).").arg(data.runId)
                                      : tr("Run %1 is not in the project.").arg(data.runId));
        emit loaded(static_cast<qint64>(data.runId));
        return;
    }
    m_data = data;
    m_title->setText(tr("Run %1: %n model(s)", nullptr, static_cast<int>(data.models.size())).arg(data.runId) + QStringLiteral(" · ")
                     + tr("%n %1 device(s)", nullptr, static_cast<int>(data.devices.size())).arg(data.gpu));
    m_power->clearSeries();
    m_slo->clearSeries();
    for (std::size_t d = 0; d < data.devices.size(); ++d) {
        const QColor color = widgets::armColor(static_cast<int>(d));
        m_power->addSeries(data.devices[d].name, data.devices[d].watts, color);
        m_slo->addSeries(data.devices[d].name, data.devices[d].sloRatio, color);
    }
    {
        const QSignalBlocker blocker(m_models);
        m_models->clear();
        for (const auto& model : data.models)
            m_models->addItem(model.name);
    }
    showModel(0);
    showFleet();
    m_stack->setCurrentIndex(1);
    emit loaded(static_cast<qint64>(data.runId));
}

void ServingPowerView::showFleet()
{
    m_cost->clearBands();
    m_violations->clearSeries();
    m_heatMap->clear();
    m_fleet->setVisible(m_data.showsFleet);
    if (!m_data.showsFleet)
        return;
    for (std::size_t type = 0; type < m_data.costByType.size(); ++type) {
        const QString name = m_data.gpuTypes.value(static_cast<qsizetype>(type));
        const double total = m_data.costByType[type].isEmpty() ? 0.0 : m_data.costByType[type].back().y();
        m_cost->addBand(name, m_data.costByType[type], widgets::armColor(static_cast<int>(type)),
                        tr("%1: %2 USD by the end of the run").arg(name).arg(total, 0, 'f', 4));
    }
    if (!m_data.sloViolations.isEmpty())
        m_violations->addSeries(tr("SLO violations"), m_data.sloViolations, widgets::armColor(3));
    QStringList names;
    std::vector<QList<QPointF>> rows;
    for (const auto& device : m_data.fleet) {
        names << (m_data.gpuTypes.size() > 1 ? QStringLiteral("%1 (%2)").arg(device.name, device.gpuType) : device.name);
        rows.push_back(device.replicas);
    }
    m_heatMap->setRows(names, rows);
}

void ServingPowerView::showModel(int index)
{
    m_latency->clearSeries();
    m_powerCurve->clearSeries();
    m_markedMhz = 0;
    const auto* gpu = kinds::model_serving::findGpuProfile(m_data.gpu.toStdString());
    if (index < 0 || index >= static_cast<int>(m_data.models.size()) || !gpu)
        return;
    const ServingRunData::Model& chosen = m_data.models[static_cast<std::size_t>(index)];
    const auto* model = kinds::model_serving::findServingModel(chosen.name.toStdString());
    if (!model)
        return;
    const kinds::model_serving::GpuPowerModel power(*gpu);
    QList<QPointF> latency, busy, idle;
    for (int i = 0; i <= kCurvePoints; ++i) {
        const double mhz = gpu->minMhz + (gpu->maxMhz - gpu->minMhz) * i / kCurvePoints;
        latency.append(QPointF(mhz, model->requestSeconds(kCurveTokens, mhz, *gpu)));
        busy.append(QPointF(mhz, power.watts(mhz, 1.0)));
        idle.append(QPointF(mhz, power.watts(mhz, 0.0)));
    }
    const QString requestName = model->autoregressive ? tr("%1, %2 output tokens").arg(chosen.name).arg(kCurveTokens) : chosen.name;
    m_latency->addSeries(requestName, latency, widgets::armColor(0));
    const double slo = chosen.sloScale * model->requestSeconds(kCurveTokens, gpu->defaultMhz, *gpu);
    m_latency->addSeries(tr("SLO (%1 × latency at %2 MHz)").arg(chosen.sloScale).arg(gpu->defaultMhz),
                         {QPointF(gpu->minMhz, slo), QPointF(gpu->maxMhz, slo)}, widgets::armColor(1));
    m_powerCurve->addSeries(tr("serving"), busy, widgets::armColor(0));
    m_powerCurve->addSeries(tr("idle"), idle, widgets::armColor(2));
    // The clock the policy held last on the model's first device, as a vertical marker.
    for (const auto& device : m_data.devices) {
        if (!chosen.devices.isEmpty() && device.name == chosen.devices.front() && !device.mhz.isEmpty())
            m_markedMhz = device.mhz.back().y();
    }
    if (m_markedMhz > 0) {
        const QString label = tr("clock held (%1 MHz, %2)").arg(m_markedMhz, 0, 'f', 0).arg(chosen.devices.front());
        m_latency->addSeries(label, {QPointF(m_markedMhz, 0.0), QPointF(m_markedMhz, std::max(slo, latency.front().y()))}, widgets::armColor(3));
        m_powerCurve->addSeries(label, {QPointF(m_markedMhz, 0.0), QPointF(m_markedMhz, gpu->maxWatts)}, widgets::armColor(3));
    }
}

} // namespace orrery::app
