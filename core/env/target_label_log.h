#pragma once
#include "policy/target_label.h"
#include "sim/run_recorder.h"
#include "sim/sim_time.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::env {

//! Records the classes a control policy reports for its targets (ControlPolicy::targetLabels) as
//! run annotations of kind `policy.label`, one per stretch of time a target held one label:
//! target "<target>=<label>", start and end of the stretch. A stretch ends when the label
//! changes, when the runtime closes the target (it finished) or when the run ends.
class TargetLabelLog {
public:
    static constexpr const char* kAnnotationKind = "policy.label";

    //! Labels of the targets just observed; targets not in `labels` keep their open stretch.
    void update(const std::vector<policy::TargetLabel>& labels, sim::SimTime now, sim::RunRecorder& recorder);
    //! Ends the open stretch of `target`, if any.
    void close(const std::string& target, sim::SimTime now, sim::RunRecorder& recorder);
    //! Ends every open stretch (at the end of a run).
    void closeAll(sim::SimTime now, sim::RunRecorder& recorder);

    //! Splits an annotation target "<target>=<label>" (the last '='); false if it has none.
    static bool split(const std::string& annotationTarget, std::string& target, std::string& label);

private:
    struct Stretch {
        std::string label;
        sim::SimTime since = 0;
    };
    static void record(const std::string& target, const Stretch& stretch, sim::SimTime now, sim::RunRecorder& recorder);

    std::map<std::string, Stretch> m_open;
};

} // namespace orrery::env
