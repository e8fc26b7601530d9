#pragma once
#include "sim/run_recorder.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace orrery::app {

//! What the run view shades behind its charts: the stretches of time a control policy held each
//! class of one target, from the run's `policy.label` annotations (env::TargetLabelLog).
//!
//! Labels are per target, and a policy such as AWARE labels every target alike, so one target
//! stands for all: the first in name order. `targetsAlike` says whether the others held exactly
//! the same labels over the same stretches, so the view can say whether it shows all or one.
struct PolicyLabelTrack {
    struct Stretch {
        double startSeconds = 0.0;
        double endSeconds = 0.0;
        QString label;
    };

    QString target;            //!< the target shown; empty when the run recorded no labels
    int targetCount = 0;       //!< targets the run labelled
    bool targetsAlike = false; //!< every target held the same labels over the same stretches
    QList<Stretch> stretches;  //!< the shown target's, by start
    QStringList labels;        //!< their distinct labels, in order of first appearance

    [[nodiscard]] bool isEmpty() const { return stretches.isEmpty(); }
};

//! The track of `annotations` (any kinds; only `policy.label` ones with a "<target>=<label>"
//! target count).
PolicyLabelTrack policyLabelTrack(const std::vector<sim::RunAnnotation>& annotations);

} // namespace orrery::app
