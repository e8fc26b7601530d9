#pragma once
#include <QString>

class QLabel;
class QStackedWidget;
class QWidget;

namespace orrery::app {

//! The page stack the result views (runs, experiments, FlowCon) share: it fills the view, and its
//! page 0 is a greyed, centred, word-wrapped hint shown while there is nothing to show; the view
//! adds its content pages after it.
struct PlaceholderStack {
    QStackedWidget* stack = nullptr;
    QLabel* placeholder = nullptr;
};

//! Lays out `view` with a PlaceholderStack (owned by `view`); the hint label is named `placeholderName`.
PlaceholderStack makePlaceholderStack(QWidget* view, const QString& placeholderName);

} // namespace orrery::app
