#pragma once
#include "policy/control_training.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::app {

//! Run ▸ Train Control Policy…: which trainable control plugin to train on which scenario, with
//! episodes, steps per episode, seed, checkpoint interval and mode (as `orrery train` takes them).
class TrainControlDialog : public QDialog {
    Q_OBJECT
public:
    //! `scenarioPath` prefills the scenario (the editor's file); empty means the editor's text.
    TrainControlDialog(const policy::PluginRegistry& registry, const QString& scenarioPath, QWidget* parent = nullptr);

    [[nodiscard]] QString plugin() const;
    //! Empty: the scenario editor's text.
    [[nodiscard]] QString scenarioPath() const;
    //! The training settings; the seed comes separately (the scenario's unless set).
    [[nodiscard]] policy::ControlTrainingConfig config() const;
    [[nodiscard]] std::optional<std::uint64_t> seed() const;
    //! Episodes between deterministic evaluations on held-out episodes (0 = none); follows a
    //! tenth of the episodes until the user sets it.
    [[nodiscard]] quint32 evaluationEvery() const;
    [[nodiscard]] quint32 evaluationEpisodes() const;

private:
    QComboBox* m_plugin = nullptr;
    QLineEdit* m_scenario = nullptr;
    QSpinBox* m_episodes = nullptr;
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_seed = nullptr;
    QSpinBox* m_checkpointEvery = nullptr;
    QComboBox* m_mode = nullptr;
    QSpinBox* m_evaluationEvery = nullptr;
    QSpinBox* m_evaluationEpisodes = nullptr;
    bool m_evaluationEveryEdited = false;
};

} // namespace orrery::app
