#include "gui/live_pod_model.h"

#include "gui/live_node_model.h"

namespace orrery::app {
namespace {

model::Resources requestsOf(const live::KubePod& pod)
{
    model::Resources sum;
    for (const live::KubeContainer& container : pod.containers)
        sum += container.requests;
    return sum;
}

} // namespace

void LivePodModel::clear()
{
    beginResetModel();
    m_pods.clear();
    endResetModel();
}

void LivePodModel::append(std::vector<live::KubePod> pods)
{
    if (pods.empty())
        return;
    const int first = static_cast<int>(m_pods.size());
    beginInsertRows({}, first, first + static_cast<int>(pods.size()) - 1);
    for (live::KubePod& pod : pods)
        m_pods.push_back(std::move(pod));
    endInsertRows();
}

int LivePodModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_pods.size());
}

int LivePodModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LivePodModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const live::KubePod& pod = m_pods[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    if (role == Qt::TextAlignmentRole && (column == RestartsColumn || column == CpuColumn || column == MemoryColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (column) {
    case NamespaceColumn: return QString::fromStdString(pod.meta.nameSpace);
    case NameColumn: return QString::fromStdString(pod.meta.name);
    case NodeColumn: return QString::fromStdString(pod.nodeName);
    case PhaseColumn: return QString::fromStdString(pod.phase);
    case RestartsColumn: return pod.restarts;
    case CpuColumn: return formatCores(requestsOf(pod).millicores);
    case MemoryColumn: return formatMemory(requestsOf(pod).memoryBytes);
    default: return {};
    }
}

QVariant LivePodModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NamespaceColumn: return tr("Namespace");
    case NameColumn: return tr("Pod");
    case NodeColumn: return tr("Node");
    case PhaseColumn: return tr("Phase");
    case RestartsColumn: return tr("Restarts");
    case CpuColumn: return tr("CPU request");
    case MemoryColumn: return tr("Memory request");
    default: return {};
    }
}

} // namespace orrery::app
