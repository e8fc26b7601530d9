// The Kubernetes client over HTTPS against a loopback server with a certificate from a CA made
// for the test (openssl, at test time): the cluster's CA verifies it, the system store does not,
// insecure-skip-tls-verify skips the check, and a client certificate reaches the server's
// handshake. Recorded API answers as in tst_kube_client.
#include "fake_http_server.h"

#include "live/kube_client.h"
#include "live/live_error.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::live;
using orrery::testing::FakeHttpServer;
using orrery::testing::readFile;
using orrery::testing::RecordedRequest;
using orrery::testing::ScriptedResponse;

namespace {

const QString kFixtures = QStringLiteral(ORRERY_FIXTURE_DIR "/live/");

//! Runs openssl with `arguments` in `directory`; fails the test when it does not succeed.
bool openssl(const QString& directory, const QStringList& arguments)
{
    QProcess process;
    process.setWorkingDirectory(directory);
    process.start(QStringLiteral("openssl"), arguments);
    if (!process.waitForFinished(30000) || process.exitCode() != 0) {
        qWarning().noquote() << "openssl" << arguments.join(' ') << "failed:" << process.readAllStandardError();
        return false;
    }
    return true;
}

//! A CA and a server certificate for 127.0.0.1 signed by it (PEM files in `directory`).
bool makeCertificates(const QString& directory)
{
    QFile extensions(directory + "/server.ext");
    if (!extensions.open(QIODevice::WriteOnly))
        return false;
    extensions.write("subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
    extensions.close();
    return openssl(directory, {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                               "/CN=orrery-test-ca", "-keyout", "ca.key", "-out", "ca.pem"})
        && openssl(directory, {"req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout",
                               "server.key", "-out", "server.csr"})
        && openssl(directory, {"x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                               "-CAcreateserial", "-days", "2", "-extfile", "server.ext", "-out", "server.pem"});
}

ResolvedContext tlsContext(const FakeHttpServer& server)
{
    ResolvedContext context;
    context.contextName = "tls";
    context.server = server.url().toStdString();
    context.bearerToken = "tls-token";
    context.auth = AuthKind::Token;
    return context;
}

} // namespace

class TestKubeClientTls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void clusterCaVerifiesTheServer();
    void unknownCaIsRefusedWithACertificateError();
    void insecureSkipTlsVerifyAccepts();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<FakeHttpServer> m_server;
};

void TestKubeClientTls::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(makeCertificates(m_dir.path()));
    m_server = std::make_unique<FakeHttpServer>(
        [](const RecordedRequest&) {
            return ScriptedResponse{200, "application/json", readFile(kFixtures + "nodelist.json"), {}, false};
        },
        readFile(m_dir.path() + "/server.pem"), readFile(m_dir.path() + "/server.key"));
    QVERIFY(m_server->url().startsWith("https://127.0.0.1:"));
}

void TestKubeClientTls::clusterCaVerifiesTheServer()
{
    ResolvedContext context = tlsContext(*m_server);
    context.caPem = readFile(m_dir.path() + "/ca.pem").toStdString();
    KubeClient client(context);
    const auto nodes = client.listNodes();
    QCOMPARE(nodes.items.size(), std::size_t(2));
    const auto requests = m_server->requests();
    QVERIFY(!requests.isEmpty());
    QCOMPARE(requests.last().headers.value("authorization"), QByteArray("Bearer tls-token"));
}

void TestKubeClientTls::unknownCaIsRefusedWithACertificateError()
{
    // Another CA than the one that signed the server: verification must fail, and say why.
    QTemporaryDir other;
    QVERIFY(openssl(other.path(), {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                                   "/CN=someone-else", "-keyout", "other.key", "-out", "other.pem"}));
    ResolvedContext context = tlsContext(*m_server);
    context.caPem = readFile(other.path() + "/other.pem").toStdString();
    KubeClient client(context);
    try {
        (void)client.listNodes();
        QFAIL("a server certificate from an unknown CA was accepted");
    } catch (const LiveError& error) {
        const QString message = QString::fromStdString(error.what());
        QVERIFY2(message.contains(QString::fromStdString(context.server)), qPrintable(message));
        QVERIFY2(message.contains("certificate", Qt::CaseInsensitive) || message.contains("SSL", Qt::CaseInsensitive),
                 qPrintable(message));
    }
}

void TestKubeClientTls::insecureSkipTlsVerifyAccepts()
{
    ResolvedContext context = tlsContext(*m_server);
    context.insecureSkipTlsVerify = true;
    KubeClient client(context);
    QCOMPARE(client.listNodes().items.size(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TestKubeClientTls)
#include "tst_kube_client_tls.moc"
