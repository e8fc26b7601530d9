#include "widgets/comparison_view.h"

#include "widgets/arm_colors.h"
#include "experiment/metric_family.h"
#include "widgets/box_plot_chart.h"
#include "widgets/grouped_bar_chart.h"
#include "widgets/cdf_chart.h"
#include "widgets/comparison_table_model.h"
#include "widgets/sweep_chart.h"
#include "widgets/time_series_chart.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPen>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace orrery::widgets {
namespace {

QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

double meanOf(const std::vector<double>& values)
{
    double sum = 0.0;
    std::size_t count = 0;
    for (const double value : values) {
        if (!std::isnan(value)) {
            sum += value;
            ++count;
        }
    }
    return count == 0 ? store::ExperimentResultRow::kNaN : sum / static_cast<double>(count);
}

} // namespace

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("comparisonTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("comparisonDetails"));
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::PlainText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    layout->addWidget(m_details);

    auto* selectors = new QHBoxLayout;
    auto* metricLabel = new QLabel(tr("&Metric:"), this);
    m_metricBox = new QComboBox(this);
    m_metricBox->setObjectName(QStringLiteral("metricSelector"));
    m_metricBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    metricLabel->setBuddy(m_metricBox);
    m_sweepLabel = new QLabel(tr("&Sweep point:"), this);
    m_sweepBox = new QComboBox(this);
    m_sweepBox->setObjectName(QStringLiteral("sweepSelector"));
    m_sweepBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_sweepLabel->setBuddy(m_sweepBox);
    selectors->addWidget(metricLabel);
    selectors->addWidget(m_metricBox);
    selectors->addSpacing(16);
    selectors->addWidget(m_sweepLabel);
    selectors->addWidget(m_sweepBox);
    selectors->addStretch(1);
    layout->addLayout(selectors);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_tabs = new QTabWidget(m_splitter);
    m_tabs->setObjectName(QStringLiteral("comparisonTabs"));
    m_cdf = new CdfChart(m_tabs);
    m_cdf->setObjectName(QStringLiteral("cdfChart"));
    m_boxPlot = new BoxPlotChart(m_tabs);
    m_boxPlot->setObjectName(QStringLiteral("boxPlotChart"));
    m_sweep = new SweepChart(m_tabs);
    m_sweep->setObjectName(QStringLiteral("sweepChart"));
    auto* timePage = new QStackedWidget(m_tabs);
    m_timeSeriesMessage = new QLabel(timePage);
    m_timeSeriesMessage->setAlignment(Qt::AlignCenter);
    m_timeSeriesMessage->setWordWrap(true);
    m_timeSeriesMessage->setEnabled(false);
    m_timeSeries = new TimeSeriesChart(timePage);
    m_timeSeries->setObjectName(QStringLiteral("timeSeriesOverlay"));
    timePage->addWidget(m_timeSeriesMessage);
    timePage->addWidget(m_timeSeries);
    m_tabs->insertTab(CdfTab, m_cdf, tr("CDF"));
    m_tabs->insertTab(BoxPlotTab, m_boxPlot, tr("Box plot"));
    m_tabs->insertTab(SweepTab, m_sweep, tr("Sweep"));
    m_tabs->insertTab(TimeSeriesTab, timePage, tr("Time series"));
    auto* perItemPage = new QWidget(m_tabs);
    auto* perItemLayout = new QVBoxLayout(perItemPage);
    perItemLayout->setContentsMargins(0, 0, 0, 0);
    m_familyBox = new QComboBox(perItemPage);
    m_familyBox->setObjectName(QStringLiteral("familyBox"));
    m_perItem = new GroupedBarChart(perItemPage);
    m_perItem->setObjectName(QStringLiteral("perItemChart"));
    perItemLayout->addWidget(m_familyBox);
    perItemLayout->addWidget(m_perItem, 1);
    m_tabs->insertTab(PerItemTab, perItemPage, tr("Per item"));
    connect(m_familyBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            showFamily();
    });

    m_table = new ComparisonTableModel(this);
    m_tableView = new QTableView(m_splitter);
    m_tableView->setObjectName(QStringLiteral("comparisonTable"));
    m_tableView->setModel(m_table);
    m_tableView->setAlternatingRowColors(true);
    m_tableView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tableView->setWordWrap(false);
    m_tableView->verticalHeader()->hide();
    m_tableView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tableView->horizontalHeader()->setStretchLastSection(true);
    m_splitter->addWidget(m_tabs);
    m_splitter->addWidget(m_tableView);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({500, 180}); // scaled to the space the splitter gets
    layout->addWidget(m_splitter, 1);

    connect(m_metricBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            showSelection();
    });
    connect(m_sweepBox, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        showSelection();
        emit timeSeriesRunsChanged();
    });
    clear();
}

void ComparisonView::clear()
{
    setData({});
}

void ComparisonView::setData(experiment::ExperimentReportData data)
{
    m_data = std::move(data);
    const store::ExperimentRecord& record = m_data.record;
    m_title->setText(record.name.empty() ? QString() : tr("Experiment %1 — %2").arg(record.id).arg(qs(record.name)));
    QStringList facts;
    QStringList arms;
    for (const std::string& arm : m_data.arms)
        arms << (arm == record.baselineArm ? tr("%1 (baseline)").arg(qs(arm)) : qs(arm));
    if (!arms.isEmpty())
        facts << tr("Arms: %1").arg(arms.join(QStringLiteral(", ")));
    if (!record.scenarioFile.empty())
        facts << tr("scenario %1").arg(QFileInfo(qs(record.scenarioFile)).fileName());
    if (!record.sweepParameter.empty())
        facts << tr("sweep over %1").arg(qs(record.sweepParameter));
    if (record.cellCount > 0)
        facts << tr("%n run(s)", nullptr, static_cast<int>(record.cellCount));
    QStringList lines;
    if (!record.description.empty())
        lines << qs(record.description);
    if (!facts.isEmpty())
        lines << facts.join(QStringLiteral(" · "));
    m_details->setText(lines.join(QLatin1Char('\n')));
    m_details->setToolTip(record.scenarioFile.empty() ? QString() : tr("Scenario file: %1").arg(qs(record.scenarioFile)));
    m_details->setVisible(!lines.isEmpty());
    fillSelectors();
    showSelection();
    emit timeSeriesRunsChanged();
}

void ComparisonView::fillSelectors()
{
    const QString metric = m_metricBox->currentData().toString();
    const int point = m_sweepBox->currentIndex();
    m_filling = true;
    m_metricBox->clear();
    for (const experiment::MetricResults& results : m_data.metrics) {
        const QString name = qs(results.metric);
        m_metricBox->addItem(results.unit.empty() ? name : tr("%1 (%2)").arg(name, qs(results.unit)), name);
    }
    m_metricBox->setCurrentIndex(std::max(0, m_metricBox->findData(metric)));
    m_sweepBox->clear();
    const bool swept = !m_data.record.sweepParameter.empty();
    if (!m_data.metrics.empty()) {
        for (const experiment::MetricPoint& sweepPoint : m_data.metrics.front().points)
            m_sweepBox->addItem(sweepPoint.sweepValue.empty() ? tr("(no sweep)") : qs(sweepPoint.sweepValue));
    }
    m_sweepBox->setCurrentIndex(point >= 0 && point < m_sweepBox->count() ? point : 0);
    m_sweepLabel->setText(swept ? tr("&%1:").arg(qs(m_data.record.sweepParameter)) : tr("&Sweep point:"));
    m_sweepLabel->setVisible(swept);
    m_sweepBox->setVisible(swept);
    m_tabs->setTabEnabled(SweepTab, swept);
    m_tabs->setTabToolTip(SweepTab, swept ? QString() : tr("The experiment has no sweep."));
    const QString family = m_familyBox->currentText();
    m_familyBox->clear();
    for (const experiment::MetricFamily& f : experiment::metricFamilies(m_data))
        m_familyBox->addItem(qs(f.pattern));
    m_familyBox->setCurrentIndex(std::max(0, m_familyBox->findText(family)));
    m_tabs->setTabEnabled(PerItemTab, m_familyBox->count() > 0);
    m_tabs->setTabToolTip(PerItemTab, m_familyBox->count() > 0 ? QString()
                                                                : tr("No metric family such as fn.*.latency.p99 (one metric per item)."));
    m_filling = false;
}

int ComparisonView::currentMetric() const
{
    return m_metricBox->currentIndex();
}

int ComparisonView::currentSweepPoint() const
{
    return m_sweepBox->currentIndex();
}

void ComparisonView::setCurrentMetric(int index)
{
    m_metricBox->setCurrentIndex(index);
}

void ComparisonView::setCurrentSweepPoint(int index)
{
    m_sweepBox->setCurrentIndex(index);
}

int ComparisonView::armIndex(const std::string& arm) const
{
    const auto found = std::find(m_data.arms.begin(), m_data.arms.end(), arm);
    return found == m_data.arms.end() ? 0 : static_cast<int>(found - m_data.arms.begin());
}

QString ComparisonView::metricAxisTitle(const experiment::MetricResults& metric) const
{
    return metric.unit.empty() ? qs(metric.metric) : tr("%1 (%2)").arg(qs(metric.metric), qs(metric.unit));
}

void ComparisonView::showFamily()
{
    const std::vector<experiment::MetricFamily> families = experiment::metricFamilies(m_data, std::max(0, currentSweepPoint()));
    const int index = m_familyBox->currentIndex();
    if (index < 0 || index >= static_cast<int>(families.size())) {
        m_perItem->setValues({}, {}, {});
        return;
    }
    const experiment::MetricFamily& family = families[static_cast<std::size_t>(index)];
    QStringList arms, items;
    for (const std::string& arm : family.arms)
        arms << qs(arm);
    for (const std::string& item : family.items)
        items << qs(item);
    m_perItem->setChartTitle(tr("%1: mean over runs, per item and arm").arg(qs(family.pattern)));
    m_perItem->setValueAxisTitle(family.unit.empty() ? qs(family.pattern) : tr("%1 (%2)").arg(qs(family.pattern), qs(family.unit)));
    m_perItem->setValues(arms, items, family.means);
}

void ComparisonView::showSelection()
{
    showFamily();
    const int metricIndex = currentMetric();
    const int pointIndex = currentSweepPoint();
    if (metricIndex < 0 || metricIndex >= static_cast<int>(m_data.metrics.size())) {
        m_cdf->setSamples({});
        m_boxPlot->setSamples({});
        m_sweep->setLines({}, {});
        m_table->clear();
        return;
    }
    const experiment::MetricResults& metric = m_data.metrics[static_cast<std::size_t>(metricIndex)];
    const QString axisTitle = metricAxisTitle(metric);

    // Sweep plot: every point of the metric.
    QStringList sweepValues;
    std::vector<SweepChart::ArmLine> lines;
    for (const std::string& arm : m_data.arms)
        lines.push_back({qs(arm), {}, armColor(armIndex(arm))});
    for (const experiment::MetricPoint& point : metric.points) {
        sweepValues << qs(point.sweepValue);
        for (std::size_t a = 0; a < lines.size(); ++a) {
            const auto found = std::find_if(point.arms.begin(), point.arms.end(),
                                            [&](const auto& values) { return values.arm == m_data.arms[a]; });
            // Without per-run values (an experiment stored as its comparison only, e.g. `orrery
            // replay --project`), the stored mean.
            const auto row = std::find_if(point.results.begin(), point.results.end(),
                                          [&](const auto& result) { return result.arm == m_data.arms[a]; });
            double mean = store::ExperimentResultRow::kNaN;
            if (found != point.arms.end() && !found->values.empty())
                mean = meanOf(found->values);
            else if (row != point.results.end())
                mean = row->mean;
            lines[a].values.push_back(mean);
        }
    }
    m_sweep->setChartTitle(tr("Mean %1 by %2").arg(qs(metric.metric), qs(m_data.record.sweepParameter)));
    m_sweep->setAxisTitles(qs(m_data.record.sweepParameter),
                           metric.unit.empty() ? tr("mean") : tr("mean (%1)").arg(qs(metric.unit)));
    m_sweep->setLines(sweepValues, std::move(lines));

    if (pointIndex < 0 || pointIndex >= static_cast<int>(metric.points.size())) {
        m_cdf->setSamples({});
        m_boxPlot->setSamples({});
        m_table->clear();
        return;
    }
    const experiment::MetricPoint& point = metric.points[static_cast<std::size_t>(pointIndex)];
    std::vector<ArmSample> samples;
    for (const experiment::ArmValues& arm : point.arms)
        samples.push_back({qs(arm.arm), arm.values, armColor(armIndex(arm.arm))});
    const QString at = point.sweepValue.empty()
        ? QString()
        : tr(" at %1 = %2").arg(qs(m_data.record.sweepParameter), qs(point.sweepValue));
    m_cdf->setChartTitle(tr("Distribution of %1 over runs%2").arg(qs(metric.metric), at));
    m_cdf->setValueAxisTitle(axisTitle);
    m_cdf->setSamples(samples);
    m_boxPlot->setChartTitle(tr("%1 per arm%2").arg(qs(metric.metric), at));
    // The chart's title names the metric; the vertical axis has room for its unit only.
    m_boxPlot->setValueAxisTitle(metric.unit.empty() ? qs(metric.metric) : qs(metric.unit));
    m_boxPlot->setSamples(std::move(samples));
    m_table->setPoint(point, qs(metric.unit), qs(m_data.record.baselineArm));
}

std::vector<ComparisonView::ArmRun> ComparisonView::timeSeriesRuns() const
{
    std::vector<ArmRun> runs;
    const int pointIndex = currentSweepPoint();
    for (const std::string& arm : m_data.arms) {
        ArmRun entry{qs(arm), 0};
        // The first metric holding a run of the arm at the point (every metric normally does).
        for (const experiment::MetricResults& metric : m_data.metrics) {
            if (pointIndex < 0 || pointIndex >= static_cast<int>(metric.points.size()))
                continue;
            const auto& arms = metric.points[static_cast<std::size_t>(pointIndex)].arms;
            const auto found = std::find_if(arms.begin(), arms.end(), [&](const auto& values) {
                return values.arm == arm && !values.runs.empty();
            });
            if (found != arms.end()) {
                entry.run = found->runs.front(); // runs are in seed order
                break;
            }
        }
        if (entry.run != 0)
            runs.push_back(entry);
    }
    return runs;
}

void ComparisonView::setTimeSeries(const QString& title, const QString& xTitle, const QString& yTitle,
                                   const std::vector<ArmSeries>& series)
{
    m_timeSeries->clearSeries();
    m_timeSeries->setChartTitle(title);
    m_timeSeries->setAxisTitles(xTitle, yTitle);
    // Wider lines for earlier arms, as on the CDF, so coinciding runs stay visible.
    double width = 1.5 + 1.5 * std::max(0.0, static_cast<double>(series.size()) - 1.0);
    for (const ArmSeries& arm : series) {
        QLineSeries* line = m_timeSeries->addSeries(arm.label.isEmpty() ? arm.arm : arm.label, arm.points,
                                                    armColor(armIndex(arm.arm.toStdString())));
        QPen pen = line->pen();
        pen.setWidthF(width);
        line->setPen(pen);
        width = std::max(1.5, width - 1.5);
    }
    auto* page = static_cast<QStackedWidget*>(m_timeSeries->parentWidget());
    page->setCurrentWidget(m_timeSeries);
}

void ComparisonView::setTimeSeriesMessage(const QString& text)
{
    m_timeSeriesMessage->setText(text);
    auto* page = static_cast<QStackedWidget*>(m_timeSeries->parentWidget());
    page->setCurrentWidget(m_timeSeriesMessage);
}

} // namespace orrery::widgets
