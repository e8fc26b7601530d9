#include "kinds/built_in_kinds.h"

#include "kinds/functions/functions_kind.h"
#include "kinds/training_jobs/training_jobs_kind.h"

namespace orrery::kinds {

void registerBuiltInKinds()
{
    functions::registerFunctionsKind();
    training_jobs::registerTrainingJobsKind();
}

} // namespace orrery::kinds
