#include "gui/gui_main.h"

#include "ops/plugin_setup.h"
#include "gui/language_setting.h"
#include "gui/main_window.h"
#include "policy/plugin_registry.h"

#include <QApplication>
#include <QFileInfo>
#include <QIcon>

#include <exception>
#include <sstream>

namespace orrery::app {
namespace {

//! The project named on the command line (`orrery gui FILE`), if any.
QString projectArgument(const QStringList& arguments)
{
    QStringList rest = arguments.mid(1);
    if (!rest.isEmpty() && rest.front() == QStringLiteral("gui"))
        rest.removeFirst();
    return rest.size() == 1 && !rest.front().startsWith(QLatin1Char('-')) ? rest.front() : QString();
}

} // namespace

int runGui(int argc, char** argv)
{
    // Qt 6 scales for high-DPI screens by default and follows the platform's style and palette
    // (dark mode included); nothing to switch on here.
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Orrery"));
    QApplication::setOrganizationName(QStringLiteral("Orrery"));
    QApplication::setApplicationVersion(QStringLiteral(ORRERY_VERSION));
    // The desktop entry's name (packaging/linux/org.orrery.Orrery.desktop): the shell groups the
    // window with its launcher and shows the installed icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.orrery.Orrery"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.orrery.Orrery"),
                                                 QIcon(QStringLiteral(":/icons/org.orrery.Orrery.svg"))));
    language_setting::install(app); // before any window builds its strings

    policy::PluginRegistry registry;
    std::ostringstream pluginWarnings;
    QString pluginError;
    try {
        loadPlugins(registry, pluginWarnings);
    } catch (const std::exception& failure) {
        pluginError = QString::fromStdString(failure.what());
    }

    MainWindow window(registry);
    for (const QString& line : QString::fromStdString(pluginWarnings.str()).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        window.logMessage(line, widgets::LogView::Severity::Warning);
    if (!pluginError.isEmpty())
        window.logMessage(pluginError, widgets::LogView::Severity::Error);
    window.logMessage(QApplication::translate("orrery::app::MainWindow", "%n policy plugin(s) loaded.", nullptr,
                                              static_cast<int>(registry.plugins().size())));
    window.show();

    const QString project = projectArgument(QApplication::arguments());
    if (!project.isEmpty())
        window.openProject(project);
    else
        window.openStartupProject();
    return QApplication::exec();
}

} // namespace orrery::app
