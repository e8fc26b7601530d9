#pragma once
#include "ops/scenario_check.h"

#include <QWidget>

class QLabel;
class QTimer;

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::app {

class ScenarioTextEdit;

//! The scenario editor of the window: YAML text checked as the user types (debounced, so typing
//! never waits on validation) against the loaded plugins, problems marked in the text and the
//! gutter, and a status line ("Valid scenario" or "N problems") below.
class ScenarioEditor : public QWidget {
    Q_OBJECT
public:
    //! `registry` holds the loaded plugins and must outlive the editor.
    explicit ScenarioEditor(const policy::PluginRegistry& registry, QWidget* parent = nullptr);

    //! Reads a scenario file into the editor; false (and `error` set) when it cannot be read.
    bool openFile(const QString& path, QString* error = nullptr);
    //! Writes the text to `path` (the open file when empty); false (and `error` set) on failure.
    bool saveFile(const QString& path = {}, QString* error = nullptr);
    void setText(const QString& text, const QString& name = {});
    [[nodiscard]] QString text() const;
    [[nodiscard]] QString filePath() const { return m_path; }
    [[nodiscard]] bool isModified() const;

    //! Validates now (skipping the debounce) and returns the result.
    CheckedScenario check();
    //! The result of the last validation.
    [[nodiscard]] const CheckedScenario& lastCheck() const { return m_checked; }
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] ScenarioTextEdit* textEdit() const { return m_edit; }

    //! How long typing must pause before the text is validated.
    static constexpr int kDebounceMs = 300;

signals:
    //! A validation finished; `problems` is 0 for a valid scenario.
    void validated(int problems);
    void filePathChanged(const QString& path);

private:
    void validate();
    [[nodiscard]] std::string sourceName() const;

    const policy::PluginRegistry& m_registry;
    ScenarioTextEdit* m_edit = nullptr;
    QLabel* m_status = nullptr;
    QTimer* m_debounce = nullptr;
    QString m_path;
    CheckedScenario m_checked;
};

} // namespace orrery::app
