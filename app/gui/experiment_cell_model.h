#pragma once
#include "ops/remote_experiment_progress.h"

#include <QAbstractTableModel>

namespace orrery::app {

//! The project explorer's table of a remote experiment's cells while Slurm or Kubernetes runs
//! them: cell id, state (pending, queued, running, done, failed, cancelled), the engine's own
//! state, where it runs (Slurm's JOB_TASK or the pod) and the engine's message.
//!
//! setProgress() keeps the rows when the backend reports the same cells again (dataChanged
//! only), so selection and scrolling survive the updates of a long submission.
class ExperimentCellModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { CellColumn, PhaseColumn, StateColumn, WhereColumn, MessageColumn, ColumnCount };
    enum Role {
        PhaseRole = Qt::UserRole + 1, //!< int(RemoteCellPhase)
    };

    explicit ExperimentCellModel(QObject* parent = nullptr);

    void setProgress(const RemoteExperimentProgress& progress);
    void clear();
    [[nodiscard]] const RemoteExperimentProgress& progress() const { return m_progress; }
    //! How many of the submission's cells are in `phase`.
    [[nodiscard]] int count(RemoteCellPhase phase) const;

    //! "pending", "queued", "running", "done", "failed", "cancelled", translated.
    static QString phaseText(RemoteCellPhase phase);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    RemoteExperimentProgress m_progress;
};

} // namespace orrery::app
