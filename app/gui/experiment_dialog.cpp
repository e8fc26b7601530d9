#include "gui/experiment_dialog.h"

#include "ops/scenario_check.h"
#include "experiment/experiment_cells.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace orrery::app {
namespace {

constexpr QLatin1StringView kGroup("experimentDialog");
constexpr int kMaxJobs = 4096;

QLineEdit* lineEdit(const char* name, const QString& placeholder = {})
{
    auto* edit = new QLineEdit;
    edit->setObjectName(QLatin1String(name));
    edit->setPlaceholderText(placeholder);
    return edit;
}

QSpinBox* spinBox(const char* name, int min, int max, int value, const QString& specialText = {})
{
    auto* box = new QSpinBox;
    box->setObjectName(QLatin1String(name));
    box->setRange(min, max);
    box->setValue(value);
    box->setSpecialValueText(specialText);
    return box;
}

std::string text(const QLineEdit* edit)
{
    return edit->text().trimmed().toStdString();
}

} // namespace

ExperimentDialog::ExperimentDialog(const policy::PluginRegistry& registry, QWidget* parent)
    : QDialog(parent)
    , m_registry(registry)
{
    setWindowTitle(tr("Run Experiment"));
    setObjectName(QStringLiteral("experimentDialog"));

    m_file = lineEdit("experimentFile", tr("an experiment file (kind: Experiment)"));
    auto* browse = new QPushButton(tr("Browse…"));
    browse->setObjectName(QStringLiteral("experimentBrowse"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString start = m_file->text().isEmpty() ? QDir::homePath() : QFileInfo(m_file->text()).absolutePath();
        const QString path = QFileDialog::getOpenFileName(this, tr("Experiment File"), start,
                                                          tr("Experiment files (*.yaml *.yml);;All files (*)"));
        if (!path.isEmpty())
            setExperimentFile(path);
    });
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browse);
    m_fileStatus = new QLabel;
    m_fileStatus->setObjectName(QStringLiteral("experimentFileStatus"));
    m_fileStatus->setWordWrap(true);
    m_fileStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_validateTimer = new QTimer(this);
    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(300); // check once typing pauses, not at every key
    connect(m_validateTimer, &QTimer::timeout, this, &ExperimentDialog::validate);
    connect(m_file, &QLineEdit::textChanged, this, [this] {
        m_fileValid = false;
        updateRunButton();
        m_validateTimer->start();
    });

    m_backend = new QComboBox;
    m_backend->setObjectName(QStringLiteral("experimentBackend"));
    m_backend->addItem(tr("Local (this machine's cores)"), int(ExperimentBackend::Local));
    m_backend->addItem(tr("Slurm (one job array)"), int(ExperimentBackend::Slurm));
    m_backend->addItem(tr("Kubernetes (one Indexed Job)"), int(ExperimentBackend::Kubernetes));
    connect(m_backend, &QComboBox::currentIndexChanged, this, &ExperimentDialog::updateBackendPage);

    // Local
    m_jobs = spinBox("experimentJobs", 0, kMaxJobs, 0, tr("every core"));
    auto* localPage = new QWidget;
    auto* localForm = new QFormLayout(localPage);
    localForm->setContentsMargins(0, 0, 0, 0);
    localForm->addRow(tr("Worker threads:"), m_jobs);

    // Slurm (orrery experiment --backend slurm)
    m_partition = lineEdit("slurmPartition", tr("the cluster's default"));
    m_timeLimit = lineEdit("slurmTime", tr("the partition's default (e.g. 30:00, 1-00:00:00)"));
    m_arrayMax = spinBox("slurmArrayMax", 0, 1'000'000, 0, tr("no limit"));
    m_cellsPerTask = spinBox("slurmCellsPerTask", 0, 1'000'000, 0, tr("automatic"));
    m_slurmShardDir = lineEdit("slurmShardDir", tr("PROJECT.shards beside the project"));
    m_poll = new QDoubleSpinBox;
    m_poll->setObjectName(QStringLiteral("slurmPoll"));
    m_poll->setRange(0.05, 3600);
    m_poll->setDecimals(2);
    m_poll->setValue(2);
    m_poll->setSuffix(tr(" s"));
    m_slurmOrrery = lineEdit("slurmOrreryPath", tr("this executable"));
    auto* slurmPage = new QWidget;
    auto* slurmForm = new QFormLayout(slurmPage);
    slurmForm->setContentsMargins(0, 0, 0, 0);
    slurmForm->addRow(tr("Partition:"), m_partition);
    slurmForm->addRow(tr("Time limit per task:"), m_timeLimit);
    slurmForm->addRow(tr("Tasks at once (array max):"), m_arrayMax);
    slurmForm->addRow(tr("Cells per task:"), m_cellsPerTask);
    slurmForm->addRow(tr("Shard directory:"), m_slurmShardDir);
    slurmForm->addRow(tr("Poll every:"), m_poll);
    slurmForm->addRow(tr("Orrery on the nodes:"), m_slurmOrrery);

    // Kubernetes (orrery experiment --backend kubernetes)
    m_context = lineEdit("kubeContext", tr("the kubeconfig's current context"));
    m_nameSpace = lineEdit("kubeNamespace", tr("the context's namespace, else default"));
    m_image = lineEdit("kubeImage", tr("required: an image with orrery on its PATH"));
    m_kubeconfig = lineEdit("kubeConfig", tr("$KUBECONFIG or ~/.kube/config"));
    m_parallelism = spinBox("kubeParallelism", 0, 1'000'000, 0, tr("every cell at once"));
    m_backoffLimit = spinBox("kubeBackoffLimit", 0, 1'000'000, 3);
    m_cpu = lineEdit("kubeCpu", tr("none (e.g. 500m)"));
    m_memory = lineEdit("kubeMemory", tr("none (e.g. 1Gi)"));
    m_kubeShardDir = lineEdit("kubeShardDir", tr("PROJECT.shards beside the project"));
    m_kubeOrrery = lineEdit("kubeOrreryPath", QStringLiteral("orrery"));
    connect(m_image, &QLineEdit::textChanged, this, &ExperimentDialog::updateRunButton);
    auto* kubePage = new QWidget;
    auto* kubeForm = new QFormLayout(kubePage);
    kubeForm->setContentsMargins(0, 0, 0, 0);
    kubeForm->addRow(tr("Context:"), m_context);
    kubeForm->addRow(tr("Namespace:"), m_nameSpace);
    kubeForm->addRow(tr("Image:"), m_image);
    kubeForm->addRow(tr("Kubeconfig:"), m_kubeconfig);
    kubeForm->addRow(tr("Pods at once (parallelism):"), m_parallelism);
    kubeForm->addRow(tr("Backoff limit:"), m_backoffLimit);
    kubeForm->addRow(tr("CPU request per pod:"), m_cpu);
    kubeForm->addRow(tr("Memory request per pod:"), m_memory);
    kubeForm->addRow(tr("Shard directory:"), m_kubeShardDir);
    kubeForm->addRow(tr("Orrery in the image:"), m_kubeOrrery);

    m_pages = new QStackedWidget;
    m_pages->setObjectName(QStringLiteral("experimentBackendOptions"));
    m_pages->addWidget(localPage);
    m_pages->addWidget(slurmPage);
    m_pages->addWidget(kubePage);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_run = buttons->button(QDialogButtonBox::Ok);
    m_run->setText(tr("Run"));
    m_run->setObjectName(QStringLiteral("experimentRun"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExperimentDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout;
    form->addRow(tr("Experiment:"), fileRow);
    form->addRow(QString(), m_fileStatus);
    form->addRow(tr("Run on:"), m_backend);
    m_actuate = new QCheckBox;
    m_actuate->setObjectName(QStringLiteral("experimentActuate"));
    m_actuate->setVisible(false);
    connect(m_actuate, &QCheckBox::toggled, this, &ExperimentDialog::updateRunButton);
    form->addRow(QString(), m_actuate);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_pages);
    layout->addStretch(1);
    layout->addWidget(buttons);

    setMinimumWidth(560); // room for a path and the diagnostics
    restoreSettings();
    updateBackendPage();
    validate();
}

void ExperimentDialog::setExperimentFile(const QString& path)
{
    m_file->setText(path);
    validate();
}

void ExperimentDialog::setBackend(ExperimentBackend backend)
{
    m_backend->setCurrentIndex(m_backend->findData(int(backend)));
}

QString ExperimentDialog::validate()
{
    m_validateTimer->stop();
    const QString path = m_file->text().trimmed();
    QString problems;
    if (path.isEmpty()) {
        problems = tr("Choose an experiment file.");
        m_fileStatus->setText(problems);
    } else {
        const CheckedExperiment checked = checkExperimentFile(QDir::cleanPath(path).toStdString(), m_registry);
        if (!checked.experiment) {
            problems = QString::fromStdString(model::formatAll(checked.diagnostics)).trimmed();
            m_fileStatus->setText(problems);
        } else {
            const experiment::ExperimentSpec& spec = checked.experiment->spec;
            m_live = spec.live.has_value();
            if (m_live && m_actuateFile != path) {
                m_actuate->setChecked(false); // consent is per experiment file: another file asks again
                m_actuateFile = path;
            }
            if (m_live) {
                const experiment::LiveTarget& live = *spec.live;
                const QString where = QStringLiteral("%1/%2").arg(live.context.empty() ? tr("current context") : QString::fromStdString(live.context),
                                                                  QString::fromStdString(live.nameSpace));
                m_fileStatus->setText(tr("“%1”: live on %2: %3 arms × %4 windows of %5 s (after a %6 s washout each)")
                                          .arg(QString::fromStdString(spec.name), where)
                                          .arg(spec.arms.size())
                                          .arg(live.windowsPerArm)
                                          .arg(static_cast<double>(live.window) / 1e9)
                                          .arg(static_cast<double>(live.washout) / 1e9));
                if (live.placement)
                    m_actuate->setText(tr("Let the arms create and place %1 pods per window in %2 (each pod labelled and audited, "
                                          "deleted at the end of its window)")
                                           .arg(live.placement->pods)
                                           .arg(where));
                else
                    m_actuate->setText(tr("Let the arms change replicas and limits in %1 (each action previewed with a dry run, "
                                          "rate-limited and audited; the original state is restored at the end)").arg(where));
            } else
            m_fileStatus->setText(tr("“%1”: %2 cells (%3 sweep points × %4 arms × %5 seeds × %6 repeats)")
                                      .arg(QString::fromStdString(spec.name))
                                      .arg(experiment::experimentCells(spec).size())
                                      .arg(spec.pointCount())
                                      .arg(spec.arms.size())
                                      .arg(spec.seeds.size())
                                      .arg(spec.repeats));
        }
    }
    m_fileStatus->setProperty("problem", !problems.isEmpty());
    m_fileStatus->setStyleSheet(problems.isEmpty() ? QString() : QStringLiteral("color: #c62828;"));
    m_fileValid = problems.isEmpty();
    if (!m_fileValid)
        m_live = false;
    m_actuate->setVisible(m_live);
    m_backend->setEnabled(!m_live);
    m_pages->setVisible(!m_live);
    updateRunButton();
    return problems;
}

void ExperimentDialog::updateBackendPage()
{
    m_pages->setCurrentIndex(std::max(0, m_backend->currentIndex()));
    updateRunButton();
}

void ExperimentDialog::updateRunButton()
{
    const bool kubernetes = m_backend->currentData().toInt() == int(ExperimentBackend::Kubernetes);
    if (m_live)
        m_run->setEnabled(m_fileValid && m_actuate->isChecked()); // a live experiment acts only when a person says so
    else
        m_run->setEnabled(m_fileValid && (!kubernetes || !m_image->text().trimmed().isEmpty()));
}

ExperimentJob::Request ExperimentDialog::request(const QString& projectPath) const
{
    ExperimentJob::Request request;
    request.experimentFile = QDir::cleanPath(m_file->text().trimmed());
    request.projectPath = projectPath;
    request.backend = static_cast<ExperimentBackend>(m_backend->currentData().toInt());
    request.jobs = static_cast<unsigned>(m_jobs->value());
    request.actuate = m_live && m_actuate->isChecked();

    request.slurm.partition = text(m_partition);
    request.slurm.timeLimit = text(m_timeLimit);
    request.slurm.arrayMax = static_cast<std::size_t>(m_arrayMax->value());
    request.slurm.cellsPerTask = static_cast<std::size_t>(m_cellsPerTask->value());
    request.slurm.shardDir = text(m_slurmShardDir);
    request.slurm.poll = std::chrono::milliseconds(static_cast<std::int64_t>(std::llround(m_poll->value() * 1000)));
    request.slurm.orrery = text(m_slurmOrrery);

    request.kubeContext = m_context->text().trimmed();
    request.kubeconfig = m_kubeconfig->text().trimmed();
    request.kubernetes.nameSpace = text(m_nameSpace);
    request.kubernetes.image = text(m_image);
    request.kubernetes.parallelism = static_cast<std::size_t>(m_parallelism->value());
    request.kubernetes.backoffLimit = static_cast<std::size_t>(m_backoffLimit->value());
    request.kubernetes.cpu = text(m_cpu);
    request.kubernetes.memory = text(m_memory);
    request.kubernetes.shardDir = text(m_kubeShardDir);
    if (!m_kubeOrrery->text().trimmed().isEmpty())
        request.kubernetes.orrery = text(m_kubeOrrery);
    return request;
}

void ExperimentDialog::accept()
{
    if (!validate().isEmpty())
        return; // the problems are on screen
    saveSettings();
    QDialog::accept();
}

void ExperimentDialog::restoreSettings()
{
    QSettings settings;
    settings.beginGroup(kGroup);
    m_file->setText(settings.value(QStringLiteral("file")).toString());
    setBackend(static_cast<ExperimentBackend>(settings.value(QStringLiteral("backend"), int(ExperimentBackend::Local)).toInt()));
    if (m_backend->currentIndex() < 0)
        m_backend->setCurrentIndex(0);
    m_jobs->setValue(settings.value(QStringLiteral("jobs"), 0).toInt());
    for (QLineEdit* edit : {m_partition, m_timeLimit, m_slurmShardDir, m_slurmOrrery, m_context, m_nameSpace, m_image,
                            m_kubeconfig, m_cpu, m_memory, m_kubeShardDir, m_kubeOrrery})
        edit->setText(settings.value(edit->objectName()).toString());
    for (QSpinBox* box : {m_arrayMax, m_cellsPerTask, m_parallelism, m_backoffLimit})
        box->setValue(settings.value(box->objectName(), box->value()).toInt());
    m_poll->setValue(settings.value(m_poll->objectName(), m_poll->value()).toDouble());
}

void ExperimentDialog::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.setValue(QStringLiteral("file"), m_file->text().trimmed());
    settings.setValue(QStringLiteral("backend"), m_backend->currentData());
    settings.setValue(QStringLiteral("jobs"), m_jobs->value());
    for (const QLineEdit* edit : {m_partition, m_timeLimit, m_slurmShardDir, m_slurmOrrery, m_context, m_nameSpace, m_image,
                                  m_kubeconfig, m_cpu, m_memory, m_kubeShardDir, m_kubeOrrery})
        settings.setValue(edit->objectName(), edit->text().trimmed());
    for (const QSpinBox* box : {m_arrayMax, m_cellsPerTask, m_parallelism, m_backoffLimit})
        settings.setValue(box->objectName(), box->value());
    settings.setValue(m_poll->objectName(), m_poll->value());
}

} // namespace orrery::app
