#include "gui/scenario_editor.h"

#include "gui/scenario_text_edit.h"

#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSaveFile>
#include <QTimer>
#include <QVBoxLayout>

namespace orrery::app {

ScenarioEditor::ScenarioEditor(const policy::PluginRegistry& registry, QWidget* parent)
    : QWidget(parent)
    , m_registry(registry)
    , m_edit(new ScenarioTextEdit(this))
    , m_status(new QLabel(this))
    , m_debounce(new QTimer(this))
{
    m_edit->setObjectName(QStringLiteral("scenarioText"));
    m_status->setObjectName(QStringLiteral("scenarioStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setContentsMargins(4, 2, 4, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_status);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &ScenarioEditor::validate);
    connect(m_edit, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    m_status->setText(tr("No scenario"));
}

bool ScenarioEditor::openFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_path = QFileInfo(path).absoluteFilePath();
    m_edit->setPlainText(QString::fromUtf8(file.readAll()));
    m_edit->document()->setModified(false);
    emit filePathChanged(m_path);
    return true;
}

bool ScenarioEditor::saveFile(const QString& path, QString* error)
{
    const QString target = path.isEmpty() ? m_path : path;
    QSaveFile file(target);
    if (target.isEmpty() || !file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = target.isEmpty() ? tr("No file name") : file.errorString();
        return false;
    }
    file.write(m_edit->toPlainText().toUtf8());
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_edit->document()->setModified(false);
    if (QFileInfo(target).absoluteFilePath() != m_path) {
        m_path = QFileInfo(target).absoluteFilePath();
        emit filePathChanged(m_path);
    }
    return true;
}

void ScenarioEditor::setText(const QString& text, const QString& name)
{
    m_path = name;
    m_edit->setPlainText(text);
    m_edit->document()->setModified(false);
    emit filePathChanged(m_path);
}

QString ScenarioEditor::text() const
{
    return m_edit->toPlainText();
}

bool ScenarioEditor::isModified() const
{
    return m_edit->document()->isModified();
}

std::string ScenarioEditor::sourceName() const
{
    return m_path.isEmpty() ? std::string("untitled.yaml") : QFileInfo(m_path).fileName().toStdString();
}

CheckedScenario ScenarioEditor::check()
{
    m_debounce->stop();
    validate();
    return m_checked;
}

void ScenarioEditor::validate()
{
    const std::string text = m_edit->toPlainText().toStdString();
    m_checked = checkScenarioText(text, sourceName(), m_registry);
    const int problems = static_cast<int>(m_checked.diagnostics.size());
    m_edit->setMarkers(markersFromDiagnostics(m_checked.diagnostics));
    m_status->setText(statusText());
    // Colour only the problem count; "valid" keeps the palette's text colour.
    m_status->setStyleSheet(problems > 0 ? QStringLiteral("color: #e05252;") : QString());
    emit validated(problems);
}

QString ScenarioEditor::statusText() const
{
    const int problems = static_cast<int>(m_checked.diagnostics.size());
    if (problems == 0)
        return m_checked.scenario ? tr("Valid scenario") : tr("No scenario");
    // Spelled out rather than "%n problem(s)", so English reads right without a translation loaded.
    return problems == 1 ? tr("1 problem") : tr("%1 problems").arg(problems);
}

} // namespace orrery::app
