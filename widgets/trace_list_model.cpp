#include "widgets/trace_list_model.h"

#include "trace/trace.h"

#include <QLocale>

#include <algorithm>
#include <limits>

namespace orrery::widgets {

TraceListModel::TraceListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TraceListModel::setTraceSet(std::shared_ptr<const trace::TraceSet> traces)
{
    beginResetModel();
    m_traces = std::move(traces);
    m_rows.clear();
    if (m_traces) {
        m_rows.reserve(m_traces->traces.size());
        for (const trace::Trace& trace : m_traces->traces) {
            Row row;
            row.request = QString::fromStdString(m_traces->names.name(trace.requestType));
            row.spans = static_cast<qint64>(trace.spans.size());
            row.id = QString::fromStdString(trace.id.hex());
            std::int64_t first = std::numeric_limits<std::int64_t>::max();
            std::int64_t last = std::numeric_limits<std::int64_t>::min();
            for (const trace::Span& span : trace.spans) {
                first = std::min(first, span.startNs);
                last = std::max(last, span.endNs());
                if (span.relation == trace::SpanRelation::Root && row.rootService.isEmpty())
                    row.rootService = QString::fromStdString(m_traces->names.name(span.service));
            }
            row.durationNs = trace.spans.empty() ? 0 : last - first;
            m_rows.push_back(std::move(row));
        }
    }
    endResetModel();
}

int TraceListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int TraceListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TraceListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::UserRole)
        return index.row();
    if (role == Qt::TextAlignmentRole)
        return index.column() == SpansColumn || index.column() == DurationColumn
            ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::EditRole) { // sortable values
        switch (index.column()) {
        case SpansColumn: return row.spans;
        case DurationColumn: return static_cast<qint64>(row.durationNs);
        default: break;
        }
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case RequestColumn: return row.request;
    case ServiceColumn: return row.rootService;
    case SpansColumn: return QLocale().toString(row.spans);
    case DurationColumn: return tr("%1 ms").arg(QLocale().toString(static_cast<double>(row.durationNs) / 1e6, 'f', 2));
    case IdColumn: return row.id;
    default: return {};
    }
}

QVariant TraceListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RequestColumn: return tr("Request");
    case ServiceColumn: return tr("Root service");
    case SpansColumn: return tr("Spans");
    case DurationColumn: return tr("Duration");
    case IdColumn: return tr("Trace id");
    default: return {};
    }
}

} // namespace orrery::widgets
