#include "gui/embedding_tab.h"

#include "gui/embedding_data.h"
#include "widgets/embedding_view.h"

#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <exception>

namespace orrery::app {

EmbeddingTab::EmbeddingTab(QWidget* parent) : QWidget(parent)
{
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("embeddingNote"));
    m_note->setAlignment(Qt::AlignCenter);
    m_note->setWordWrap(true);
    m_note->setEnabled(false); // the placeholder grey the other empty views use
    m_view = new widgets::EmbeddingView;
    m_view->setObjectName(QStringLiteral("embeddingView"));
    m_stack = new QStackedWidget;
    m_stack->addWidget(m_note);
    m_stack->addWidget(m_view);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    m_note->setText(tr("Open a project to see the embeddings of its meta learner."));
}

void EmbeddingTab::setProject(const QString& projectPath)
{
    m_projectPath = projectPath;
    m_stale = true;
    if (isVisible())
        reload();
}

bool EmbeddingTab::reload()
{
    m_stale = false;
    std::optional<widgets::EmbeddingViewData> data;
    try {
        if (!m_projectPath.isEmpty())
            data = loadEmbeddingViewData(m_projectPath);
    } catch (const std::exception& failure) {
        m_note->setText(tr("The embeddings could not be read: %1").arg(QString::fromStdString(failure.what())));
        m_stack->setCurrentWidget(m_note);
        return false;
    }
    if (!data) {
        m_note->setText(tr("This project holds no embeddings yet. Train agents on a few workloads "
                           "(orrery train firm --scenario S on each), then run orrery meta-train --project P: "
                           "each workload becomes a point here."));
        m_stack->setCurrentWidget(m_note);
        return false;
    }
    m_view->setData(std::move(*data));
    m_stack->setCurrentWidget(m_view);
    return true;
}

QString EmbeddingTab::noteText() const
{
    return m_note->text();
}

void EmbeddingTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        reload();
}

} // namespace orrery::app
