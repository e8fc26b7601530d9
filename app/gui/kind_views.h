#pragma once
// Views that come with their workload kind (docs/architecture.md §8): each kind's folder under
// app/gui/kinds/ registers its run views here, and the window shows a tab for each view whose
// kind the selected run has. Adding a kind's view touches its folder and one line of
// kinds/built_in_kind_views.cpp, never the main window.
#include "ops/stored_run.h"
#include "store/ids.h"

#include <QString>
#include <QWidget>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace orrery::store {
class Project;
}

namespace orrery::app {

//! A tab a workload kind brings to the window's centre.
class KindRunView : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    //! Shows run `runId` of the project at `projectPath`; loads off the UI thread when it reads much.
    virtual void showRun(const QString& projectPath, store::RunId runId) = 0;
    //! Back to the empty state (another project was opened).
    virtual void clear() = 0;
};

//! One kind's view, as its folder registers it.
struct KindViewRegistration {
    QString objectName;  //!< the view widget's object name ("servingPowerView"), how tests find it
    //! Tab text and menu text (with its mnemonic), marked with QT_TRANSLATE_NOOP in the context
    //! "orrery::app::MainWindow", translated when the tab is made.
    const char* title = nullptr;
    const char* menuText = nullptr;
    std::vector<std::string> kinds; //!< the workload kinds it shows (model::KindSpec::kind, "Functions")
    std::function<KindRunView*()> create;
};

//! Adds a view; a second registration with the same object name replaces the first.
void registerKindView(KindViewRegistration view);
//! Every registered view, in registration order (the order of their tabs).
const std::vector<KindViewRegistration>& registeredKindViews();
//! The built-in kinds' views (app/gui/kinds/*), registered once.
void registerBuiltInKindViews();

//! Whether `view` applies to a run of `kinds` (nullopt: unknown, so yes).
bool viewAppliesTo(const KindViewRegistration& view, const std::optional<std::vector<std::string>>& kinds);

} // namespace orrery::app
