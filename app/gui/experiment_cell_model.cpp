#include "gui/experiment_cell_model.h"

#include <QBrush>
#include <QColor>

#include <algorithm>

namespace orrery::app {

ExperimentCellModel::ExperimentCellModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ExperimentCellModel::setProgress(const RemoteExperimentProgress& progress)
{
    const bool sameCells = std::equal(progress.cells.begin(), progress.cells.end(), m_progress.cells.begin(),
                                      m_progress.cells.end(),
                                      [](const RemoteCellStatus& a, const RemoteCellStatus& b) { return a.cell == b.cell; });
    if (!sameCells) {
        beginResetModel();
        m_progress = progress;
        endResetModel();
        return;
    }
    m_progress = progress;
    if (!m_progress.cells.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void ExperimentCellModel::clear()
{
    beginResetModel();
    m_progress = {};
    endResetModel();
}

int ExperimentCellModel::count(RemoteCellPhase phase) const
{
    return static_cast<int>(std::count_if(m_progress.cells.begin(), m_progress.cells.end(),
                                          [phase](const RemoteCellStatus& cell) { return cell.phase == phase; }));
}

QString ExperimentCellModel::phaseText(RemoteCellPhase phase)
{
    switch (phase) {
    case RemoteCellPhase::Pending:
        return tr("pending");
    case RemoteCellPhase::Queued:
        return tr("queued");
    case RemoteCellPhase::Running:
        return tr("running");
    case RemoteCellPhase::Done:
        return tr("done");
    case RemoteCellPhase::Failed:
        return tr("failed");
    case RemoteCellPhase::Cancelled:
        return tr("cancelled");
    }
    return {};
}

int ExperimentCellModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_progress.cells.size());
}

int ExperimentCellModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ExperimentCellModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const RemoteCellStatus& cell = m_progress.cells[static_cast<std::size_t>(index.row())];
    if (role == PhaseRole)
        return static_cast<int>(cell.phase);
    if (role == Qt::ForegroundRole && index.column() == PhaseColumn) {
        if (cell.phase == RemoteCellPhase::Failed)
            return QBrush(QColor(0xc6, 0x28, 0x28));
        if (cell.phase == RemoteCellPhase::Done)
            return QBrush(QColor(0x2e, 0x7d, 0x32));
        return {};
    }
    if (role == Qt::ToolTipRole && !cell.message.empty())
        return QString::fromStdString(cell.message);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case CellColumn:
        return QString::fromStdString(cell.cell);
    case PhaseColumn:
        return phaseText(cell.phase);
    case StateColumn:
        return QString::fromStdString(cell.state);
    case WhereColumn:
        return QString::fromStdString(cell.where);
    case MessageColumn:
        return QString::fromStdString(cell.message);
    default:
        return {};
    }
}

QVariant ExperimentCellModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CellColumn:
        return tr("Cell");
    case PhaseColumn:
        return tr("State");
    case StateColumn:
        return tr("Engine state");
    case WhereColumn:
        return tr("Task or pod");
    case MessageColumn:
        return tr("Message");
    default:
        return {};
    }
}

} // namespace orrery::app
