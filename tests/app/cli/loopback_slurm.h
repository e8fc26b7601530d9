#pragma once
// A one-node Slurm cluster on loopback for tests: munged with its own key and socket, slurmctld
// and slurmd with their own slurm.conf, ports, state, spool, logs and pid files under a temporary
// directory (docs/distributed.md, "The loopback cluster of the tests"). Stopping (also from the
// destructor) cancels the cluster's jobs, then stops slurmd, slurmctld and munged.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QThread>

#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <vector>

namespace orrery::testing {

class LoopbackSlurm {
public:
    LoopbackSlurm() = default;
    LoopbackSlurm(const LoopbackSlurm&) = delete;
    LoopbackSlurm& operator=(const LoopbackSlurm&) = delete;
    ~LoopbackSlurm() { stop(); }

    //! Programs the cluster needs that are not on PATH (empty: all there).
    static QStringList missingPrograms()
    {
        QStringList missing;
        for (const char* program : {"munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "sacct", "scancel",
                                    "sinfo", "scontrol"}) {
            if (QStandardPaths::findExecutable(program).isEmpty() &&
                QStandardPaths::findExecutable(program, {"/usr/sbin", "/sbin"}).isEmpty())
                missing << program;
        }
        return missing;
    }

    //! Starts the daemons and waits until the node is idle. Empty on success, else why not
    //! (with the daemons' logs).
    QString start(int timeoutMs = 60000)
    {
        if (!m_dir.isValid())
            return "cannot create a temporary directory";
        for (const char* sub : {"munge", "state", "spool", "log"})
            QDir(m_dir.path()).mkpath(sub);
        QFile::setPermissions(m_dir.filePath("munge"), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        // munged: its own key, socket, pid, seed and log, in the foreground so the test owns it.
        const QString key = m_dir.filePath("munge/munge.key");
        if (const QString error = runToEnd(program("mungekey"), {"--create", "--keyfile", key, "--force"}); !error.isEmpty())
            return "mungekey: " + error;
        m_socket = m_dir.filePath("munge/munge.socket");
        startDaemon(program("munged"), {"--foreground", "--force", "--socket", m_socket, "--key-file", key, "--pid-file",
                                        m_dir.filePath("munge/munged.pid"), "--seed-file", m_dir.filePath("munge/seed"),
                                        "--log-file", m_dir.filePath("log/munged.log")});
        if (!waitFor([&] { return QFile::exists(m_socket); }, 10000))
            return "munged did not create its socket " + m_socket + logs();

        if (const QString error = writeConfig(); !error.isEmpty())
            return error;
        startDaemon(program("slurmctld"), {"-D", "-f", m_config});
        if (!waitFor([&] { return runToEnd("scontrol", {"ping"}).isEmpty(); }, timeoutMs / 2))
            return "slurmctld does not answer scontrol ping" + logs();
        startDaemon(program("slurmd"), {"-D", "-N", "localhost", "-f", m_config});
        QString state;
        if (!waitFor(
                [&] {
                    state = output("sinfo", {"--noheader", "--nodes=localhost", "--format=%T"}).trimmed();
                    return state == "idle";
                },
                timeoutMs / 2))
            return "the node is '" + state + "', not idle" + logs();
        return {};
    }

    //! Cancels every job, waits for them to leave, then stops the daemons (slurmd first).
    void stop()
    {
        if (m_daemons.empty())
            return;
        if (!m_config.isEmpty()) {
            runToEnd("scancel", {"--user", userName()});
            waitFor([&] { return output("squeue", {"--noheader", "--format=%i"}).trimmed().isEmpty(); }, 15000);
        }
        for (auto it = m_daemons.rbegin(); it != m_daemons.rend(); ++it) {
            QProcess& daemon = **it;
            if (daemon.state() == QProcess::NotRunning)
                continue;
            daemon.terminate();
            if (!daemon.waitForFinished(10000)) {
                daemon.kill();
                daemon.waitForFinished(5000);
            }
        }
        m_daemons.clear();
    }

    //! The environment Slurm's commands need: SLURM_CONF (and no display).
    QProcessEnvironment environment() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("SLURM_CONF", m_config);
        environment.remove("DISPLAY");
        environment.remove("WAYLAND_DISPLAY");
        return environment;
    }

    //! stdout of a Slurm command run to its end.
    QString output(const QString& program, const QStringList& args) const
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.start(program, args);
        if (!process.waitForFinished(30000)) {
            process.kill();
            process.waitForFinished();
        }
        return QString::fromUtf8(process.readAllStandardOutput());
    }

    //! Runs a program to its end: empty when it exits 0, else its exit code and stderr.
    QString runToEnd(const QString& program, const QStringList& args) const
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.start(program, args);
        if (!process.waitForFinished(30000)) {
            process.kill();
            process.waitForFinished();
            return program + " did not finish";
        }
        if (process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
            return {};
        return "exit " + QString::number(process.exitCode()) + ": " + QString::fromUtf8(process.readAllStandardError());
    }

    [[nodiscard]] QString configPath() const { return m_config; }
    [[nodiscard]] QString logDir() const { return m_dir.filePath("log"); }

    //! The daemons' log files, for failure messages.
    [[nodiscard]] QString logs() const
    {
        QString text;
        for (const char* name : {"munged.log", "slurmctld.log", "slurmd.log"}) {
            QFile file(m_dir.filePath(QString("log/") + name));
            if (file.open(QIODevice::ReadOnly))
                text += QString("\n--- %1 (last 2000 bytes)\n").arg(name) + QString::fromUtf8(file.readAll().right(2000));
        }
        return text;
    }

    template <typename Condition>
    static bool waitFor(Condition condition, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        while (!condition()) {
            if (timer.elapsed() > timeoutMs)
                return false;
            QThread::msleep(100);
        }
        return true;
    }

private:
    static QString program(const char* name)
    {
        const QString onPath = QStandardPaths::findExecutable(name);
        return onPath.isEmpty() ? QStandardPaths::findExecutable(name, {"/usr/sbin", "/sbin"}) : onPath;
    }

    static QString userName()
    {
        const passwd* entry = getpwuid(getuid());
        return entry ? QString::fromLocal8Bit(entry->pw_name) : QStringLiteral("root");
    }

    //! A TCP port on loopback that nothing listens on now (the kernel's choice).
    static int freePort()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        int port = 0;
        if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
            port = ntohs(address.sin_port);
        if (fd >= 0)
            ::close(fd);
        return port;
    }

    QString writeConfig()
    {
        int ctldPort = freePort();
        int slurmdPort = freePort();
        while (slurmdPort == ctldPort)
            slurmdPort = freePort();
        if (ctldPort == 0 || slurmdPort == 0)
            return "no free loopback port";
        const QString user = userName();
        const int cpus = std::max(1, QThread::idealThreadCount());
        const QString d = m_dir.path();
        QString text;
        text += "ClusterName=orrerytest\nSlurmctldHost=localhost\n";
        text += QString("SlurmctldPort=%1\nSlurmdPort=%2\n").arg(ctldPort).arg(slurmdPort);
        text += "AuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket=" + m_socket + "\n";
        text += "SlurmUser=" + user + "\nSlurmdUser=" + user + "\n";
        text += "StateSaveLocation=" + d + "/state\nSlurmdSpoolDir=" + d + "/spool\n";
        text += "SlurmctldPidFile=" + d + "/slurmctld.pid\nSlurmdPidFile=" + d + "/slurmd.pid\n";
        text += "SlurmctldLogFile=" + d + "/log/slurmctld.log\nSlurmdLogFile=" + d + "/log/slurmd.log\n";
        // proctrack/pgid: scancel signals the task's whole process group; with proctrack/linuxproc a
        // grandchild whose parent died first escaped (seen: the stand-in's `sleep` outlived scancel).
        text += "ProctrackType=proctrack/pgid\nTaskPlugin=task/none\n";
        text += "SelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\n";
        text += "JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n";
        text += "JobCompType=jobcomp/none\nMpiDefault=none\nMailProg=/bin/true\n";
        text += "SchedulerType=sched/backfill\nReturnToService=2\nMinJobAge=300\nKillWait=2\n";
        // Start array tasks as soon as CPUs free up (the default batch_sched_delay=3 starts them every 3 s).
        text += "SchedulerParameters=batch_sched_delay=0\n";
        text += "SlurmdTimeout=60\nSlurmctldTimeout=60\nInactiveLimit=0\n";
        text += QString("NodeName=localhost CPUs=%1 RealMemory=500 State=UNKNOWN\n").arg(cpus);
        text += "PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP\n";
        m_config = m_dir.filePath("slurm.conf");
        QFile file(m_config);
        if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) != text.toUtf8().size())
            return "cannot write " + m_config;
        return {};
    }

    void startDaemon(const QString& path, const QStringList& args)
    {
        auto daemon = std::make_unique<QProcess>();
        daemon->setProcessEnvironment(environment());
        daemon->setStandardOutputFile(m_dir.filePath("log/" + QFileInfo(path).fileName() + ".out"));
        daemon->setStandardErrorFile(m_dir.filePath("log/" + QFileInfo(path).fileName() + ".out"), QIODevice::Append);
        daemon->start(path, args);
        daemon->waitForStarted(10000);
        m_daemons.push_back(std::move(daemon));
    }

    QTemporaryDir m_dir{QDir::tempPath() + "/orrery-slurm-XXXXXX"};
    QString m_socket;
    QString m_config;
    std::vector<std::unique_ptr<QProcess>> m_daemons; //!< in start order
};

} // namespace orrery::testing
