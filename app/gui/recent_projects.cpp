#include "gui/recent_projects.h"

#include <QFileInfo>
#include <QSettings>

namespace orrery::app::recent_projects {
namespace {

constexpr QLatin1StringView kRecentKey("projects/recent");
constexpr QLatin1StringView kLastKey("projects/last");

} // namespace

QStringList list()
{
    QStringList existing;
    for (const QString& path : QSettings().value(kRecentKey).toStringList()) {
        if (QFileInfo::exists(path))
            existing << path;
    }
    return existing;
}

void add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecentProjects)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
    settings.setValue(kLastKey, absolute);
}

void clear()
{
    QSettings().remove(kRecentKey);
}

QString last()
{
    return QSettings().value(kLastKey).toString();
}

} // namespace orrery::app::recent_projects
