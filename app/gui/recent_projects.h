#pragma once
#include <QString>
#include <QStringList>

namespace orrery::app {

//! The project files a user opened, newest first, kept in QSettings ("projects/recent",
//! at most kMaxRecentProjects) together with the last one ("projects/last").
namespace recent_projects {

inline constexpr int kMaxRecentProjects = 8;

//! Recent projects, newest first, absolute paths; files that no longer exist are left out.
QStringList list();
//! Puts `path` first (once), trims the list, and remembers it as the last project.
void add(const QString& path);
void clear();
//! The last project opened, or empty.
QString last();

} // namespace recent_projects
} // namespace orrery::app
