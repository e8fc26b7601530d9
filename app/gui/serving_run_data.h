#pragma once
#include "store/ids.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <string>
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

    store::RunId runId = 0;
    bool runFound = false;
    bool isServing = false;  //!< the run's scenario has a model-serving workload
    QString gpu;             //!< GPU profile name
    std::vector<Model> models;
    std::vector<Device> devices;
    QString error;           //!< why the run could not be read
};

//! Reads `runId`'s scenario (re-parsed from the stored text) and series through its own
//! connection (any thread). Never throws: failures land in ServingRunData::error.
ServingRunData loadServingRunData(const std::string& projectPath, store::RunId runId);

} // namespace orrery::app
