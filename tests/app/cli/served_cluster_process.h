#pragma once
// `orrery serve` started by a test: the simulator served as a Kubernetes API and a /metrics
// endpoint on a free loopback port, with the kubeconfig it writes for its clients.
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace orrery::testing {

class ServedClusterProcess {
public:
    //! Starts `orrery serve SCENARIO --port 0 --speed SPEED --namespace NS`; check started().
    ServedClusterProcess(const QString& orrery, const QString& scenario, const QString& nameSpace, double speed)
    {
        m_kubeconfig = m_dir.filePath(QStringLiteral("served.kubeconfig"));
        m_prometheusConfig = m_dir.filePath(QStringLiteral("prometheus.yml"));
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start(orrery, {QStringLiteral("serve"), scenario, QStringLiteral("--port"), QStringLiteral("0"),
                                 QStringLiteral("--speed"), QString::number(speed), QStringLiteral("--namespace"), nameSpace,
                                 QStringLiteral("--kubeconfig-out"), m_kubeconfig, QStringLiteral("--prometheus-config-out"),
                                 m_prometheusConfig});
        if (!m_process.waitForStarted(10000))
            return;
        static const QRegularExpression url(QStringLiteral("(http://127\\.0\\.0\\.1:(\\d+))"));
        QByteArray seen;
        for (int i = 0; i < 300 && m_port == 0; ++i) {
            m_process.waitForReadyRead(100);
            seen += m_process.readAllStandardOutput();
            const auto match = url.match(QString::fromUtf8(seen));
            if (match.hasMatch()) {
                m_url = match.captured(1);
                m_port = match.captured(2).toUShort();
            }
            if (m_process.state() != QProcess::Running)
                break;
        }
        m_output = QString::fromUtf8(seen);
    }

    ~ServedClusterProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(10000))
                m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    [[nodiscard]] bool started() const { return m_port != 0 && m_process.state() == QProcess::Running; }
    [[nodiscard]] quint16 port() const { return m_port; }
    [[nodiscard]] QString url() const { return m_url; }
    [[nodiscard]] QString kubeconfig() const { return m_kubeconfig; }
    //! The prometheus.yml `--prometheus-config-out` wrote (scraping this endpoint).
    [[nodiscard]] QString prometheusConfig() const { return m_prometheusConfig; }
    [[nodiscard]] QString output() { return m_output + QString::fromUtf8(m_process.readAllStandardError()); }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_kubeconfig;
    QString m_prometheusConfig;
    QString m_url;
    QString m_output;
    quint16 m_port = 0;
};

} // namespace orrery::testing
