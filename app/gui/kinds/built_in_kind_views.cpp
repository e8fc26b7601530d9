// The views of the built-in workload kinds: one line per kind folder (docs/architecture.md §8).
#include "gui/kind_views.h"
#include "gui/kinds/model_serving/model_serving_views.h"
#include "gui/kinds/strl_jobs/strl_jobs_views.h"
#include "gui/kinds/training_jobs/training_jobs_views.h"

#include <mutex>

namespace orrery::app {

void registerBuiltInKindViews()
{
    static std::once_flag once;
    std::call_once(once, [] {
        registerTrainingJobsViews();
        registerModelServingViews();
        registerStrlJobsViews();
    });
}

} // namespace orrery::app
