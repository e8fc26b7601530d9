#pragma once
#include "store/run_summary.h"
#include "store/stored_model.h"

#include <QAbstractItemModel>

#include <optional>
#include <vector>

namespace orrery::app {

//! The explorer's second tree: "Scenarios" (the scenarios the project's runs were started from,
//! by name, each with its runs as children) and "Trained models" (the models table: plugin,
//! created, sample count, metrics). setContents() resets only when something changed, so
//! selection survives the refreshes of a run in progress.
class ProjectCatalogModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CreatedColumn, CountColumn, DetailColumn, ColumnCount };
    explicit ProjectCatalogModel(QObject* parent = nullptr);
    void setContents(const std::vector<store::RunSummary>& runs, std::vector<store::ModelSummary> models);
    [[nodiscard]] QModelIndex scenariosGroupIndex() const;
    [[nodiscard]] QModelIndex modelsGroupIndex() const;
    //! The run at `index` (a child of a scenario), if it is one.
    [[nodiscard]] std::optional<store::RunId> runIdAt(const QModelIndex& index) const;
    //! The model at `index`, if it is a model row.
    [[nodiscard]] const store::ModelSummary* modelAt(const QModelIndex& index) const;
    //! The details pane's text for a model: every field and metric, one per line.
    static QString modelDetails(const store::ModelSummary& model);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Scenario {
        QString name;
        std::vector<store::RunSummary> runs; //!< oldest first
        bool operator==(const Scenario& other) const;
    };
    QVariant scenarioData(const Scenario& scenario, int column) const;
    QVariant runData(const store::RunSummary& run, int column) const;
    QVariant modelData(const store::ModelSummary& model, int column) const;
    std::vector<Scenario> m_scenarios;
    std::vector<store::ModelSummary> m_models;
};

} // namespace orrery::app
