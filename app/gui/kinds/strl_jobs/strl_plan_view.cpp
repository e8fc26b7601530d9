#include "gui/kinds/strl_jobs/strl_plan_view.h"

#include "gui/placeholder_stack.h"
#include "gui/kinds/strl_jobs/strl_plan_canvas.h"
#include "strl/generator_context.h"

#include <QComboBox>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace orrery::app {
namespace {

constexpr int kExpandAllLeaves = 400; //!< larger trees open only their first level

QString seconds(double value)
{
    return QString::number(value, 'f', std::abs(value - std::round(value)) < 1e-9 ? 0 : 1);
}

QString typeDescription(const QString& type)
{
    if (type == QLatin1String("gpu"))
        return StrlPlanView::tr("gpu: faster with a GPU on every node");
    if (type == QLatin1String("mpi"))
        return StrlPlanView::tr("mpi: faster within one rack");
    if (type == QLatin1String("availability"))
        return StrlPlanView::tr("availability: one node on each of k racks");
    if (type == QLatin1String("slo"))
        return StrlPlanView::tr("slo: worth its value only by its deadline");
    if (type == QLatin1String("best-effort"))
        return StrlPlanView::tr("best-effort: worth less the later it ends");
    return type;
}

//! How many nodes of `block` are in the generator set `set` (gen:all, gen:gpu, gen:rack=<r>).
int nodesInSet(const StrlPlanRunData& data, const StrlPlanRunData::Block& block, const std::string& set)
{
    const std::string rackPrefix = strl::GeneratorContext::rackSet("");
    int count = 0;
    for (const int row : block.rows) {
        const StrlPlanRunData::Node& node = data.nodes[static_cast<std::size_t>(row)];
        if (set == strl::GeneratorContext::gpuNodesSet() && node.gpus <= 0)
            continue;
        if (set.starts_with(rackPrefix) && node.rack.toStdString() != set.substr(rackPrefix.size()))
            continue;
        ++count;
    }
    return count;
}

//! Whether leaf `leaf` describes what ran as `block`: same start, same length, k of its nodes in its set.
bool leafRan(const StrlPlanRunData& data, const strl::NckLeaf& leaf, const StrlPlanRunData::Block& block)
{
    return std::abs(sim::toSeconds(leaf.start) - block.start) < 1e-3
           && std::abs(sim::toSeconds(leaf.duration) - (block.end - block.start)) < 1e-3
           && nodesInSet(data, block, leaf.setName) >= leaf.k;
}

} // namespace

StrlPlanView::StrlPlanView(QWidget* parent)
    : KindRunView(parent)
{
    const PlaceholderStack pages = makePlaceholderStack(this, QStringLiteral("strlPlanPlaceholder"));
    m_stack = pages.stack;
    m_placeholder = pages.placeholder;
    auto* page = new QWidget(m_stack);
    auto* layout = new QVBoxLayout(page);
    m_title = new QLabel(page);
    m_title->setObjectName(QStringLiteral("strlPlanTitle"));
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    layout->addWidget(m_title);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Cycle:"), page));
    m_cycleSlider = new QSlider(Qt::Horizontal, page);
    m_cycleSlider->setObjectName(QStringLiteral("strlCycleSlider"));
    m_cycleSlider->setToolTip(tr("The scheduling cycle whose plan for the future is drawn as hatched blocks"));
    m_cycleSpin = new QSpinBox(page);
    m_cycleSpin->setObjectName(QStringLiteral("strlCycleSpin"));
    m_cycleSpin->setToolTip(m_cycleSlider->toolTip());
    m_cycleLabel = new QLabel(page);
    m_cycleLabel->setObjectName(QStringLiteral("strlCycleLabel"));
    controls->addWidget(m_cycleSlider, 2);
    controls->addWidget(m_cycleSpin);
    controls->addWidget(m_cycleLabel, 1);
    const auto makeButton = [page, controls](const QString& text, const QString& tip) {
        auto* button = new QToolButton(page);
        button->setText(text);
        button->setToolTip(tip);
        controls->addWidget(button);
        return button;
    };
    QToolButton* zoomOut = makeButton(tr("−"), tr("Zoom out on the time axis (−; Ctrl+wheel)"));
    QToolButton* zoomIn = makeButton(tr("+"), tr("Zoom in on the time axis (+; Ctrl+wheel)"));
    QToolButton* fit = makeButton(tr("Fit"), tr("The whole run across the width (0)"));
    layout->addLayout(controls);

    m_legend = new QLabel(page);
    m_legend->setObjectName(QStringLiteral("strlPlanLegend"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    layout->addWidget(m_legend);

    auto* splitter = new QSplitter(Qt::Horizontal, page);
    m_canvas = new StrlPlanCanvas(splitter);
    m_canvas->setObjectName(QStringLiteral("strlPlanCanvas"));
    auto* side = new QGroupBox(tr("STRL expression of the selected job"), splitter);
    side->setObjectName(QStringLiteral("strlExpressionPanel"));
    auto* sideLayout = new QVBoxLayout(side);
    m_jobTitle = new QLabel(side);
    m_jobTitle->setObjectName(QStringLiteral("strlJobTitle"));
    m_jobTitle->setFont(bold);
    m_jobTitle->setWordWrap(true);
    auto* sourceRow = new QHBoxLayout;
    sourceRow->addWidget(new QLabel(tr("Generated at:"), side));
    m_source = new QComboBox(side);
    m_source->setObjectName(QStringLiteral("strlExpressionSource"));
    m_source->addItem(tr("its first cycle after submission"));
    m_source->addItem(tr("the cycle it started"));
    m_source->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_source->setMinimumContentsLength(12);
    m_source->setToolTip(tr("Each cycle regenerates a pending job's expression over the window starting then"));
    sourceRow->addWidget(m_source, 1);
    m_note = new QLabel(side);
    m_note->setObjectName(QStringLiteral("strlExpressionNote"));
    m_note->setWordWrap(true);
    m_tree = new QTreeWidget(side);
    m_tree->setObjectName(QStringLiteral("strlExpressionTree"));
    m_tree->setHeaderLabels({tr("Expression"), tr("Set"), tr("k"), tr("Start (s)"), tr("Duration (s)"), tr("Value")});
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    sideLayout->addWidget(m_jobTitle);
    sideLayout->addLayout(sourceRow);
    sideLayout->addWidget(m_note);
    sideLayout->addWidget(m_tree, 1);
    splitter->addWidget(m_canvas);
    splitter->addWidget(side);
    splitter->setChildrenCollapsible(false);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    m_stack->addWidget(page);

    connect(m_cycleSlider, &QSlider::valueChanged, this, &StrlPlanView::showCycle);
    connect(m_cycleSpin, &QSpinBox::valueChanged, this, &StrlPlanView::showCycle);
    connect(zoomIn, &QToolButton::clicked, m_canvas, &StrlPlanCanvas::zoomIn);
    connect(zoomOut, &QToolButton::clicked, m_canvas, &StrlPlanCanvas::zoomOut);
    connect(fit, &QToolButton::clicked, m_canvas, &StrlPlanCanvas::fitTime);
    connect(m_canvas, &StrlPlanCanvas::blockClicked, this, [this](const QString& job) { selectJob(job); });
    connect(m_source, &QComboBox::currentIndexChanged, this, [this] { showExpression(); });
    clear();
}

void StrlPlanView::showRun(const QString& projectPath, store::RunId runId)
{
    m_runId = runId;
    const quint64 generation = ++m_generation;
    auto* watcher = new QFutureWatcher<StrlPlanRunData>(this);
    connect(watcher, &QFutureWatcher<StrlPlanRunData>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            apply(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([path = projectPath.toStdString(), runId] { return loadStrlPlanRunData(path, runId); }));
}

void StrlPlanView::clear()
{
    ++m_generation;
    m_runId.reset();
    showPlaceholder(tr("Select a run of a strl-jobs scenario (kind: strl-jobs) to see its space-time plan: the "
                       "placements that ran and, per scheduling cycle, the ones TetriSched planned ahead."));
}

bool StrlPlanView::showsPlaceholder() const { return m_stack->currentWidget() == m_placeholder; }

void StrlPlanView::showPlaceholder(const QString& text)
{
    m_data.reset();
    m_job.clear();
    m_canvas->setData(nullptr);
    m_tree->clear();
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(m_placeholder);
}

int StrlPlanView::currentCycle() const { return m_data ? m_canvas->cycle() : -1; }

void StrlPlanView::setCycle(int cycle) { m_cycleSlider->setValue(cycle); }

QString StrlPlanView::cycleText() const { return m_cycleLabel->text(); }

QString StrlPlanView::legendText() const { return m_legend->text(); }

QString StrlPlanView::expressionNote() const { return m_note->text(); }

void StrlPlanView::apply(StrlPlanRunData record)
{
    if (!record.error.isEmpty()) {
        showPlaceholder(tr("Run %1 could not be read: %2").arg(record.runId).arg(record.error));
        emit loadFailed(record.error);
        return;
    }
    if (!record.runFound || !record.isStrl) {
        showPlaceholder(record.runFound ? tr("Run %1 has no strl-jobs workload (kind: strl-jobs), so there is no "
                                             "space-time plan to show.").arg(record.runId)
                                        : tr("Run %1 is not in the project.").arg(record.runId));
        emit loaded(static_cast<qint64>(record.runId));
        return;
    }
    auto data = std::make_shared<const StrlPlanRunData>(std::move(record));
    m_data = data;
    m_job.clear();
    const QString policy = data->policy.isEmpty() ? tr("no placement policy") : data->policy;
    QString planning;
    if (data->plansStrl)
        planning = tr("%1: plan-ahead window of %n slice(s)", nullptr, data->window).arg(policy)
                   + QStringLiteral(" × %1 s").arg(seconds(sim::toSeconds(data->slot)));
    else
        planning = tr("%1 places jobs one at a time and plans nothing ahead").arg(policy);
    m_title->setText(tr("Run %1, workload %2: %n placement(s) ran", nullptr, static_cast<int>(data->executed.size()))
                         .arg(data->runId)
                         .arg(data->workload)
                     + QStringLiteral(" · ") + tr("%n node(s)", nullptr, static_cast<int>(data->nodes.size()))
                     + QStringLiteral(" · ") + tr("%n cycle(s)", nullptr, static_cast<int>(data->cycles.size()))
                     + QStringLiteral(" · ") + planning);
    QStringList legend;
    for (const QString& type : data->types)
        legend << QStringLiteral("<span style=\"color:%1\">■</span>&nbsp;%2")
                      .arg(StrlPlanCanvas::typeColor(type).name(), typeDescription(type).toHtmlEscaped());
    m_legend->setText(tr("Filled: placements that ran (faded: started after the chosen cycle). Hatched with a "
                         "dashed outline: the chosen cycle's plan for later cycles. Red line: the cycle's time.")
                      + QStringLiteral("<br>") + legend.join(QStringLiteral(" · ")));
    m_canvas->setData(data);
    const int cycles = static_cast<int>(data->cycles.size());
    // Start at the cycle that planned the most ahead: the fullest "Tetris" of the run.
    int fullest = 0;
    for (int c = 0; c < cycles; ++c) {
        const auto [first, last] = data->plannedOfCycle[static_cast<std::size_t>(c)];
        const auto [bestFirst, bestLast] = data->plannedOfCycle[static_cast<std::size_t>(fullest)];
        if (last - first > bestLast - bestFirst)
            fullest = c;
    }
    {
        const QSignalBlocker sliderBlocker(m_cycleSlider);
        const QSignalBlocker spinBlocker(m_cycleSpin);
        m_cycleSlider->setRange(0, std::max(0, cycles - 1));
        m_cycleSpin->setRange(0, std::max(0, cycles - 1));
    }
    m_jobTitle->setText(tr("Click a block to see its job's STRL expression."));
    m_note->clear();
    m_tree->clear();
    m_stack->setCurrentIndex(1);
    showCycle(fullest);
    emit loaded(static_cast<qint64>(data->runId));
}

void StrlPlanView::showCycle(int cycle)
{
    {
        const QSignalBlocker sliderBlocker(m_cycleSlider);
        const QSignalBlocker spinBlocker(m_cycleSpin);
        m_cycleSlider->setValue(cycle);
        m_cycleSpin->setValue(cycle);
    }
    if (!m_data || cycle < 0 || cycle >= static_cast<int>(m_data->cycles.size())) {
        m_canvas->setCycle(-1);
        m_cycleLabel->clear();
        return;
    }
    m_canvas->setCycle(cycle);
    const auto [first, last] = m_data->plannedOfCycle[static_cast<std::size_t>(cycle)];
    const QString at = seconds(m_data->cycles[static_cast<std::size_t>(cycle)]);
    if (!m_data->plansStrl)
        m_cycleLabel->setText(tr("at %1 s: the policy records no plan").arg(at));
    else if (last > first)
        m_cycleLabel->setText(tr("at %1 s: %n placement(s) planned for later cycles", nullptr, last - first).arg(at));
    else
        m_cycleLabel->setText(tr("at %1 s: nothing planned ahead").arg(at));
}

void StrlPlanView::selectJob(const QString& job)
{
    m_job = job;
    m_canvas->setSelectedJob(job);
    showExpression();
}

void StrlPlanView::showExpression()
{
    m_tree->clear();
    if (!m_data || m_job.isEmpty())
        return;
    const StrlPlanRunData::Block* executed = nullptr;
    for (const StrlPlanRunData::Block& block : m_data->executed) {
        if (block.job == m_job) {
            executed = &block;
            break;
        }
    }
    const StrlPlanRunData::Job* job = m_data->findJob(m_job);
    const auto source = m_source->currentIndex() == 1 ? RebuiltExpression::Source::Start : RebuiltExpression::Source::Submission;
    const std::optional<RebuiltExpression> rebuilt = rebuildJobExpression(*m_data, m_job, executed, source);
    if (job) {
        QString title = tr("%1 — class %2 (%3), %n node(s)", nullptr, job->nodes)
                            .arg(m_job, job->className, QString::fromLatin1(strl::toString(job->type)));
        title += QStringLiteral(", ") + tr("%1 s preferred run time, submitted at %2 s")
                                            .arg(seconds(sim::toSeconds(job->duration)), seconds(sim::toSeconds(job->submitAt)));
        m_jobTitle->setText(title);
    } else {
        m_jobTitle->setText(m_job);
    }
    if (!rebuilt) {
        m_note->setText(tr("Neither job %1 nor its class is in the run's scenario, so its expression cannot be rebuilt.").arg(m_job));
        return;
    }
    const QString at = seconds(sim::toSeconds(rebuilt->at));
    const QString window = tr("window of %n slice(s)", nullptr, m_data->window) + QStringLiteral(" × %1 s").arg(seconds(sim::toSeconds(m_data->slot)));
    QString note;
    switch (rebuilt->source) {
    case RebuiltExpression::Source::Submission:
        note = tr("Rebuilt, not recorded (runs store no expressions): core/strl's generator applied to the job as the "
                  "run's scenario submits it (same seed, same job stream), at its first cycle after submission (t = %1 s) "
                  "with a %2 — what the policy planned with then. Each later cycle regenerates it with later starts.")
                   .arg(at, window);
        break;
    case RebuiltExpression::Source::Start:
        note = tr("Rebuilt, not recorded (runs store no expressions): core/strl's generator applied to the job as the "
                  "run's scenario submits it, at the cycle it started (t = %1 s) with a %2. Bold: the option that ran.")
                   .arg(at, window);
        break;
    case RebuiltExpression::Source::ClassAtStart:
        note = tr("Not exact: job %1 is not in the job stream the run's scenario draws, so this is the expression of its "
                  "class with the class's nominal run time at the job's recorded start (t = %2 s), with a %3.")
                   .arg(m_job, at, window);
        break;
    }
    if (source == RebuiltExpression::Source::Start && !executed)
        note += QLatin1Char(' ') + tr("The job never started, so this is its first cycle's expression.");
    if (!rebuilt->policyPlansStrl)
        note += QLatin1Char(' ') + tr("The run's policy (%1) does not plan with STRL: this is what TetriSched's generator "
                                      "would ask for.").arg(m_data->policy);
    m_note->setText(note);
    QTreeWidgetItem* root = addExpression(nullptr, rebuilt->expression, source == RebuiltExpression::Source::Start ? executed : nullptr);
    if (rebuilt->expression.leafCount() <= kExpandAllLeaves)
        m_tree->expandAll();
    else
        root->setExpanded(true);
}

QTreeWidgetItem* StrlPlanView::addExpression(QTreeWidgetItem* parent, const strl::Expression& expression,
                                             const StrlPlanRunData::Block* executed)
{
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
    const QString op = QString::fromLatin1(strl::toString(expression.op));
    switch (expression.op) {
    case strl::Operator::Nck: {
        const strl::NckLeaf& leaf = expression.leaf;
        item->setText(0, op);
        item->setText(1, QString::fromStdString(leaf.setName));
        item->setText(2, QString::number(leaf.k));
        item->setText(3, seconds(sim::toSeconds(leaf.start)));
        item->setText(4, seconds(sim::toSeconds(leaf.duration)));
        item->setText(5, QString::number(leaf.value, 'g', 4));
        if (executed && leafRan(*m_data, leaf, *executed)) {
            item->setText(0, tr("%1 — ran").arg(op));
            QFont font = item->font(0);
            font.setBold(true);
            for (int c = 0; c < m_tree->columnCount(); ++c)
                item->setFont(c, font);
        }
        item->setToolTip(0, tr("Worth %1 when any %2 node(s) of %3 are held from %4 s for %5 s")
                                .arg(QString::number(leaf.value, 'g', 4))
                                .arg(leaf.k)
                                .arg(QString::fromStdString(leaf.setName), seconds(sim::toSeconds(leaf.start)),
                                     seconds(sim::toSeconds(leaf.duration))));
        return item;
    }
    case strl::Operator::Max:
        item->setText(0, tr("%1 · %n option(s)", nullptr, static_cast<int>(expression.children.size())).arg(op));
        item->setToolTip(0, tr("Worth its best option; at most one option is granted"));
        break;
    case strl::Operator::Min:
        item->setText(0, tr("%1 · %n part(s)", nullptr, static_cast<int>(expression.children.size())).arg(op));
        item->setToolTip(0, tr("All parts are granted or none; worth its smallest part"));
        break;
    case strl::Operator::Sum:
        item->setText(0, tr("%1 · %n part(s)", nullptr, static_cast<int>(expression.children.size())).arg(op));
        item->setToolTip(0, tr("Worth the sum of its granted parts"));
        break;
    case strl::Operator::Scale:
        item->setText(0, tr("%1 × %2").arg(op, QString::number(expression.parameter, 'g', 4)));
        item->setText(5, QString::number(expression.parameter, 'g', 4));
        item->setToolTip(0, tr("Worth its part's value times %1").arg(QString::number(expression.parameter, 'g', 4)));
        break;
    case strl::Operator::Barrier:
        item->setText(0, tr("%1 ≥ %2").arg(op, QString::number(expression.parameter, 'g', 4)));
        item->setText(5, QString::number(expression.parameter, 'g', 4));
        item->setToolTip(0, tr("Worth %1 when its part is worth at least %1, else nothing").arg(QString::number(expression.parameter, 'g', 4)));
        break;
    }
    for (const strl::Expression& child : expression.children)
        addExpression(item, child, executed);
    return item;
}

} // namespace orrery::app
