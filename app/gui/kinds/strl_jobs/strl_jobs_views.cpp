#include "gui/kinds/strl_jobs/strl_jobs_views.h"

#include "gui/kind_views.h"
#include "kinds/strl_jobs/strl_jobs_kind.h"
#include "gui/kinds/strl_jobs/strl_plan_view.h"

#include <QCoreApplication>

namespace orrery::app {

void registerStrlJobsViews()
{
    registerKindView({QStringLiteral("strlPlanView"),
                      QT_TRANSLATE_NOOP("orrery::app::MainWindow", "Plan"),
                      QT_TRANSLATE_NOOP("orrery::app::MainWindow", "P&lan"),
                      {kinds::strl_jobs::kStrlJobsKind},
                      [] { return new StrlPlanView; }});
}

} // namespace orrery::app
