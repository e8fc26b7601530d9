// The scenario editor as a user sees it: an invalid file gets a red wavy underline on the bad
// line with the diagnostic as tooltip and "1 problem" below; fixing the text clears them; the
// YAML colouring tells comments from keys; the embedded German translation loads.
#include "gui/scenario_editor.h"

#include "gui/language_setting.h"
#include "gui/main_window.h"
#include "gui/scenario_text_edit.h"
#include "gui/yaml_highlighter.h"
#include "gui_test_support.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>
#include <QTranslator>

using namespace orrery;
using app::ScenarioEditor;

namespace {

const QString kBadFile = QStringLiteral(ORRERY_FIXTURE_DIR "/scenarios/bad/negative_count.yaml");
constexpr int kBadLine = 12; // "        count: -3"

QList<QTextEdit::ExtraSelection> waveSelections(const ScenarioEditor& editor)
{
    QList<QTextEdit::ExtraSelection> waves;
    for (const QTextEdit::ExtraSelection& selection : editor.textEdit()->extraSelections()) {
        if (selection.format.underlineStyle() == QTextCharFormat::WaveUnderline)
            waves.append(selection);
    }
    return waves;
}

QString statusOf(const ScenarioEditor& editor)
{
    return editor.findChild<QLabel*>(QStringLiteral("scenarioStatus"))->text();
}

//! The format the highlighter gave the character at `column` (0-based) of `line` (1-based).
QTextCharFormat formatAt(const QTextDocument* document, int line, int column)
{
    const QTextBlock block = document->findBlockByNumber(line - 1);
    for (const QTextLayout::FormatRange& range : block.layout()->formats()) {
        if (column >= range.start && column < range.start + range.length)
            return range.format;
    }
    return {};
}

} // namespace

class TestScenarioEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_scenario_editor")); }

    void marksTheBadLineOfAnInvalidFile()
    {
        ScenarioEditor editor(testing::pluginRegistry());
        editor.resize(700, 600);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QSignalSpy validated(&editor, &ScenarioEditor::validated);
        QVERIFY(editor.openFile(kBadFile));
        QCOMPARE(validated.count(), 0); // debounced: nothing checked while the text settles

        QTRY_COMPARE(validated.count(), 1);
        const auto waves = waveSelections(editor);
        QCOMPARE(waves.size(), 1);
        const QTextEdit::ExtraSelection& wave = waves.front();
        QCOMPARE(wave.cursor.block().blockNumber() + 1, kBadLine);
        QCOMPARE(editor.lastCheck().diagnostics.size(), std::size_t{1});
        const model::Diagnostic& diagnostic = editor.lastCheck().diagnostics.front();
        QCOMPARE(diagnostic.location.line, kBadLine);
        QVERIFY(diagnostic.location.column > 0);
        QCOMPARE(wave.cursor.selectionStart() - wave.cursor.block().position(), diagnostic.location.column - 1);
        QVERIFY(wave.cursor.hasSelection());
        QCOMPARE(statusOf(editor), QStringLiteral("1 problem"));

        // Hovering the underlined text or the gutter's mark shows the field and the message.
        app::ScenarioTextEdit* text = editor.textEdit();
        QTextCursor at(wave.cursor.block());
        at.setPosition(wave.cursor.selectionStart() + 1);
        const QPoint point = text->cursorRect(at).center();
        QVERIFY2(text->toolTipAt(point).contains(QStringLiteral("spec.cluster.pools[0].count")),
                 qPrintable(text->toolTipAt(point)));
        QVERIFY(text->toolTipAt(text->cursorRect(QTextCursor(text->document()->findBlockByNumber(0))).center()).isEmpty());
        QVERIFY(text->gutterToolTipAt(QPoint(2, point.y())).contains(QStringLiteral("spec.cluster.pools[0].count")));

        // Fixing the count clears the markers.
        QTextCursor line(text->document()->findBlockByNumber(kBadLine - 1));
        line.select(QTextCursor::BlockUnderCursor);
        QVERIFY(line.selectedText().contains(QStringLiteral("count: -3")));
        QTextCursor fix(text->document()->findBlockByNumber(kBadLine - 1));
        fix.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        fix.insertText(QStringLiteral("        count: 3"));
        QTRY_COMPARE(validated.count(), 2);
        QVERIFY(waveSelections(editor).isEmpty());
        QVERIFY(editor.lastCheck().scenario.has_value());
        QVERIFY2(statusOf(editor).contains(QStringLiteral("valid"), Qt::CaseInsensitive), qPrintable(statusOf(editor)));
        QVERIFY(text->toolTipAt(point).isEmpty());
        QVERIFY(editor.isModified());
    }

    void typingIsDebounced()
    {
        ScenarioEditor editor(testing::pluginRegistry());
        QSignalSpy validated(&editor, &ScenarioEditor::validated);
        editor.setText(QStringLiteral("apiVersion: orrery.dev/v1\n"));
        for (int i = 0; i < 5; ++i) {
            QTest::keyClick(editor.textEdit(), Qt::Key_A);
            QTest::qWait(20);
        }
        QCOMPARE(validated.count(), 0);
        QTRY_COMPARE(validated.count(), 1);
        QVERIFY(!editor.lastCheck().diagnostics.empty());
        QVERIFY(!waveSelections(editor).isEmpty());
    }

    void highlighterTellsCommentsFromKeys()
    {
        ScenarioEditor editor(testing::pluginRegistry());
        QVERIFY(editor.openFile(kBadFile));
        const QTextDocument* document = editor.textEdit()->document();
        const QTextCharFormat comment = formatAt(document, 1, 2);   // "# bad: a negative node count"
        const QTextCharFormat key = formatAt(document, 2, 1);       // "apiVersion"
        const QTextCharFormat number = formatAt(document, 14, 17);  // "64Gi"
        const app::YamlHighlighter* highlighter = editor.textEdit()->highlighter();
        QCOMPARE(comment.foreground(), highlighter->format(app::YamlHighlighter::Kind::Comment).foreground());
        QCOMPARE(key.foreground(), highlighter->format(app::YamlHighlighter::Kind::Key).foreground());
        QCOMPARE(number.foreground(), highlighter->format(app::YamlHighlighter::Kind::Number).foreground());
        QVERIFY(comment.foreground() != key.foreground());
        QVERIFY(comment.fontItalic());
        QVERIFY(!key.fontItalic());
    }

    void germanTranslationLoads()
    {
        QTranslator german;
        QVERIFY(app::language_setting::loadTranslation(german, QStringLiteral("de")));
        QCOMPARE(german.translate("orrery::app::MainWindow", "&File"), QStringLiteral("&Datei"));
        QCOMPARE(german.translate("orrery::app::ScenarioEditor", "1 problem"), QStringLiteral("1 Problem"));
        QTranslator chinese;
        QVERIFY(app::language_setting::loadTranslation(chinese, QStringLiteral("zh_CN")));
        QVERIFY(!chinese.translate("orrery::app::MainWindow", "&File").isEmpty());
        QTranslator english;
        QVERIFY(!app::language_setting::loadTranslation(english, QStringLiteral("en")));
    }

    void windowOpensAndRunsTheEditedScenario()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        app::MainWindow window(testing::pluginRegistry());
        window.resize(1400, 820);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openProject(dir.filePath(QStringLiteral("editor.orrery"))));
        QVERIFY(window.openScenario(kBadFile));
        ScenarioEditor* editor = window.scenarioEditor();
        QVERIFY(editor->isVisible());
        QTRY_COMPARE(statusOf(*editor), QStringLiteral("1 problem"));
        QTest::qWait(50);
        const QString png = qEnvironmentVariable("ORRERY_EDITOR_PNG");
        if (!png.isEmpty())
            QVERIFY(window.grab().save(png));
        QVERIFY(!window.runEditorScenario()); // refused with the diagnostics
        QVERIFY(!window.isRunActive());
    }
};

QTEST_MAIN(TestScenarioEditor)
#include "tst_scenario_editor.moc"
