#include "gui/live_node_model.h"

#include <QLocale>

namespace orrery::app {

QString formatCores(std::int64_t millicores)
{
    return QLocale().toString(static_cast<double>(millicores) / 1000.0, 'g', 4);
}

QString formatMemory(std::int64_t bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

void LiveNodeModel::clear()
{
    beginResetModel();
    m_nodes.clear();
    endResetModel();
}

void LiveNodeModel::append(std::vector<live::KubeNode> nodes)
{
    if (nodes.empty())
        return;
    const int first = static_cast<int>(m_nodes.size());
    beginInsertRows({}, first, first + static_cast<int>(nodes.size()) - 1);
    for (live::KubeNode& node : nodes)
        m_nodes.push_back(std::move(node));
    endInsertRows();
}

int LiveNodeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_nodes.size());
}

int LiveNodeModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LiveNodeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const live::KubeNode& node = m_nodes[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && (index.column() == CpuColumn || index.column() == MemoryColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case NameColumn: return QString::fromStdString(node.meta.name);
    case ReadyColumn:
        if (node.unschedulable)
            return tr("cordoned");
        return node.ready ? tr("ready") : tr("not ready");
    case CpuColumn: return formatCores(node.allocatable.millicores);
    case MemoryColumn: return formatMemory(node.allocatable.memoryBytes);
    case TypeColumn: return QString::fromStdString(node.instanceType);
    case ZoneColumn: return QString::fromStdString(node.zone);
    case VersionColumn: return QString::fromStdString(node.kubeletVersion);
    default: return {};
    }
}

QVariant LiveNodeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Node");
    case ReadyColumn: return tr("Status");
    case CpuColumn: return tr("CPU");
    case MemoryColumn: return tr("Memory");
    case TypeColumn: return tr("Instance type");
    case ZoneColumn: return tr("Zone");
    case VersionColumn: return tr("Kubelet");
    default: return {};
    }
}

} // namespace orrery::app
