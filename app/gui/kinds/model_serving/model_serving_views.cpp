#include "gui/kinds/model_serving/model_serving_views.h"

#include "gui/kind_views.h"
#include "kinds/model_serving/model_serving_kind.h"
#include "gui/kinds/model_serving/serving_power_view.h"

#include <QCoreApplication>

namespace orrery::app {

void registerModelServingViews()
{
    registerKindView({QStringLiteral("servingPowerView"),
                      QT_TRANSLATE_NOOP("orrery::app::MainWindow", "Power"),
                      QT_TRANSLATE_NOOP("orrery::app::MainWindow", "&Power"),
                      {kinds::model_serving::kModelServingKind},
                      [] { return new ServingPowerView; }});
}

} // namespace orrery::app
