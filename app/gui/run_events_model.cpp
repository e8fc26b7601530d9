#include "gui/run_events_model.h"

#include "env/simulation.h"
#include "gui/metrics_table_model.h"

#include <QLocale>

namespace orrery::app {

RunEventsModel::RunEventsModel(QObject* parent) : QAbstractTableModel(parent) {}

std::size_t RunEventsModel::setEvents(const std::vector<sim::RunAnnotation>& annotations)
{
    beginResetModel();
    m_events.clear();
    std::size_t total = 0;
    for (const sim::RunAnnotation& annotation : annotations) {
        if (annotation.kind == "policy.label" || annotation.kind.starts_with(env::kRunStructureAnnotationPrefix))
            continue; // drawn as the label track; what the run is made of, not an event
        ++total;
        if (m_events.size() < kMaxRows)
            m_events.push_back(annotation);
    }
    endResetModel();
    return total;
}

int RunEventsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_events.size());
}

int RunEventsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunEventsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const sim::RunAnnotation& event = m_events[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == KindColumn || index.column() == TargetColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case StartColumn: return QLocale().toString(sim::toSeconds(event.start), 'f', 3);
    case EndColumn: return event.end > event.start ? QLocale().toString(sim::toSeconds(event.end), 'f', 3) : QString();
    case KindColumn: return QString::fromStdString(event.kind);
    case TargetColumn: return QString::fromStdString(event.target);
    case ValueColumn: return MetricsTableModel::formatValue(event.intensity);
    default: return {};
    }
}

QVariant RunEventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StartColumn: return tr("Start (s)");
    case EndColumn: return tr("End (s)");
    case KindColumn: return tr("Event");
    case TargetColumn: return tr("Target");
    case ValueColumn: return tr("Value");
    default: return {};
    }
}

} // namespace orrery::app
