#pragma once
#include "store/experiment_record.h"
#include "store/run_summary.h"

#include <QAbstractItemModel>

#include <optional>
#include <vector>

namespace orrery::app {

//! The project explorer's model: a top-level "Runs" item whose children are the project's runs,
//! oldest first, with columns id, scenario, seed, status and policies; and an "Experiments" item
//! whose children are the project's experiments (id, name, seeds and arms, status, arms).
//!
//! setRuns() applies a new listing with the smallest change it can (new runs are inserted,
//! changed ones emit dataChanged), so selection and expansion survive refreshes during a run;
//! setExperiments() does the same for experiments.
class RunListModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { IdColumn, ScenarioColumn, SeedColumn, StatusColumn, PoliciesColumn, ColumnCount };
    enum Role {
        RunIdRole = Qt::UserRole + 1, //!< qint64 run id, on run rows
        StatusRole,                   //!< int(sim::RunStatus), on run rows
        ExperimentIdRole,             //!< qint64 experiment id, on experiment rows
    };

    explicit RunListModel(QObject* parent = nullptr);

    void setRuns(std::vector<store::RunSummary> runs);
    [[nodiscard]] const std::vector<store::RunSummary>& runs() const { return m_runs; }
    void setExperiments(std::vector<store::ExperimentRecord> experiments);
    [[nodiscard]] const std::vector<store::ExperimentRecord>& experiments() const { return m_experiments; }

    //! The "Runs" group item.
    [[nodiscard]] QModelIndex runsGroupIndex() const;
    //! The "Experiments" group item.
    [[nodiscard]] QModelIndex experimentsGroupIndex() const;
    //! Column `column` of the experiment with id `id`, or invalid.
    [[nodiscard]] QModelIndex indexOfExperiment(store::ExperimentId id, int column = IdColumn) const;
    //! The experiment id at `index` (any column), if it is an experiment row.
    [[nodiscard]] std::optional<store::ExperimentId> experimentIdAt(const QModelIndex& index) const;
    //! Column `column` of the run with id `id`, or invalid.
    [[nodiscard]] QModelIndex indexOfRun(store::RunId id, int column = IdColumn) const;
    //! The run id at `index` (any column), if it is a run row.
    [[nodiscard]] std::optional<store::RunId> runIdAt(const QModelIndex& index) const;

    //! The status word the explorer shows ("completed", "cancelled", …), translated.
    static QString statusText(sim::RunStatus status);
    //! The run's policies as the explorer shows them: "placement: first-fit", parameters in braces
    //! when there are any.
    static QString policiesText(const store::RunSummary& run);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant groupData(int row, int column, int role) const;
    QVariant runData(const store::RunSummary& run, int column, int role) const;
    QVariant experimentData(const store::ExperimentRecord& experiment, int column, int role) const;

    std::vector<store::RunSummary> m_runs;
    std::vector<store::ExperimentRecord> m_experiments;
};

} // namespace orrery::app
