#include "widgets/comparison_table_model.h"

#include "analysis/sample_summary.h"
#include "model/value_format.h"

#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace orrery::widgets {
namespace {

constexpr double kNaN = store::ExperimentResultRow::kNaN;

//! The stored row of `arms`' arm, or one summarizing its values when the project has none.
store::ExperimentResultRow rowFor(const experiment::ArmValues& arm, const experiment::MetricPoint& point)
{
    const auto found = std::find_if(point.results.begin(), point.results.end(),
                                    [&](const store::ExperimentResultRow& row) { return row.arm == arm.arm; });
    if (found != point.results.end())
        return *found;
    store::ExperimentResultRow row;
    row.arm = arm.arm;
    std::vector<double> values = arm.values;
    std::erase_if(values, [](double value) { return std::isnan(value); });
    row.runs = static_cast<std::int64_t>(values.size());
    if (!values.empty()) {
        const analysis::SampleSummary summary = analysis::summarize(std::move(values));
        row.mean = summary.mean;
        row.p50 = summary.p50;
        row.p99 = summary.p99;
    }
    return row;
}

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ComparisonTableModel::setPoint(const experiment::MetricPoint& point, const QString& unit,
                                    const QString& baselineArm)
{
    beginResetModel();
    m_rows.clear();
    for (const experiment::ArmValues& arm : point.arms)
        m_rows.push_back(rowFor(arm, point));
    m_unit = unit;
    m_baseline = baselineArm;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void ComparisonTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

QString ComparisonTableModel::formatFigure(double value)
{
    if (std::isnan(value))
        return QStringLiteral("—");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    return QLocale().toString(value, 'g', 4);
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

double ComparisonTableModel::value(const store::ExperimentResultRow& row, int column) const
{
    switch (column) {
    case RunsColumn: return static_cast<double>(row.runs);
    case MeanColumn: return row.mean;
    case MedianColumn: return row.p50;
    case P99Column: return row.p99;
    case RatioColumn: return row.medianRatio;
    case PValueColumn: return row.pValue;
    case SpeedupColumn: return row.speedup;
    default: return kNaN;
    }
}

QString ComparisonTableModel::displayText(const store::ExperimentResultRow& row, int column) const
{
    switch (column) {
    case ArmColumn: return QString::fromStdString(row.arm);
    case RunsColumn: return QLocale().toString(static_cast<qlonglong>(row.runs));
    case RatioColumn:
        if (std::isnan(row.medianRatio))
            return formatFigure(kNaN);
        return tr("%1 [%2, %3]").arg(formatFigure(row.medianRatio), formatFigure(row.medianRatioLow),
                                     formatFigure(row.medianRatioHigh));
    case PValueColumn: return std::isnan(row.pValue) ? formatFigure(kNaN) : QLocale().toString(row.pValue, 'g', 3);
    case SpeedupColumn: return std::isnan(row.speedup) ? formatFigure(kNaN) : tr("%1×").arg(formatFigure(row.speedup));
    case MeanColumn:
    case MedianColumn:
    case P99Column: {
        const double figure = value(row, column);
        if (std::isnan(figure))
            return formatFigure(figure);
        return QString::fromStdString(model::formatValueInUnitColumn(figure, m_unit.toStdString()));
    }
    default: return formatFigure(value(row, column));
    }
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const store::ExperimentResultRow& row = m_rows[static_cast<std::size_t>(index.row())];
    const bool baseline = QString::fromStdString(row.arm) == m_baseline;
    switch (role) {
    case Qt::DisplayRole: return displayText(row, index.column());
    case ValueRole:
        return index.column() == ArmColumn ? QVariant(QString::fromStdString(row.arm))
                                           : QVariant(value(row, index.column()));
    case Qt::TextAlignmentRole:
        if (index.column() == ArmColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (baseline && index.column() == ArmColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        if (baseline)
            return tr("%1 is the baseline arm: the others are compared with it.").arg(m_baseline);
        if (index.column() == RatioColumn)
            return tr("median(%1) / median(%2) with its 95% bootstrap confidence interval")
                .arg(QString::fromStdString(row.arm), m_baseline);
        if (index.column() == SpeedupColumn)
            return tr("mean(%1) / mean(%2), for latency-like metrics only: above 1 means %2 is faster")
                .arg(m_baseline, QString::fromStdString(row.arm));
        return {};
    default: return {};
    }
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    // Durations, fractions, money… carry their unit in each cell; a count's unit heads the column.
    const QString unit = m_unit.isEmpty() || model::formatsWithUnit(m_unit.toStdString()) ? QString()
                                                                                       : QStringLiteral(" (%1)").arg(m_unit);
    switch (section) {
    case ArmColumn: return tr("Arm");
    case RunsColumn: return tr("Runs");
    case MeanColumn: return tr("Mean") + unit;
    case MedianColumn: return tr("Median") + unit;
    case P99Column: return tr("p99") + unit;
    case RatioColumn:
        return m_baseline.isEmpty() ? tr("Ratio of medians [95% CI]")
                                    : tr("Ratio of medians to %1 [95% CI]").arg(m_baseline);
    case PValueColumn: return tr("Mann–Whitney p");
    case SpeedupColumn: return tr("Speedup");
    default: return {};
    }
}

} // namespace orrery::widgets
