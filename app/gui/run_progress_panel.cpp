#include "gui/run_progress_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>

namespace orrery::app {
namespace {

constexpr int kBarSteps = 1000;

QString hoursText(sim::SimTime t)
{
    return QLocale().toString(sim::toSeconds(t) / 3600.0, 'f', 1);
}

} // namespace

RunProgressPanel::RunProgressPanel(QWidget* parent)
    : QWidget(parent)
{
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("runProgressLabel"));
    m_bar = new QProgressBar(this);
    m_bar->setObjectName(QStringLiteral("runProgressBar"));
    m_bar->setRange(0, kBarSteps);
    m_bar->setTextVisible(true);
    m_bar->setFixedWidth(200);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelRunButton"));
    m_cancel->setToolTip(tr("Stop the run; what it recorded so far stays in the project (Esc)"));
    connect(m_cancel, &QPushButton::clicked, this, &RunProgressPanel::cancelRequested);
    m_step = new QPushButton(tr("Step"), this);
    m_step->setObjectName(QStringLiteral("stepRunButton"));
    m_step->setToolTip(tr("Pause and run the next %1 events (F7)").arg(1000));
    connect(m_step, &QPushButton::clicked, this, &RunProgressPanel::stepRequested);
    m_speed = new QComboBox(this);
    m_speed->setObjectName(QStringLiteral("runSpeed"));
    m_speed->setToolTip(tr("Simulated time per wall-clock time"));
    for (const double speed : speeds())
        m_speed->addItem(speedText(speed), speed);
    connect(m_speed, &QComboBox::activated, this, [this](int index) { emit speedChanged(m_speed->itemData(index).toDouble()); });
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_speed);
    layout->addWidget(m_step);
    layout->addWidget(m_cancel);
    end();
}

void RunProgressPanel::begin(const QString& scenarioName, sim::SimTime horizon)
{
    m_scenarioName = scenarioName;
    m_now = 0;
    m_horizon = horizon;
    m_events = 0;
    m_paused = false;
    m_cancelling = false;
    m_bar->setValue(0);
    m_cancel->setEnabled(true);
    m_step->setEnabled(true);
    m_task = false;
    m_step->show();
    m_speed->show();
    updateLabel();
    m_bar->show();
    show();
}

void RunProgressPanel::beginTask(const QString& text)
{
    m_task = true;
    m_taskText = text;
    m_paused = false;
    m_cancelling = false;
    m_bar->setValue(0);
    m_cancel->setEnabled(true);
    m_step->hide();
    m_speed->hide();
    updateLabel();
    m_bar->show();
    show();
}

void RunProgressPanel::updateTask(double fraction, const QString& text)
{
    m_taskText = text;
    m_bar->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kBarSteps));
    updateLabel();
}

QList<double> RunProgressPanel::speeds()
{
    return {0.0, 100.0, 10.0, 1.0};
}

QString RunProgressPanel::speedText(double simulatedPerWall)
{
    return simulatedPerWall <= 0 ? tr("As fast as possible") : tr("%1× real time").arg(simulatedPerWall);
}

void RunProgressPanel::setSpeed(double simulatedPerWall)
{
    const int index = m_speed->findData(simulatedPerWall);
    if (index >= 0)
        m_speed->setCurrentIndex(index);
}

void RunProgressPanel::update(sim::SimTime now, sim::SimTime horizon, quint64 events)
{
    m_now = now;
    m_horizon = horizon;
    m_events = events;
    const double fraction = horizon > 0 ? std::clamp(sim::toSeconds(now) / sim::toSeconds(horizon), 0.0, 1.0) : 0.0;
    m_bar->setValue(static_cast<int>(fraction * kBarSteps));
    updateLabel();
}

void RunProgressPanel::setPaused(bool paused)
{
    m_paused = paused;
    updateLabel();
}

void RunProgressPanel::setCancelling()
{
    m_cancelling = true;
    m_cancel->setEnabled(false);
    m_step->setEnabled(false);
    updateLabel();
}

void RunProgressPanel::end()
{
    m_bar->hide();
    hide();
}

void RunProgressPanel::updateLabel()
{
    QString text = m_task ? m_taskText
                          : tr("Simulating “%1”: %2 of %3 h, %4 events")
                                .arg(m_scenarioName, hoursText(m_now), hoursText(m_horizon), QLocale().toString(m_events));
    if (m_cancelling)
        text += tr(" — cancelling…");
    else if (m_paused)
        text += tr(" — paused");
    m_label->setText(text);
    m_bar->setToolTip(text);
}

} // namespace orrery::app
