#pragma once
// For the Qt Test suites (never the harnesses): rows of a data-driven test that replays, through
// a harness's invariant, every kept crash input of tests/fixtures/fuzz-regressions/<harness>/ and
// every seed of tests/fuzz/corpus/<harness>/. The normal test suite thereby replays each crash
// the fuzzers found (docs/reliability.md) without libFuzzer or clang.
#include <QDir>
#include <QFile>
#include <QtTest>

#include <string>

namespace orrery::fuzz {

//! Adds a "file" column and one row per file of the two folders of `harness` (sorted by name);
//! `sourceDir` is the repository root.
inline void addReplayRows(const QString& sourceDir, const QString& harness)
{
    QTest::addColumn<QString>("file");
    for (const QString& folder : {sourceDir + "/tests/fixtures/fuzz-regressions/" + harness,
                                  sourceDir + "/tests/fuzz/corpus/" + harness}) {
        const QDir dir(folder);
        for (const QString& name : dir.entryList(QDir::Files, QDir::Name)) {
            const QString row = QDir(sourceDir).relativeFilePath(dir.filePath(name));
            QTest::newRow(qPrintable(row)) << dir.filePath(name);
        }
    }
}

//! The bytes of `path` (empty when it cannot be read).
inline std::string readReplayFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

} // namespace orrery::fuzz
