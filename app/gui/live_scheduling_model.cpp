#include "gui/live_scheduling_model.h"

#include <QBrush>
#include <QPalette>

namespace orrery::app {

void LiveSchedulingModel::setEvents(std::vector<live::KubeEvent> events)
{
    beginResetModel();
    m_events = std::move(events);
    endResetModel();
}

QString LiveSchedulingModel::assignedNode(const live::KubeEvent& event)
{
    const QString message = QString::fromStdString(event.message);
    const qsizetype to = message.lastIndexOf(QStringLiteral(" to "));
    return event.reason == "Scheduled" && to >= 0 ? message.mid(to + 4).trimmed() : QString();
}

int LiveSchedulingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_events.size());
}

int LiveSchedulingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LiveSchedulingModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const live::KubeEvent& event = m_events[static_cast<std::size_t>(index.row())];
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(event.message);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TimeColumn: return QString::fromStdString(event.timestamp);
    case PodColumn: return QString::fromStdString(event.involvedNamespace + "/" + event.involvedName);
    case ResultColumn:
        return event.count > 1 ? tr("%1 (×%2)").arg(QString::fromStdString(event.reason)).arg(event.count)
                               : QString::fromStdString(event.reason);
    // Where it went; for a pod not placed, why not.
    case NodeColumn: return event.reason == "Scheduled" ? assignedNode(event) : QString::fromStdString(event.message);
    case SchedulerColumn: return QString::fromStdString(event.component);
    default: return {};
    }
}

QVariant LiveSchedulingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn: return tr("Time");
    case PodColumn: return tr("Pod");
    case ResultColumn: return tr("Result");
    case NodeColumn: return tr("Node or reason");
    case SchedulerColumn: return tr("Scheduler");
    default: return {};
    }
}

} // namespace orrery::app
