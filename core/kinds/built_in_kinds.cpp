#include "kinds/built_in_kinds.h"

#include "kinds/functions/functions_kind.h"
#include "kinds/model_serving/model_serving_kind.h"
#include "kinds/strl_jobs/strl_jobs_kind.h"
#include "kinds/training_jobs/training_jobs_kind.h"

namespace orrery::kinds {

void registerBuiltInKinds()
{
    functions::registerFunctionsKind();
    training_jobs::registerTrainingJobsKind();
    strl_jobs::registerStrlJobsKind();
    model_serving::registerModelServingKind();
}

} // namespace orrery::kinds
