#pragma once
#include <QString>

namespace orrery::app {

//! Where the demo project lives: `demo.orrery` in the application's data directory
//! (QStandardPaths::AppDataLocation), which is created if needed.
QString demoProjectPath();

//! The project the window opens on: the last project opened, if it still exists, else the
//! demo project.
QString startupProjectPath();

//! Whether `path` names the demo project.
bool isDemoProject(const QString& path);

} // namespace orrery::app
