#pragma once
#include "experiment/experiment.h"
#include "store/experiment_record.h"

namespace orrery::experiment {

//! How the project records an experiment: its name, texts (experiment and scenario, whose hash
//! identifies it), baseline and treatment arms, sweep parameter and cell count.
store::ExperimentRecord experimentRecordOf(const Experiment& experiment);

} // namespace orrery::experiment
