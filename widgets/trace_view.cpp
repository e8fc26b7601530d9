#include "widgets/trace_view.h"

#include "analysis/critical_components.h"
#include "trace/trace_import.h"
#include "widgets/trace_list_model.h"
#include "widgets/trace_timeline.h"

#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace orrery::widgets {
namespace {

//! What a load on the worker produces.
struct TraceLoad {
    std::shared_ptr<const trace::TraceSet> traces;
    std::shared_ptr<const analysis::CriticalPathReport> report;
    QString error;
};

TraceLoad loadTraces(const QString& path)
{
    TraceLoad load;
    try {
        auto traces = std::make_shared<trace::TraceSet>(trace::readTraceFile(path.toStdString()));
        load.report = std::make_shared<analysis::CriticalPathReport>(analysis::analyzeTraces(*traces));
        load.traces = std::move(traces);
    } catch (const std::exception& failure) {
        load.error = QString::fromStdString(failure.what());
    }
    return load;
}

} // namespace

TraceView::TraceView(QWidget* parent)
    : QWidget(parent)
{
    m_model = new TraceListModel(this);
    m_sorted = new QSortFilterProxyModel(this);
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(Qt::EditRole);
    m_chooser = new QTreeView;
    m_chooser->setObjectName(QStringLiteral("traceChooser"));
    m_chooser->setModel(m_sorted);
    m_chooser->setRootIsDecorated(false);
    m_chooser->setUniformRowHeights(true);
    m_chooser->setAlternatingRowColors(true);
    m_chooser->setSortingEnabled(true);
    m_chooser->sortByColumn(-1, Qt::AscendingOrder); // file order until a header is clicked
    m_chooser->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_chooser->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_chooser->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    setCurrentTrace(current.data(Qt::UserRole).toInt());
            });

    m_timeline = new TraceTimeline;
    m_timeline->setObjectName(QStringLiteral("traceTimeline"));

    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("traceStatus"));
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long texts must not widen the window
    m_progress = new QProgressBar;
    m_progress->setRange(0, 0); // the reader reports no progress: a busy indicator
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    m_cancel = new QToolButton;
    m_cancel->setText(tr("Cancel"));
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, this, &TraceView::cancelLoad);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);

    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_chooser);
    splitter->addWidget(m_timeline);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setSizes({150, 600});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);
    updateStatus();
}

TraceView::~TraceView() = default;

void TraceView::setTraceSet(std::shared_ptr<const trace::TraceSet> traces,
                            std::shared_ptr<const analysis::CriticalPathReport> report, const QString& source)
{
    m_traces = std::move(traces);
    m_report = std::move(report);
    m_source = source;
    m_current = -1;
    m_model->setTraceSet(m_traces);
    if (m_traces && !m_traces->traces.empty()) {
        m_chooser->setCurrentIndex(m_sorted->index(0, 0)); // → setCurrentTrace
        if (m_current < 0)
            setCurrentTrace(m_sorted->index(0, 0).data(Qt::UserRole).toInt());
    } else {
        m_path = {};
        m_timeline->setTrace(nullptr, -1, {});
        emit currentTraceChanged(-1);
    }
    updateStatus();
}

void TraceView::setCurrentTrace(int index)
{
    if (!m_traces || index < 0 || index >= static_cast<int>(m_traces->traces.size()) || index == m_current)
        return;
    m_current = index;
    const trace::Trace& trace = m_traces->traces[static_cast<std::size_t>(index)];
    m_path = analysis::criticalPath(trace);
    m_timeline->setTrace(m_traces, index, buildTimelineRows(trace, &m_path));
    const QModelIndex shown = m_sorted->mapFromSource(m_model->index(index, 0));
    if (shown.isValid() && m_chooser->currentIndex().row() != shown.row())
        m_chooser->setCurrentIndex(shown);
    updateStatus();
    emit currentTraceChanged(index);
}

void TraceView::openFile(const QString& path)
{
    const quint64 generation = ++m_generation;
    setLoading(true, tr("Loading %1…").arg(QFileInfo(path).fileName()));
    auto* watcher = new QFutureWatcher<TraceLoad>(this);
    connect(watcher, &QFutureWatcher<TraceLoad>::finished, this, [this, watcher, generation, path] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // cancelled or superseded
        setLoading(false);
        TraceLoad load = watcher->result();
        if (!load.error.isEmpty()) {
            updateStatus();
            emit loadFailed(load.error);
            return;
        }
        setTraceSet(std::move(load.traces), std::move(load.report), QDir::toNativeSeparators(path));
        emit loaded(m_source);
    });
    watcher->setFuture(QtConcurrent::run([path] { return loadTraces(path); }));
}

void TraceView::cancelLoad()
{
    if (!m_loading)
        return;
    ++m_generation; // the worker finishes in the background; its result is dropped
    setLoading(false);
    updateStatus();
}

void TraceView::setLoading(bool loading, const QString& text)
{
    m_loading = loading;
    m_progress->setVisible(loading);
    m_cancel->setVisible(loading);
    if (loading)
        m_status->setText(text);
}

void TraceView::updateStatus()
{
    if (m_loading)
        return;
    if (!m_traces) {
        m_status->setText(tr("No traces: use File ▸ Open Trace… (or drop a file on the window) to read a Jaeger, "
                             "OTLP or Zipkin JSON file."));
        return;
    }
    QString text = tr("%1: %n trace(s)", nullptr, static_cast<int>(m_traces->traces.size())).arg(m_source);
    if (m_current >= 0)
        text += QStringLiteral(" · ")
            + tr("critical path: %n span(s)", nullptr, static_cast<int>(m_path.spans.size()));
    m_status->setText(text);
}

} // namespace orrery::widgets
