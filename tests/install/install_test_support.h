#pragma once
// Running an installed Orrery as a user would: from its own prefix, with the checkout and the
// build folder it came from out of sight.
#include "cli_test_support.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace orrery::testing {

//! Runs programs with the source tree and the build folder hidden: each under a private mount
//! namespace (unshare(1) as root) where both folders are empty tmpfs mounts, so a file read from
//! either fails exactly as on a machine that never had them. Where a mount namespace is not
//! allowed (an unprivileged container) the programs run unhidden and hidden() says so.
class CheckoutHider {
public:
    CheckoutHider(QStringList folders) : m_folders(std::move(folders))
    {
        const QString unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
        if (unshare.isEmpty())
            return;
        m_prefix = {unshare, QStringLiteral("--mount"), QStringLiteral("--propagation"), QStringLiteral("private"),
                    QStringLiteral("sh"), QStringLiteral("-c"), script(), QStringLiteral("hide")};
        // The probe: inside, the source tree's top CMakeLists.txt must be gone.
        const CliResult probe = run(QStringLiteral("/bin/sh"),
                                    {QStringLiteral("-c"), QStringLiteral("test ! -e '%1/CMakeLists.txt'").arg(m_folders.front())},
                                    QDir::tempPath());
        if (probe.exitCode != 0)
            m_prefix.clear();
    }

    //! Whether programs run with the folders hidden (false: they run in plain sight).
    [[nodiscard]] bool hidden() const { return !m_prefix.isEmpty(); }

    [[nodiscard]] CliResult run(const QString& program, const QStringList& args, const QString& workingDirectory,
                                int timeoutMs = 300000) const
    {
        if (m_prefix.isEmpty())
            return runProgram(program, args, workingDirectory, timeoutMs);
        return runProgram(m_prefix.front(), m_prefix.mid(1) + QStringList{program} + args, workingDirectory, timeoutMs);
    }

private:
    QString script() const
    {
        QString mounts;
        for (const QString& folder : m_folders)
            mounts += QStringLiteral("mount -t tmpfs orrery-hidden '%1' && ").arg(folder);
        return mounts + QStringLiteral("exec \"$@\"");
    }

    QStringList m_folders;
    QStringList m_prefix;
};

//! The plugin files a build made (build/bin/plugins/*.so): an installation must find every one.
inline QStringList builtPluginFiles()
{
    return QDir(QStringLiteral(ORRERY_BIN_DIR "/plugins")).entryList({QStringLiteral("liborrery_*.so")}, QDir::Files, QDir::Name);
}

//! The ids in `orrery plugins` output (first column, header skipped).
inline QStringList listedPluginFiles(const QString& pluginsOutput)
{
    QStringList files;
    for (const QString& line : pluginsOutput.split('\n', Qt::SkipEmptyParts).mid(1))
        files << QFileInfo(line.section(QLatin1Char(' '), -1)).fileName();
    files.sort();
    return files;
}

} // namespace orrery::testing
