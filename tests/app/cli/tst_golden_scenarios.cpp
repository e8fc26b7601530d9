// Golden scenarios (tests/golden/*.yaml): each runs through the real executable and its
// --summary-json must match <name>.expected.json — strings and counts exactly, other numbers to
// a relative 1e-9 (libm may differ in the last bits between platforms; on one platform the
// output is bit-identical, which tst_cli checks). To accept a deliberate model change, run with
// ORRERY_UPDATE_GOLDEN=1 and review the diff of the .expected.json files.
#include <QtTest>

#include <cmath>

namespace {

const QString kGoldenDir = QStringLiteral(ORRERY_SOURCE_DIR "/tests/golden");

QJsonDocument readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll());
}

// Appends a line per difference between expected and actual, at JSON path `where`.
void compare(const QJsonValue& expected, const QJsonValue& actual, const QString& where, QStringList& differences)
{
    if (expected.type() != actual.type()) {
        differences << where + ": type differs";
        return;
    }
    if (expected.isObject()) {
        const QJsonObject e = expected.toObject();
        const QJsonObject a = actual.toObject();
        if (e.keys() != a.keys())
            differences << where + ": keys differ: expected " + e.keys().join(',') + " got " + a.keys().join(',');
        for (const QString& key : e.keys())
            compare(e.value(key), a.value(key), where + '.' + key, differences);
    } else if (expected.isDouble()) {
        const double e = expected.toDouble();
        const double a = actual.toDouble();
        if (std::abs(e - a) > 1e-9 * std::max(std::abs(e), 1.0))
            differences << QStringLiteral("%1: expected %2 got %3").arg(where).arg(e, 0, 'g', 17).arg(a, 0, 'g', 17);
    } else if (expected != actual) {
        differences << where + ": expected " + expected.toVariant().toString() + " got " + actual.toVariant().toString();
    }
}

} // namespace

class TestGoldenScenarios : public QObject {
    Q_OBJECT

private slots:
    void matchesExpected_data()
    {
        QTest::addColumn<QString>("scenario");
        const QStringList files = QDir(kGoldenDir).entryList({"*.yaml"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 2);
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << kGoldenDir + '/' + file;
    }

    void matchesExpected()
    {
        QFETCH(QString, scenario);
        QTemporaryDir dir;
        const QString expectedPath = QString(scenario).replace(".yaml", ".expected.json");
        const bool update = qEnvironmentVariableIntValue("ORRERY_UPDATE_GOLDEN") == 1;
        const QString actualPath = update ? expectedPath : dir.filePath("actual.json");
        QProcess process;
        process.start(ORRERY_EXECUTABLE, {"run", scenario, "--project", dir.filePath("golden.orrery"),
                                          "--summary-json", actualPath, "--quiet"});
        QVERIFY(process.waitForFinished(120000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        const QJsonDocument expected = readJson(expectedPath);
        QVERIFY2(expected.isObject(), qPrintable("missing or unreadable " + expectedPath));
        QStringList differences;
        compare(expected.object(), readJson(actualPath).object(), "summary", differences);
        QVERIFY2(differences.isEmpty(), qPrintable(differences.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestGoldenScenarios)
#include "tst_golden_scenarios.moc"
