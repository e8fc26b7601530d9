#include "gui/startup_project.h"

#include "gui/recent_projects.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace orrery::app {

QString demoProjectPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return QDir(dir).filePath(QStringLiteral("demo.orrery"));
}

QString startupProjectPath()
{
    const QString last = recent_projects::last();
    if (!last.isEmpty() && QFileInfo::exists(last))
        return last;
    return demoProjectPath();
}

bool isDemoProject(const QString& path)
{
    return QFileInfo(path).absoluteFilePath() == QFileInfo(demoProjectPath()).absoluteFilePath();
}

} // namespace orrery::app
