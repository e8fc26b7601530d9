#include "gui/placeholder_stack.h"

#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace orrery::app {

PlaceholderStack makePlaceholderStack(QWidget* view, const QString& placeholderName)
{
    PlaceholderStack pages;
    pages.stack = new QStackedWidget(view);
    auto* layout = new QVBoxLayout(view);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(pages.stack);

    pages.placeholder = new QLabel(pages.stack);
    pages.placeholder->setObjectName(placeholderName);
    pages.placeholder->setAlignment(Qt::AlignCenter);
    pages.placeholder->setWordWrap(true);
    pages.placeholder->setEnabled(false); // greyed, as an empty-state hint
    pages.stack->addWidget(pages.placeholder);
    return pages;
}

} // namespace orrery::app
