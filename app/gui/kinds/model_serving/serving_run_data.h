#pragma once
#include "store/ids.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <string>
#include <utility>
#include <vector>

namespace orrery::app {

//! What the Power view shows of one run of a `kind: model-serving` scenario: the served models
//! (with the devices holding them and their SLO scale), the GPU type, and per device its power,
//! clock and p99/SLO series.
struct ServingRunData {
    struct Model {
        QString name;
        double sloScale = 0;
        QStringList devices; //!< from the run's serving.placement annotations
    };
    struct Device {
        QString name;
        QList<QPointF> watts;    //!< x = simulated seconds
        QList<QPointF> mhz;
        QList<QPointF> sloRatio; //!< p99 latency / SLO per control period
    };

    //! A device of the fleet views (issue 17): its GPU type, the replicas holding its memory
    //! every control period (all samples) and the placements and retirements on it.
    struct FleetDevice {
        struct Event {
            double time = 0;
            QString model;
            int delta = 0; //!< +1 placed (serving.placement), −1 retired (serving.retire)
        };
        QString name;
        QString gpuType;
        QList<QPointF> replicas;
        std::vector<Event> events; //!< time ascending
    };

    store::RunId runId = 0;
    bool runFound = false;
    bool isServing = false;  //!< the run's scenario has a model-serving workload
    QString gpu;             //!< GPU profile name
    std::vector<Model> models;
    std::vector<Device> devices;
    QString error;           //!< why the run could not be read

    // The Fleet section (issue 17): shown for several GPU types or autoscaling.
    bool showsFleet = false;
    QStringList gpuTypes;                 //!< distinct, in the cluster's node order
    std::vector<QList<QPointF>> costByType; //!< cumulative USD per gpuTypes entry, every control period
    QList<QPointF> cost;                  //!< the run's serving.cost (cumulative USD)
    QList<QPointF> sloViolations;         //!< 1 − serving.slo_attainment per control period
    std::vector<FleetDevice> fleet;       //!< the devices with a replicas series, node order

    //! The models placed on fleet device `device` and not retired by `time` (s), "BERT-base ×2, ResNet-50".
    [[nodiscard]] QString modelsAt(std::size_t device, double time) const;
};

//! Reads `runId`'s scenario (re-parsed from the stored text) and series through its own
//! connection (any thread). Never throws: failures land in ServingRunData::error.
ServingRunData loadServingRunData(const std::string& projectPath, store::RunId runId);

} // namespace orrery::app
