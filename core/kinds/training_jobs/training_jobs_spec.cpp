#include "kinds/training_jobs/training_jobs_spec.h"

namespace orrery::kinds::training_jobs {

const TrainingModel* TrainingJobsSpec::findModel(const std::string& name) const
{
    for (const TrainingModel& model : models) {
        if (model.name == name)
            return &model;
    }
    return nullptr;
}

} // namespace orrery::kinds::training_jobs
