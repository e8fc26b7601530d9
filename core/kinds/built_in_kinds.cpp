#include "kinds/built_in_kinds.h"

#include "kinds/functions/functions_kind.h"
#include "kinds/job_streams/job_streams_kind.h"
#include "kinds/microservices/microservices_kind.h"
#include "kinds/model_serving/model_serving_kind.h"
#include "kinds/strl_jobs/strl_jobs_kind.h"
#include "kinds/training_jobs/training_jobs_kind.h"

namespace orrery::kinds {

void registerBuiltInKinds()
{
    microservices::registerMicroservicesKind();
    functions::registerFunctionsKind();
    job_streams::registerJobStreamsKind();
    training_jobs::registerTrainingJobsKind();
    strl_jobs::registerStrlJobsKind();
    model_serving::registerModelServingKind();
}

} // namespace orrery::kinds
