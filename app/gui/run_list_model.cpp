#include "gui/run_list_model.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

#include <algorithm>

namespace orrery::app {
namespace {

// internalId of an index: which level it is on. Groups are rows 0 (runs) and 1 (experiments).
constexpr quintptr kGroupLevel = 0;
constexpr quintptr kRunLevel = 1;
constexpr quintptr kExperimentLevel = 2;
constexpr int kRunsGroupRow = 0;
constexpr int kExperimentsGroupRow = 1;
constexpr int kGroupCount = 2;

bool sameRow(const store::RunSummary& a, const store::RunSummary& b)
{
    return a.id == b.id && a.scenarioName == b.scenarioName && a.seed == b.seed && a.status == b.status
        && a.policies == b.policies && a.endedAt == b.endedAt && a.message == b.message;
}

bool sameRow(const store::ExperimentRecord& a, const store::ExperimentRecord& b)
{
    return a.id == b.id && a.name == b.name && a.cellCount == b.cellCount && a.comparedAt == b.comparedAt
        && a.baselineArm == b.baselineArm && a.treatmentArm == b.treatmentArm;
}

QIcon statusIcon(sim::RunStatus status)
{
    const QStyle* style = QApplication::style();
    switch (status) {
    case sim::RunStatus::Running: return style->standardIcon(QStyle::SP_MediaPlay);
    case sim::RunStatus::Completed: return style->standardIcon(QStyle::SP_DialogApplyButton);
    case sim::RunStatus::Failed: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case sim::RunStatus::Interrupted: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case sim::RunStatus::Cancelled: return style->standardIcon(QStyle::SP_DialogCancelButton);
    }
    return {};
}

} // namespace

RunListModel::RunListModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

QString RunListModel::statusText(sim::RunStatus status)
{
    switch (status) {
    case sim::RunStatus::Running: return tr("running");
    case sim::RunStatus::Completed: return tr("completed");
    case sim::RunStatus::Failed: return tr("failed");
    case sim::RunStatus::Interrupted: return tr("interrupted");
    case sim::RunStatus::Cancelled: return tr("cancelled");
    }
    return {};
}

QString RunListModel::policiesText(const store::RunSummary& run)
{
    QStringList parts;
    for (const auto& [point, choice] : run.policies) {
        QString text = QString::fromStdString(choice);
        if (text.endsWith(QStringLiteral(" {}")))
            text.chop(3); // no parameters
        parts << QString::fromStdString(point) + QStringLiteral(": ") + text;
    }
    return parts.join(QStringLiteral("; "));
}

void RunListModel::setRuns(std::vector<store::RunSummary> runs)
{
    const bool extendsCurrent = runs.size() >= m_runs.size()
        && std::equal(m_runs.begin(), m_runs.end(), runs.begin(),
                      [](const auto& a, const auto& b) { return a.id == b.id; });
    if (!extendsCurrent) {
        beginResetModel();
        m_runs = std::move(runs);
        endResetModel();
        return;
    }
    const QModelIndex group = runsGroupIndex();
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        if (sameRow(m_runs[i], runs[i]))
            continue;
        m_runs[i] = runs[i];
        const int row = static_cast<int>(i);
        emit dataChanged(index(row, 0, group), index(row, ColumnCount - 1, group));
    }
    if (runs.size() > m_runs.size()) {
        const auto first = static_cast<int>(m_runs.size());
        beginInsertRows(group, first, static_cast<int>(runs.size()) - 1);
        m_runs.insert(m_runs.end(), std::make_move_iterator(runs.begin() + first),
                      std::make_move_iterator(runs.end()));
        endInsertRows();
        emit dataChanged(group, group); // the group shows the count
    }
}

void RunListModel::setExperiments(std::vector<store::ExperimentRecord> experiments)
{
    const bool extendsCurrent = experiments.size() >= m_experiments.size()
        && std::equal(m_experiments.begin(), m_experiments.end(), experiments.begin(),
                      [](const auto& a, const auto& b) { return a.id == b.id; });
    if (!extendsCurrent) {
        beginResetModel();
        m_experiments = std::move(experiments);
        endResetModel();
        return;
    }
    const QModelIndex group = experimentsGroupIndex();
    for (std::size_t i = 0; i < m_experiments.size(); ++i) {
        if (sameRow(m_experiments[i], experiments[i]))
            continue;
        m_experiments[i] = experiments[i];
        const int row = static_cast<int>(i);
        emit dataChanged(index(row, 0, group), index(row, ColumnCount - 1, group));
    }
    if (experiments.size() > m_experiments.size()) {
        const auto first = static_cast<int>(m_experiments.size());
        beginInsertRows(group, first, static_cast<int>(experiments.size()) - 1);
        m_experiments.insert(m_experiments.end(), std::make_move_iterator(experiments.begin() + first),
                             std::make_move_iterator(experiments.end()));
        endInsertRows();
        emit dataChanged(group, group); // the group shows the count
    }
}

QModelIndex RunListModel::runsGroupIndex() const
{
    return createIndex(kRunsGroupRow, 0, kGroupLevel);
}

QModelIndex RunListModel::experimentsGroupIndex() const
{
    return createIndex(kExperimentsGroupRow, 0, kGroupLevel);
}

QModelIndex RunListModel::indexOfExperiment(store::ExperimentId id, int column) const
{
    const auto found = std::find_if(m_experiments.begin(), m_experiments.end(),
                                    [id](const auto& experiment) { return experiment.id == id; });
    if (found == m_experiments.end())
        return {};
    return index(static_cast<int>(found - m_experiments.begin()), column, experimentsGroupIndex());
}

std::optional<store::ExperimentId> RunListModel::experimentIdAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() != kExperimentLevel)
        return std::nullopt;
    return m_experiments[static_cast<std::size_t>(index.row())].id;
}

QModelIndex RunListModel::indexOfRun(store::RunId id, int column) const
{
    const auto found = std::find_if(m_runs.begin(), m_runs.end(), [id](const auto& run) { return run.id == id; });
    if (found == m_runs.end())
        return {};
    return index(static_cast<int>(found - m_runs.begin()), column, runsGroupIndex());
}

std::optional<store::RunId> RunListModel::runIdAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.internalId() != kRunLevel)
        return std::nullopt;
    return m_runs[static_cast<std::size_t>(index.row())].id;
}

QModelIndex RunListModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < kGroupCount ? createIndex(row, column, kGroupLevel) : QModelIndex();
    if (parent.internalId() != kGroupLevel || parent.column() != 0)
        return {};
    if (parent.row() == kRunsGroupRow && row < static_cast<int>(m_runs.size()))
        return createIndex(row, column, kRunLevel);
    if (parent.row() == kExperimentsGroupRow && row < static_cast<int>(m_experiments.size()))
        return createIndex(row, column, kExperimentLevel);
    return {};
}

QModelIndex RunListModel::parent(const QModelIndex& child) const
{
    if (child.isValid() && child.internalId() == kRunLevel)
        return runsGroupIndex();
    if (child.isValid() && child.internalId() == kExperimentLevel)
        return experimentsGroupIndex();
    return {};
}

int RunListModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return kGroupCount;
    if (parent.internalId() != kGroupLevel || parent.column() != 0)
        return 0;
    return static_cast<int>(parent.row() == kRunsGroupRow ? m_runs.size() : m_experiments.size());
}

int RunListModel::columnCount(const QModelIndex& /*parent*/) const
{
    return ColumnCount;
}

QVariant RunListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == kGroupLevel)
        return groupData(index.row(), index.column(), role);
    if (index.internalId() == kExperimentLevel)
        return experimentData(m_experiments[static_cast<std::size_t>(index.row())], index.column(), role);
    return runData(m_runs[static_cast<std::size_t>(index.row())], index.column(), role);
}

QVariant RunListModel::groupData(int row, int column, int role) const
{
    if (column != 0)
        return {};
    if (role == Qt::DisplayRole) {
        return row == kRunsGroupRow ? tr("Runs (%1)").arg(m_runs.size())
                                    : tr("Experiments (%1)").arg(m_experiments.size());
    }
    if (role == Qt::DecorationRole)
        return QApplication::style()->standardIcon(QStyle::SP_DirIcon);
    return {};
}

QVariant RunListModel::runData(const store::RunSummary& run, int column, int role) const
{
    if (role == RunIdRole)
        return QVariant::fromValue<qint64>(run.id);
    if (role == StatusRole)
        return static_cast<int>(run.status);
    if (role == Qt::ToolTipRole) {
        QString tip = tr("Run %1 of “%2”, %3\nstarted %4").arg(run.id).arg(QString::fromStdString(run.scenarioName),
            statusText(run.status), QString::fromStdString(run.startedAt));
        if (!run.endedAt.empty())
            tip += tr("\nended %1").arg(QString::fromStdString(run.endedAt));
        if (!run.policies.empty())
            tip += QLatin1Char('\n') + policiesText(run);
        if (!run.message.empty())
            tip += QLatin1Char('\n') + QString::fromStdString(run.message);
        return tip;
    }
    if (role == Qt::DecorationRole && column == StatusColumn)
        return statusIcon(run.status);
    if (role == Qt::TextAlignmentRole && (column == IdColumn || column == SeedColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case IdColumn: return QString::number(run.id);
    case ScenarioColumn: return QString::fromStdString(run.scenarioName);
    case SeedColumn: return QString::number(run.seed);
    case StatusColumn: return statusText(run.status);
    case PoliciesColumn: return policiesText(run);
    default: return {};
    }
}

QVariant RunListModel::experimentData(const store::ExperimentRecord& experiment, int column, int role) const
{
    if (role == ExperimentIdRole)
        return QVariant::fromValue<qint64>(experiment.id);
    const QString compared = experiment.comparedAt.empty() ? tr("not compared yet") : tr("compared");
    const QString arms = experiment.treatmentArm.empty() || experiment.treatmentArm == experiment.baselineArm
        ? QString::fromStdString(experiment.baselineArm)
        : tr("%1 vs %2").arg(QString::fromStdString(experiment.treatmentArm), QString::fromStdString(experiment.baselineArm));
    if (role == Qt::ToolTipRole) {
        QString tip = tr("Experiment %1 “%2”, %n run(s), %3\nscenario %4\ncreated %5", nullptr,
                         static_cast<int>(experiment.cellCount))
                          .arg(experiment.id)
                          .arg(QString::fromStdString(experiment.name), compared,
                               QString::fromStdString(experiment.scenarioFile), QString::fromStdString(experiment.createdAt));
        if (!experiment.description.empty())
            tip += QLatin1Char('\n') + QString::fromStdString(experiment.description);
        return tip;
    }
    if (role == Qt::DecorationRole && column == ScenarioColumn)
        return QApplication::style()->standardIcon(QStyle::SP_FileDialogDetailedView);
    if (role == Qt::TextAlignmentRole && (column == IdColumn || column == SeedColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case IdColumn: return QString::number(experiment.id);
    case ScenarioColumn: return QString::fromStdString(experiment.name);
    case SeedColumn: return tr("%n run(s)", nullptr, static_cast<int>(experiment.cellCount));
    case StatusColumn: return compared;
    case PoliciesColumn: return arms;
    default: return {};
    }
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn: return tr("Run");
    case ScenarioColumn: return tr("Scenario");
    case SeedColumn: return tr("Seed");
    case StatusColumn: return tr("Status");
    case PoliciesColumn: return tr("Policies");
    default: return {};
    }
}

} // namespace orrery::app
