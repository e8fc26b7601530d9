#pragma once
#include "live/kube_objects.h"

#include <QAbstractTableModel>

#include <vector>

namespace orrery::app {

//! The Live dock's pod table: one row per pod fetched so far; pages are appended.
class LivePodModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NamespaceColumn, NameColumn, NodeColumn, PhaseColumn, RestartsColumn, CpuColumn, MemoryColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    void clear();
    void append(std::vector<live::KubePod> pods);
    [[nodiscard]] const std::vector<live::KubePod>& pods() const { return m_pods; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<live::KubePod> m_pods;
};

} // namespace orrery::app
