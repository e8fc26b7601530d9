#pragma once
#include "gui/kind_views.h"
#include "gui/kinds/strl_jobs/strl_plan_data.h"
#include "store/ids.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;
class QStackedWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace orrery::app {

class StrlPlanCanvas;

//! The Plan tab (issue 19, seed 003): for a run of a `kind: strl-jobs` scenario, the space-time
//! plan — nodes (by rack, GPU nodes marked) against simulated time, the executed placements as
//! blocks coloured by job type and the future placements planned in the cycle chosen with the
//! slider or spin box as hatched blocks (TetriSched's "Tetris"); clicking a block shows the job's
//! STRL expression as a tree, rebuilt from the run's stored scenario with core/strl's generators
//! (the run records no expressions). showRun() reads on a worker thread; a newer call supersedes
//! a load still in flight. Runs of other kinds show a placeholder.
class StrlPlanView : public KindRunView {
    Q_OBJECT
public:
    explicit StrlPlanView(QWidget* parent = nullptr);

    void showRun(const QString& projectPath, store::RunId runId) override;
    void clear() override;

    [[nodiscard]] std::optional<store::RunId> runId() const { return m_runId; }
    [[nodiscard]] bool showsPlaceholder() const;
    [[nodiscard]] const StrlPlanRunData* data() const { return m_data.get(); }
    [[nodiscard]] StrlPlanCanvas* canvas() const { return m_canvas; }
    [[nodiscard]] QSlider* cycleSlider() const { return m_cycleSlider; }
    [[nodiscard]] QSpinBox* cycleSpin() const { return m_cycleSpin; }
    //! The cycle whose plan is drawn (index into data()->cycles; -1: none).
    [[nodiscard]] int currentCycle() const;
    void setCycle(int cycle);
    [[nodiscard]] QString cycleText() const;
    [[nodiscard]] QString legendText() const;
    [[nodiscard]] QTreeWidget* strlTree() const { return m_tree; }
    [[nodiscard]] QComboBox* expressionSourceBox() const { return m_source; }
    //! The job whose expression is in the tree (empty: none).
    [[nodiscard]] QString selectedJob() const { return m_job; }
    //! What the panel says about how the expression was rebuilt.
    [[nodiscard]] QString expressionNote() const;
    //! Shows job `job`'s expression, as a click on one of its blocks does.
    void selectJob(const QString& job);

signals:
    void loaded(qint64 runId);
    void loadFailed(const QString& message);

private:
    void apply(StrlPlanRunData record);
    void showPlaceholder(const QString& text);
    void showCycle(int cycle);
    void showExpression();
    QTreeWidgetItem* addExpression(QTreeWidgetItem* parent, const strl::Expression& expression,
                                   const StrlPlanRunData::Block* executed);

    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_legend = nullptr;
    QSlider* m_cycleSlider = nullptr;
    QSpinBox* m_cycleSpin = nullptr;
    QLabel* m_cycleLabel = nullptr;
    StrlPlanCanvas* m_canvas = nullptr;
    QLabel* m_jobTitle = nullptr;
    QComboBox* m_source = nullptr;
    QLabel* m_note = nullptr;
    QTreeWidget* m_tree = nullptr;

    std::shared_ptr<const StrlPlanRunData> m_data;
    QString m_job;
    std::optional<store::RunId> m_runId;
    quint64 m_generation = 0;
};

} // namespace orrery::app
