#pragma once
#include "analysis/critical_path.h"

#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QToolButton;
class QTreeView;

namespace orrery::trace {
struct TraceSet;
}
namespace orrery::analysis {
struct CriticalPathReport;
}

namespace orrery::widgets {

class TraceListModel;
class TraceTimeline;

//! Traces and their span timeline (docs/architecture.md §8 "TraceView"): a sortable chooser of the
//! traces of a set (request, root service, spans, duration, id) above the TraceTimeline of the
//! chosen one, whose critical path (analysis::criticalPath) is highlighted.
//!
//! openFile() reads a trace file (Jaeger, OTLP or Zipkin v2 JSON, trace::readTraceFile) and
//! analyses it (critical paths and components) on a worker thread with a busy indicator and
//! Cancel; a cancelled or superseded load is discarded.
class TraceView : public QWidget {
    Q_OBJECT
public:
    explicit TraceView(QWidget* parent = nullptr);
    ~TraceView() override;

    //! Shows `traces` (with their analysis, if any) and chooses the first trace.
    void setTraceSet(std::shared_ptr<const trace::TraceSet> traces,
                     std::shared_ptr<const analysis::CriticalPathReport> report, const QString& source);
    //! Starts loading a trace file (Jaeger, OTLP or Zipkin v2 JSON); loaded() or loadFailed() follows.
    void openFile(const QString& path);
    void cancelLoad();
    [[nodiscard]] bool isLoading() const { return m_loading; }

    void setCurrentTrace(int index);
    [[nodiscard]] int currentTrace() const { return m_current; }
    [[nodiscard]] const std::shared_ptr<const trace::TraceSet>& traceSet() const { return m_traces; }
    [[nodiscard]] const std::shared_ptr<const analysis::CriticalPathReport>& report() const { return m_report; }
    //! The critical path of the current trace.
    [[nodiscard]] const analysis::CriticalPath& criticalPath() const { return m_path; }
    [[nodiscard]] QString source() const { return m_source; }

    [[nodiscard]] TraceTimeline* timeline() const { return m_timeline; }
    [[nodiscard]] TraceListModel* chooserModel() const { return m_model; }
    [[nodiscard]] QTreeView* chooser() const { return m_chooser; }

signals:
    void loaded(const QString& source);
    void loadFailed(const QString& message);
    void currentTraceChanged(int index);

private:
    void setLoading(bool loading, const QString& text = {});
    void updateStatus();

    std::shared_ptr<const trace::TraceSet> m_traces;
    std::shared_ptr<const analysis::CriticalPathReport> m_report;
    analysis::CriticalPath m_path;
    QString m_source;
    int m_current = -1;
    quint64 m_generation = 0;
    bool m_loading = false;

    TraceListModel* m_model = nullptr;
    QSortFilterProxyModel* m_sorted = nullptr;
    QTreeView* m_chooser = nullptr;
    TraceTimeline* m_timeline = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
};

} // namespace orrery::widgets
