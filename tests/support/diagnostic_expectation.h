#pragma once
// The one check every reader test makes of a bad input's diagnostic (docs/reliability.md: a clear
// error naming the file, line and field): position, field path, message, and the
// "file:line:column: error: path: message" form users read.
#include "model/diagnostic.h"

#include <QString>
#include <QTest>

namespace orrery::testing {

//! What a diagnostic must say; column 0 leaves the column unchecked (readers that know the line only).
struct ExpectedDiagnostic {
    QString file;
    int line = 0;
    int column = 0;
    QString fieldPath;
    QString messagePart;
};

//! Empty when `diagnostic` says what `expected` asks, else what differs (for QVERIFY2).
inline QString diagnosticMismatch(const model::Diagnostic& diagnostic, const ExpectedDiagnostic& expected)
{
    const QString formatted = QString::fromStdString(diagnostic.format());
    const QString file = QString::fromStdString(diagnostic.location.file);
    QStringList problems;
    if (file != expected.file)
        problems << QStringLiteral("file %1, expected %2").arg(file, expected.file);
    if (diagnostic.location.line != expected.line)
        problems << QStringLiteral("line %1, expected %2").arg(diagnostic.location.line).arg(expected.line);
    if (expected.column > 0 && diagnostic.location.column != expected.column)
        problems << QStringLiteral("column %1, expected %2").arg(diagnostic.location.column).arg(expected.column);
    if (QString::fromStdString(diagnostic.fieldPath) != expected.fieldPath)
        problems << QStringLiteral("field %1, expected %2").arg(QString::fromStdString(diagnostic.fieldPath), expected.fieldPath);
    if (!QString::fromStdString(diagnostic.message).contains(expected.messagePart))
        problems << QStringLiteral("message lacks \"%1\"").arg(expected.messagePart);
    QString prefix = file;
    if (diagnostic.location.line > 0)
        prefix += QStringLiteral(":%1").arg(diagnostic.location.line);
    if (diagnostic.location.line > 0 && diagnostic.location.column > 0)
        prefix += QStringLiteral(":%1").arg(diagnostic.location.column);
    prefix += QStringLiteral(": error: ");
    if (!diagnostic.fieldPath.empty())
        prefix += QString::fromStdString(diagnostic.fieldPath) + QStringLiteral(": ");
    if (!formatted.startsWith(prefix))
        problems << QStringLiteral("formatted without \"%1\"").arg(prefix);
    return problems.isEmpty() ? QString() : problems.join(QStringLiteral("; ")) + QStringLiteral(" — in: ") + formatted;
}

} // namespace orrery::testing

//! QVERIFY that `diagnostic` is what `...` (an ExpectedDiagnostic's fields) describes.
#define ORRERY_VERIFY_DIAGNOSTIC(diagnostic, ...)                                                                           \
    do {                                                                                                                    \
        const QString orreryMismatch = ::orrery::testing::diagnosticMismatch((diagnostic), {__VA_ARGS__});                 \
        QVERIFY2(orreryMismatch.isEmpty(), qPrintable(orreryMismatch));                                                     \
    } while (false)
