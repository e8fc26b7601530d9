#pragma once
#include "widgets/graph_layout.h"
#include "widgets/service_graph_data.h"
#include "widgets/service_graph_scene.h"

#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QTextBrowser;

namespace orrery::widgets {

class ServiceGraphCanvas;
class ServiceNodeItem;

//! A service dependency graph (docs/architecture.md §8 "ServiceGraphView"): laid out by Graphviz `dot`
//! on a worker thread (layoutGraph; a newer graph discards a layout still running), drawn as
//! rounded boxes and spline arrows (ServiceGraphScene); services coloured by p99 latency or
//! utilization, calls by rate, the critical path in red and critical components badged, with
//! RI and CI in tooltips. Clicking a service shows its metrics in the details panel and emits
//! serviceClicked(). Drag pans, the wheel zooms around the cursor, F (or Fit) fits; Export
//! writes PNG or SVG.
class ServiceGraphView : public QWidget {
    Q_OBJECT
public:
    explicit ServiceGraphView(QWidget* parent = nullptr);
    ~ServiceGraphView() override;

    //! Shows `data`. Same services and calls as shown: restyles at once; otherwise starts a
    //! layout off the UI thread and layoutFinished() follows.
    void setGraph(ServiceGraphData data);
    //! Removes the graph.
    void clear();
    [[nodiscard]] const ServiceGraphData& graph() const { return m_data; }
    [[nodiscard]] bool isLayoutRunning() const { return m_running > 0; }

    void setColorMode(ServiceColorMode mode);
    [[nodiscard]] ServiceColorMode colorMode() const { return m_scene->colorMode(); }

    //! The drawn item of service `name`, or null (before the layout or for an unknown name).
    [[nodiscard]] ServiceNodeItem* nodeItem(const QString& name) const;
    //! Services drawn as on the critical path, in graph order.
    [[nodiscard]] QStringList highlightedServices() const;
    //! Calls drawn as on the critical path ("caller → callee"), in graph order.
    [[nodiscard]] QStringList highlightedCalls() const;
    //! The Graphviz engine of the last layout.
    [[nodiscard]] QString layoutEngine() const { return m_engine; }
    [[nodiscard]] ServiceGraphScene* scene() const { return m_scene; }
    [[nodiscard]] ServiceGraphCanvas* canvas() const { return m_canvas; }

    //! Selects service `name` as a click would; false if there is no such service.
    bool selectService(const QString& name);
    [[nodiscard]] QString selectedService() const;
    [[nodiscard]] QString detailsText() const;

    void fitAll();
    //! Writes the whole graph as PNG (at `scale` × scene size, at most 8,000 px a side) or SVG.
    bool exportPng(const QString& path, double scale = 2.0) const;
    bool exportSvg(const QString& path) const;

signals:
    void layoutFinished();
    void layoutFailed(const QString& message);
    void serviceClicked(const QString& name);

protected:
    void changeEvent(QEvent* event) override;

private:
    void startLayout();
    void onLayoutDone(quint64 generation, const GraphLayoutResult& result);
    void onSelectionChanged();
    void updateStatus();
    void exportDialog();
    [[nodiscard]] bool sameShape(const ServiceGraphData& data) const;

    ServiceGraphData m_data;
    ServiceGraphScene* m_scene = nullptr;
    ServiceGraphCanvas* m_canvas = nullptr;
    QComboBox* m_colorBy = nullptr;
    QLabel* m_status = nullptr;
    QTextBrowser* m_details = nullptr;
    QString m_engine;
    quint64 m_generation = 0;
    int m_running = 0;
    bool m_laidOut = false;
};

} // namespace orrery::widgets
