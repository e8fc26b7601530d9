#pragma once
#include <QString>
#include <QWidget>

class QLabel;
class QStackedWidget;

namespace orrery::widgets {
class EmbeddingView;
}

namespace orrery::app {

//! The main window's Embeddings tab: the project's meta-learner embeddings in an EmbeddingView
//! (docs/gui.md), or a note on how to get some. Read when the tab is first shown after the
//! project changed, so opening a project never waits for it.
class EmbeddingTab : public QWidget {
    Q_OBJECT
public:
    explicit EmbeddingTab(QWidget* parent = nullptr);

    //! The project to show (read at the next show, or now when visible).
    void setProject(const QString& projectPath);
    //! Reads the project now; false when it holds no embeddings (the note is shown).
    bool reload();
    [[nodiscard]] widgets::EmbeddingView* view() const { return m_view; }
    [[nodiscard]] QString noteText() const;

protected:
    void showEvent(QShowEvent* event) override;

private:
    QString m_projectPath;
    bool m_stale = false;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_note = nullptr;
    widgets::EmbeddingView* m_view = nullptr;
};

} // namespace orrery::app
