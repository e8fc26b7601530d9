#pragma once
#include "gui/experiment_job.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTimer;

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::app {

//! Run ▸ Run Experiment…: the experiment file (checked as it is typed, its problems shown as
//! file:line:column: field: message), and where its cells run with that backend's options, as
//! `orrery experiment` takes them: Local (worker threads), Slurm (partition, time limit, array
//! maximum, cells per task, shard directory, poll interval, the executable the tasks run) or
//! Kubernetes (context, namespace, image, kubeconfig, parallelism, backoff limit, CPU and memory
//! requests, shard directory, the executable in the image). The last values are remembered.
class ExperimentDialog : public QDialog {
    Q_OBJECT
public:
    ExperimentDialog(const policy::PluginRegistry& registry, QWidget* parent = nullptr);

    //! What to run, into `projectPath`.
    [[nodiscard]] ExperimentJob::Request request(const QString& projectPath) const;
    //! The experiment file's problems, or empty when it is valid (checked now).
    QString validate();
    void setExperimentFile(const QString& path);
    void setBackend(ExperimentBackend backend);

    void accept() override;

private:
    void updateBackendPage();
    void updateRunButton();
    void restoreSettings();
    void saveSettings() const;

    const policy::PluginRegistry& m_registry;
    QLineEdit* m_file = nullptr;
    QLabel* m_fileStatus = nullptr;
    QTimer* m_validateTimer = nullptr;
    bool m_fileValid = false;
    QComboBox* m_backend = nullptr;
    //! Shown for a live experiment (spec.target: live): actuation on its namespace, opt-in.
    QCheckBox* m_actuate = nullptr;
    QString m_actuateFile; //!< the live experiment file m_actuate was last offered for
    bool m_live = false;
    QStackedWidget* m_pages = nullptr;
    QSpinBox* m_jobs = nullptr;
    QLineEdit* m_partition = nullptr;
    QLineEdit* m_timeLimit = nullptr;
    QSpinBox* m_arrayMax = nullptr;
    QSpinBox* m_cellsPerTask = nullptr;
    QLineEdit* m_slurmShardDir = nullptr;
    QDoubleSpinBox* m_poll = nullptr;
    QLineEdit* m_slurmOrrery = nullptr;
    QLineEdit* m_context = nullptr;
    QLineEdit* m_nameSpace = nullptr;
    QLineEdit* m_image = nullptr;
    QLineEdit* m_kubeconfig = nullptr;
    QSpinBox* m_parallelism = nullptr;
    QSpinBox* m_backoffLimit = nullptr;
    QLineEdit* m_cpu = nullptr;
    QLineEdit* m_memory = nullptr;
    QLineEdit* m_kubeShardDir = nullptr;
    QLineEdit* m_kubeOrrery = nullptr;
    QPushButton* m_run = nullptr;
};

} // namespace orrery::app
