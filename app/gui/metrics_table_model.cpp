#include "gui/metrics_table_model.h"

#include "model/value_format.h"

#include <QLocale>

#include <cmath>

namespace orrery::app {

MetricsTableModel::MetricsTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void MetricsTableModel::setMetrics(std::vector<store::MetricRow> metrics)
{
    beginResetModel();
    m_metrics = std::move(metrics);
    endResetModel();
}

QString MetricsTableModel::formatValue(double value, const std::string& unit)
{
    if (std::isnan(value))
        return QStringLiteral("—");
    return QString::fromStdString(model::formatValueInUnitColumn(value, unit));
}

int MetricsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_metrics.size());
}

int MetricsTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MetricsTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const store::MetricRow& metric = m_metrics[static_cast<std::size_t>(index.row())];
    if (role == ValueRole)
        return metric.value;
    if (role == Qt::TextAlignmentRole && index.column() == ValueColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case NameColumn: return QString::fromStdString(metric.name);
    case ValueColumn:
        return role == Qt::ToolTipRole ? QLocale().toString(metric.value, 'g', 17) : formatValue(metric.value, metric.unit);
    case UnitColumn: return QString::fromStdString(metric.unit);
    default: return {};
    }
}

QVariant MetricsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
    case NameColumn: return tr("Metric");
    case ValueColumn: return tr("Value");
    case UnitColumn: return tr("Unit");
    default: return {};
    }
}

} // namespace orrery::app
