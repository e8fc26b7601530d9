#include "experiment/experiment_record_of.h"

namespace orrery::experiment {

store::ExperimentRecord experimentRecordOf(const Experiment& experiment)
{
    const ExperimentSpec& spec = experiment.spec;
    store::ExperimentRecord record;
    record.name = spec.name;
    record.description = spec.description;
    record.experimentFile = spec.sourceFile;
    record.experimentText = spec.sourceText;
    // A live experiment's system under test is the namespace it acts on.
    record.scenarioFile = spec.live ? "live: " + (spec.live->context.empty() ? std::string("current context") : spec.live->context) + "/"
                                          + spec.live->nameSpace
                                    : spec.scenarioFile;
    record.scenarioText = experiment.scenario.sourceText;
    record.baselineArm = spec.arms.at(spec.baseline).name;
    record.treatmentArm = spec.arms.at(spec.treatment).name;
    record.sweepParameter = spec.sweep ? std::string(toString(spec.sweep->parameter)) : std::string();
    record.cellCount = static_cast<std::int64_t>(spec.cellCount());
    return record;
}

} // namespace orrery::experiment
