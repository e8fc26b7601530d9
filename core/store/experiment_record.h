#pragma once
#include "store/ids.h"

#include <cstdint>
#include <string>

namespace orrery::store {

//! An experiment as the project keeps it (table `experiments`, docs/experiment-format.md): what
//! it was run from, exactly as read, so it can be re-run or reported from the project alone.
//! The project identifies an experiment by its name and the SHA-256 of its experiment and
//! scenario texts: running the same files again resumes it; any edit starts a new experiment.
struct ExperimentRecord {
    ExperimentId id = 0;          //!< assigned by ExperimentStore::findOrCreate
    std::string name;             //!< metadata.name
    std::string description;
    std::string definitionSha256; //!< assigned by the store: ExperimentStore::definitionHash(texts)
    std::string experimentFile;   //!< path as given, for messages
    std::string experimentText;
    std::string scenarioFile;
    std::string scenarioText;
    std::string baselineArm;
    std::string treatmentArm;
    std::string sweepParameter;   //!< "jobs", "nodes", "arrivalRate"; empty without a sweep
    std::int64_t cellCount = 0;   //!< sweep points × arms × seeds × repeats
    std::string createdAt;        //!< ISO-8601 UTC; assigned by the store
    std::string comparedAt;       //!< when results were last stored; empty before
};

} // namespace orrery::store
