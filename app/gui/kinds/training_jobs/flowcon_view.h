#pragma once
#include "gui/kind_views.h"
#include "gui/kinds/training_jobs/flowcon_run_data.h"
#include "store/ids.h"

#include <QColor>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QStackedWidget;
class QVBoxLayout;

namespace orrery::widgets {
class StackedAreaChart;
class TimeSeriesChart;
}

namespace orrery::app {

//! The FlowCon tab (issue 18, seed 004): for a run of a `kind: training-jobs` scenario, one
//! panel per worker with a stacked area chart of its containers' CPU limits over time and,
//! beneath it, the evaluation-value curves of the same jobs in the same colours.
//!
//! Where the run recorded the policy's class of each container (FlowCon's NL/WL/CL, as
//! `policy.label` annotations), a band takes the colour of its class at each time and the note
//! above the panels is the legend; else colours are per job and the note says why. showRun()
//! reads on a worker thread; a newer call supersedes a load still in flight.
class FlowConView : public KindRunView {
    Q_OBJECT
public:
    //! At most this many workers get a panel (a 1,000-worker run would otherwise build 2,000 charts).
    static constexpr int kMaxWorkers = 16;

    explicit FlowConView(QWidget* parent = nullptr);

    //! Starts loading `runId` from `projectPath`; loaded() follows when it is on screen.
    void showRun(const QString& projectPath, store::RunId runId) override;
    //! Shows the "select a run" placeholder.
    void clear() override;

    [[nodiscard]] std::optional<store::RunId> runId() const { return m_runId; }
    //! Worker panels on screen.
    [[nodiscard]] int workerCount() const { return static_cast<int>(m_limitCharts.size()); }
    [[nodiscard]] QString workerName(int index) const;
    [[nodiscard]] widgets::StackedAreaChart* limitChart(int index) const;
    [[nodiscard]] widgets::TimeSeriesChart* evaluationChart(int index) const;
    //! The line above the panels that says what the colours mean.
    [[nodiscard]] QString colourNote() const;
    //! The colour of a class label in the charts (the reports use the same).
    [[nodiscard]] QColor classColor(const QString& label) const;
    //! The class labels of the run on screen, in order of first appearance (empty: none recorded).
    [[nodiscard]] QStringList classLabels() const { return m_labels; }
    //! True while the placeholder (no run, or a run without training jobs) is shown.
    [[nodiscard]] bool showsPlaceholder() const;

signals:
    void loaded(qint64 runId);
    void loadFailed(const QString& message);

private:
    void apply(const FlowConRunData& data);
    void showPlaceholder(const QString& text);
    void clearPanels();
    void addWorkerPanel(const FlowConRunData::Worker& worker);

    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_note = nullptr;
    QWidget* m_panels = nullptr;
    QVBoxLayout* m_panelLayout = nullptr;
    std::vector<widgets::StackedAreaChart*> m_limitCharts;
    std::vector<widgets::TimeSeriesChart*> m_evaluationCharts;
    std::vector<QString> m_workerNames;
    QStringList m_labels;

    std::optional<store::RunId> m_runId;
    quint64 m_generation = 0; //!< which showRun() a finished load answers
};

} // namespace orrery::app
