#include "gui/train_control_dialog.h"

#include "ops/control_training_run.h"
#include "policy/plugin_registry.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

namespace orrery::app {

TrainControlDialog::TrainControlDialog(const policy::PluginRegistry& registry, const QString& scenarioPath,
                                       QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Train Control Policy"));
    m_plugin = new QComboBox;
    m_plugin->setObjectName(QStringLiteral("trainPlugin"));
    for (const auto& id : registry.ids()) {
        if (registry.isTrainableControl(id))
            m_plugin->addItem(QString::fromStdString(id));
    }
    m_scenario = new QLineEdit(scenarioPath);
    m_scenario->setObjectName(QStringLiteral("trainScenario"));
    m_scenario->setPlaceholderText(tr("the scenario editor's text"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Scenario to Train On"), m_scenario->text(),
                                                          tr("Scenarios (*.yaml *.yml)"));
        if (!path.isEmpty())
            m_scenario->setText(path);
    });
    auto* scenarioRow = new QHBoxLayout;
    scenarioRow->addWidget(m_scenario, 1);
    scenarioRow->addWidget(browse);
    const auto spin = [](const char* name, int min, int max, int value) {
        auto* box = new QSpinBox;
        box->setObjectName(QLatin1String(name));
        box->setRange(min, max);
        box->setValue(value);
        return box;
    };
    m_episodes = spin("trainEpisodes", 1, 1'000'000, 20);
    m_steps = spin("trainSteps", 1, 1'000'000, 300);
    m_seed = spin("trainSeed", -1, 2'000'000'000, -1);
    m_seed->setSpecialValueText(tr("the scenario's"));
    m_checkpointEvery = spin("trainCheckpointEvery", 0, 1'000'000, 5);
    m_checkpointEvery->setSpecialValueText(tr("never"));
    m_evaluationEvery = spin("trainEvaluationEvery", 0, 1'000'000,
                             static_cast<int>(defaultEvaluationEvery(static_cast<std::uint32_t>(m_episodes->value()))));
    m_evaluationEvery->setSpecialValueText(tr("never"));
    m_evaluationEvery->setSuffix(tr(" episodes"));
    m_evaluationEvery->setToolTip(tr("The model acts deterministically on held-out episodes, beside no-control, "
                                     "hold-at-base and random; the best-evaluated model is kept as the latest."));
    connect(m_evaluationEvery, &QSpinBox::valueChanged, this, [this] { m_evaluationEveryEdited = true; });
    connect(m_episodes, &QSpinBox::valueChanged, this, [this](int episodes) {
        if (m_evaluationEveryEdited)
            return;
        const QSignalBlocker quiet(m_evaluationEvery); // a tenth of the run, until the user chooses
        m_evaluationEvery->setValue(static_cast<int>(defaultEvaluationEvery(static_cast<std::uint32_t>(episodes))));
    });
    m_evaluationEpisodes = spin("trainEvaluationEpisodes", 1, 1000, 3);
    m_mode = new QComboBox;
    m_mode->setObjectName(QStringLiteral("trainMode"));
    m_mode->addItem(tr("One for all"), int(policy::ControlTrainingMode::OneForAll));
    m_mode->addItem(tr("One for each"), int(policy::ControlTrainingMode::OneForEach));
    m_mode->addItem(tr("Transfer (from the latest model)"), int(policy::ControlTrainingMode::Transfer));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Train"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(m_plugin->count() > 0);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Plugin:"), m_plugin);
    form->addRow(tr("Scenario:"), scenarioRow);
    form->addRow(tr("Episodes:"), m_episodes);
    form->addRow(tr("Steps per episode:"), m_steps);
    form->addRow(tr("Seed:"), m_seed);
    form->addRow(tr("Checkpoint every:"), m_checkpointEvery);
    form->addRow(tr("Mode:"), m_mode);
    form->addRow(tr("Evaluate every:"), m_evaluationEvery);
    form->addRow(tr("Evaluation episodes:"), m_evaluationEpisodes);
    form->addRow(buttons);
}

QString TrainControlDialog::plugin() const
{
    return m_plugin->currentText();
}

QString TrainControlDialog::scenarioPath() const
{
    return m_scenario->text().trimmed();
}

policy::ControlTrainingConfig TrainControlDialog::config() const
{
    policy::ControlTrainingConfig config;
    config.episodes = static_cast<std::uint32_t>(m_episodes->value());
    config.stepsPerEpisode = static_cast<std::uint32_t>(m_steps->value());
    config.checkpointEvery = static_cast<std::uint32_t>(m_checkpointEvery->value());
    config.mode = static_cast<policy::ControlTrainingMode>(m_mode->currentData().toInt());
    return config;
}

quint32 TrainControlDialog::evaluationEvery() const
{
    return static_cast<quint32>(m_evaluationEvery->value());
}

quint32 TrainControlDialog::evaluationEpisodes() const
{
    return static_cast<quint32>(m_evaluationEpisodes->value());
}

std::optional<std::uint64_t> TrainControlDialog::seed() const
{
    if (m_seed->value() < 0)
        return std::nullopt;
    return static_cast<std::uint64_t>(m_seed->value());
}

} // namespace orrery::app
