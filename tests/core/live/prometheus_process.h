#pragma once
// A real Prometheus (Debian package `prometheus`) started by a test: a free loopback port, a
// temporary config and TSDB, scraping itself and the test's exporter every second.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace orrery::testing {

inline constexpr const char* kPrometheusBinary = "/usr/bin/prometheus";

//! A free port on 127.0.0.1 (bound, read, released).
inline quint16 freeLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        qFatal("no free port");
    return probe.serverPort();
}

//! Owns the Prometheus process and its temporary directory; stops it on destruction.
class PrometheusProcess {
public:
    //! Starts Prometheus scraping itself and 127.0.0.1:`exporterPort`. Check started().
    explicit PrometheusProcess(quint16 exporterPort)
    {
        m_port = freeLoopbackPort();
        const QString config = QStringLiteral("global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                                              "scrape_configs:\n"
                                              "  - job_name: prometheus\n    static_configs: [{targets: ['127.0.0.1:%1']}]\n"
                                              "  - job_name: exporter\n    static_configs: [{targets: ['127.0.0.1:%2']}]\n")
                                   .arg(m_port)
                                   .arg(exporterPort);
        QFile file(m_dir.filePath("prometheus.yml"));
        if (!file.open(QIODevice::WriteOnly) || file.write(config.toUtf8()) < 0)
            qFatal("cannot write the Prometheus config");
        file.close();
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(kPrometheusBinary, {"--config.file=" + file.fileName(), "--storage.tsdb.path=" + m_dir.filePath("tsdb"),
                                            QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(m_port),
                                            "--log.level=warn"});
        m_process.waitForStarted(10000);
    }

    ~PrometheusProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(10000))
                m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    [[nodiscard]] bool started() const { return m_process.state() == QProcess::Running; }
    [[nodiscard]] QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }
    [[nodiscard]] QString output() { return QString::fromUtf8(m_process.readAll()); }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
};

//! The text exposition an exporter serves `elapsedS` seconds after it started: a cAdvisor-like
//! Deployment "shop/web" with one pod using 0.5 cores, 100 MiB and receiving 1000 B/s.
inline QByteArray exporterMetrics(double elapsedS)
{
    const QByteArray labels = R"({namespace="shop",pod="web-5d8f7c9b4-abcde",container="web"})";
    return "# TYPE container_cpu_usage_seconds_total counter\n"
           "container_cpu_usage_seconds_total" + labels + " " + QByteArray::number(0.5 * elapsedS, 'f', 6) + "\n" +
           "# TYPE container_memory_usage_bytes gauge\n"
           "container_memory_usage_bytes" + labels + " 104857600\n" +
           "# TYPE container_network_receive_bytes_total counter\n"
           R"(container_network_receive_bytes_total{namespace="shop",pod="web-5d8f7c9b4-abcde",interface="eth0"} )" +
           QByteArray::number(1000.0 * elapsedS, 'f', 3) + "\n";
}

} // namespace orrery::testing
