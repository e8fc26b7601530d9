#include "gui/project_catalog_model.h"

#include "gui/run_list_model.h"
#include "model/value_format.h"

#include <QLocale>

#include <map>

namespace orrery::app {
namespace {

// internalId: which level an index is on; a run's is kRunLevel + its scenario's row.
constexpr quintptr kGroupLevel = 0;
constexpr quintptr kScenarioLevel = 1;
constexpr quintptr kModelLevel = 2;
constexpr quintptr kRunLevel = 3;
constexpr int kScenariosRow = 0;
constexpr int kModelsRow = 1;

QString metricsText(const store::ModelMetrics& metrics)
{
    QStringList parts;
    for (const auto& [name, value] : metrics)
        parts << QStringLiteral("%1 %2").arg(QString::fromStdString(name), QString::fromStdString(model::formatSignificant(value, 4)));
    return parts.join(QStringLiteral(", "));
}

bool sameRun(const store::RunSummary& a, const store::RunSummary& b)
{
    return a.id == b.id && a.status == b.status && a.seed == b.seed && a.startedAt == b.startedAt;
}

bool sameModel(const store::ModelSummary& a, const store::ModelSummary& b)
{
    return a.id == b.id && a.sampleCount == b.sampleCount && a.metrics == b.metrics;
}

} // namespace

bool ProjectCatalogModel::Scenario::operator==(const Scenario& other) const
{
    return name == other.name && std::equal(runs.begin(), runs.end(), other.runs.begin(), other.runs.end(), sameRun);
}

ProjectCatalogModel::ProjectCatalogModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void ProjectCatalogModel::setContents(const std::vector<store::RunSummary>& runs, std::vector<store::ModelSummary> models)
{
    std::map<std::string, std::size_t> byName; // scenarios in the order of their first run
    std::vector<Scenario> scenarios;
    for (const store::RunSummary& run : runs) {
        auto [it, added] = byName.emplace(run.scenarioName, scenarios.size());
        if (added)
            scenarios.push_back({QString::fromStdString(run.scenarioName), {}});
        scenarios[it->second].runs.push_back(run);
    }
    if (scenarios == m_scenarios
        && std::equal(models.begin(), models.end(), m_models.begin(), m_models.end(), sameModel))
        return;
    beginResetModel();
    m_scenarios = std::move(scenarios);
    m_models = std::move(models);
    endResetModel();
}

QModelIndex ProjectCatalogModel::scenariosGroupIndex() const
{
    return createIndex(kScenariosRow, 0, kGroupLevel);
}

QModelIndex ProjectCatalogModel::modelsGroupIndex() const
{
    return createIndex(kModelsRow, 0, kGroupLevel);
}

std::optional<store::RunId> ProjectCatalogModel::runIdAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() < kRunLevel)
        return std::nullopt;
    return m_scenarios[index.internalId() - kRunLevel].runs[static_cast<std::size_t>(index.row())].id;
}

const store::ModelSummary* ProjectCatalogModel::modelAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() != kModelLevel)
        return nullptr;
    return &m_models[static_cast<std::size_t>(index.row())];
}

QString ProjectCatalogModel::modelDetails(const store::ModelSummary& model)
{
    QStringList lines;
    lines << tr("Model %1 of plugin “%2”").arg(model.id).arg(QString::fromStdString(model.plugin));
    lines << tr("Created: %1").arg(QString::fromStdString(model.createdAt));
    lines << tr("Trained on: scenario “%1”, seed %2").arg(QString::fromStdString(model.scenarioName)).arg(model.seed);
    lines << tr("Samples: %1").arg(QLocale().toString(model.sampleCount));
    lines << tr("Size: %1").arg(QLocale().formattedDataSize(model.byteCount));
    for (const auto& [name, value] : model.metrics)
        lines << QStringLiteral("%1: %2").arg(QString::fromStdString(name), QString::fromStdString(model::formatSignificant(value, 6)));
    return lines.join(QLatin1Char('\n'));
}

QModelIndex ProjectCatalogModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < 2 ? createIndex(row, column, kGroupLevel) : QModelIndex();
    if (parent.column() != 0)
        return {};
    if (parent.internalId() == kGroupLevel && parent.row() == kScenariosRow && row < static_cast<int>(m_scenarios.size()))
        return createIndex(row, column, kScenarioLevel);
    if (parent.internalId() == kGroupLevel && parent.row() == kModelsRow && row < static_cast<int>(m_models.size()))
        return createIndex(row, column, kModelLevel);
    if (parent.internalId() == kScenarioLevel
        && row < static_cast<int>(m_scenarios[static_cast<std::size_t>(parent.row())].runs.size()))
        return createIndex(row, column, kRunLevel + static_cast<quintptr>(parent.row()));
    return {};
}

QModelIndex ProjectCatalogModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kGroupLevel)
        return {};
    if (child.internalId() == kScenarioLevel)
        return scenariosGroupIndex();
    if (child.internalId() == kModelLevel)
        return modelsGroupIndex();
    return createIndex(static_cast<int>(child.internalId() - kRunLevel), 0, kScenarioLevel);
}

int ProjectCatalogModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return 2;
    if (parent.column() != 0)
        return 0;
    if (parent.internalId() == kGroupLevel)
        return static_cast<int>(parent.row() == kScenariosRow ? m_scenarios.size() : m_models.size());
    if (parent.internalId() == kScenarioLevel)
        return static_cast<int>(m_scenarios[static_cast<std::size_t>(parent.row())].runs.size());
    return 0;
}

int ProjectCatalogModel::columnCount(const QModelIndex& /*parent*/) const
{
    return ColumnCount;
}

QVariant ProjectCatalogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    switch (index.internalId()) {
    case kGroupLevel:
        if (index.column() != 0)
            return {};
        return index.row() == kScenariosRow ? tr("Scenarios (%1)").arg(m_scenarios.size())
                                            : tr("Trained models (%1)").arg(m_models.size());
    case kScenarioLevel: return scenarioData(m_scenarios[row], index.column());
    case kModelLevel:
        return role == Qt::ToolTipRole ? modelDetails(m_models[row]) : modelData(m_models[row], index.column());
    default: return runData(m_scenarios[index.internalId() - kRunLevel].runs[row], index.column());
    }
}

QVariant ProjectCatalogModel::scenarioData(const Scenario& scenario, int column) const
{
    switch (column) {
    case NameColumn: return scenario.name;
    case CreatedColumn: return QString::fromStdString(scenario.runs.front().startedAt);
    case CountColumn:
        return scenario.runs.size() == 1 ? tr("1 run") : tr("%1 runs").arg(scenario.runs.size());
    case DetailColumn: return tr("last: %1").arg(RunListModel::statusText(scenario.runs.back().status));
    default: return {};
    }
}

QVariant ProjectCatalogModel::runData(const store::RunSummary& run, int column) const
{
    switch (column) {
    case NameColumn: return tr("Run %1").arg(run.id);
    case CreatedColumn: return QString::fromStdString(run.startedAt);
    case CountColumn: return tr("seed %1").arg(run.seed);
    case DetailColumn: return RunListModel::statusText(run.status);
    default: return {};
    }
}

QVariant ProjectCatalogModel::modelData(const store::ModelSummary& model, int column) const
{
    switch (column) {
    case NameColumn: return tr("%1 #%2").arg(QString::fromStdString(model.plugin)).arg(model.id);
    case CreatedColumn: return QString::fromStdString(model.createdAt);
    case CountColumn:
        return model.sampleCount == 1 ? tr("1 sample") : tr("%1 samples").arg(model.sampleCount);
    case DetailColumn: return metricsText(model.metrics);
    default: return {};
    }
}

QVariant ProjectCatalogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case CreatedColumn: return tr("Created");
    case CountColumn: return tr("Size");
    case DetailColumn: return tr("Details");
    default: return {};
    }
}

} // namespace orrery::app
