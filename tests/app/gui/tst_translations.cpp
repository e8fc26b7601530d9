// The embedded translations (:/i18n/orrery_<lang>.qm): key strings of the window and the views
// translate after loading each language, plural forms follow the count, and the .ts files in the
// repository have no unfinished entry left.
#include "gui/language_setting.h"

#include <QFile>
#include <QTest>
#include <QTranslator>

using namespace orrery;

class TestTranslations : public QObject {
    Q_OBJECT

private slots:
    void keyStringsTranslate_data();
    void keyStringsTranslate();
    void pluralsFollowTheCount();
    void tsFilesAreComplete_data();
    void tsFilesAreComplete();
};

void TestTranslations::keyStringsTranslate_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char* name, const char* language, const char* context, const char* source, const char* expected) {
        QTest::newRow(name) << QString::fromLatin1(language) << QString::fromLatin1(context)
                            << QString::fromUtf8(source) << QString::fromUtf8(expected);
    };
    row("de file menu", "de", "orrery::app::MainWindow", "&File", "&Datei");
    row("de open trace", "de", "orrery::app::MainWindow", "Open &Trace…", "&Trace öffnen…");
    row("de service graph tab", "de", "orrery::app::MainWindow", "Service Graph", "Dienstgraph");
    row("de critical path", "de", "orrery::widgets::ServiceGraphCanvas", "critical path", "kritischer Pfad");
    row("de self time", "de", "orrery::widgets::TraceTimeline", "Self time", "Eigenzeit");
    row("de metric", "de", "orrery::app::MetricsTableModel", "Metric", "Metrik");
    row("zh file menu", "zh_CN", "orrery::app::MainWindow", "&File", "文件(&F)");
    row("zh service graph tab", "zh_CN", "orrery::app::MainWindow", "Service Graph", "服务图");
    row("zh critical path", "zh_CN", "orrery::widgets::ServiceGraphCanvas", "critical path", "关键路径");
    row("zh duration", "zh_CN", "orrery::widgets::TraceListModel", "Duration", "时长");
    row("zh cancel", "zh_CN", "orrery::widgets::TraceView", "Cancel", "取消");
}

void TestTranslations::keyStringsTranslate()
{
    QFETCH(QString, language);
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QTranslator translator;
    QVERIFY(app::language_setting::loadTranslation(translator, language));
    QCOMPARE(translator.translate(qPrintable(context), qPrintable(source)), expected);
}

void TestTranslations::pluralsFollowTheCount()
{
    QTranslator german;
    QVERIFY(app::language_setting::loadTranslation(german, QStringLiteral("de")));
    const char* context = "orrery::widgets::TraceTimeline";
    QCOMPARE(german.translate(context, "%n span(s)", nullptr, 1), QStringLiteral("%n Span"));
    QCOMPARE(german.translate(context, "%n span(s)", nullptr, 3), QStringLiteral("%n Spans"));
    QTranslator chinese;
    QVERIFY(app::language_setting::loadTranslation(chinese, QStringLiteral("zh_CN")));
    QCOMPARE(chinese.translate(context, "%n span(s)", nullptr, 3), QStringLiteral("%n 个 Span"));
}

void TestTranslations::tsFilesAreComplete_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("de") << QStringLiteral(ORRERY_SOURCE_DIR "/translations/orrery_de.ts");
    QTest::newRow("zh_CN") << QStringLiteral(ORRERY_SOURCE_DIR "/translations/orrery_zh_CN.ts");
}

void TestTranslations::tsFilesAreComplete()
{
    QFETCH(QString, file);
    QFile ts(file);
    QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(file));
    const QByteArray text = ts.readAll();
    QVERIFY(text.count("<message") > 250);
    const qsizetype unfinished = text.indexOf("type=\"unfinished\"");
    QVERIFY2(unfinished < 0, qPrintable(QStringLiteral("%1 has untranslated entries, e.g. near: %2")
                                            .arg(file, QString::fromUtf8(text.mid(std::max<qsizetype>(0, unfinished - 200), 200)))));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
