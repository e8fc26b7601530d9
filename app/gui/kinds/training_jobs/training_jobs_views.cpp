#include "gui/kinds/training_jobs/training_jobs_views.h"

#include "gui/kind_views.h"
#include "kinds/training_jobs/training_jobs_kind.h"
#include "gui/kinds/training_jobs/flowcon_view.h"

#include <QCoreApplication>

namespace orrery::app {

void registerTrainingJobsViews()
{
    registerKindView({QStringLiteral("flowConView"),
                      QT_TRANSLATE_NOOP("orrery::app::MainWindow", "FlowCon"),
                      QT_TRANSLATE_NOOP("orrery::app::MainWindow", "&FlowCon"),
                      {kinds::training_jobs::kTrainingJobsKind},
                      [] { return new FlowConView; }});
}

} // namespace orrery::app
