// OIDC refresh of expired kubeconfig id-tokens against a fake issuer (discovery + token endpoint):
// the refreshed token is the bearer, it is cached, failures name the field, nothing is written.
#include "fake_http_server.h"
#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace orrery::live;
using namespace orrery::testing;

namespace {

const QString kFixture = ORRERY_FIXTURE_DIR "/live/kubeconfig/oidc-refresh.yaml";

//! An unsigned JWT whose `exp` is `secondsFromNow` away.
QByteArray jwt(qint64 secondsFromNow)
{
    const qint64 exp = QDateTime::currentSecsSinceEpoch() + secondsFromNow;
    const QByteArray payload = QByteArray(R"({"iss":"fake","exp":)") + QByteArray::number(exp) + "}";
    return "eyJhbGciOiJub25lIn0." +
           payload.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals) + ".c2ln";
}

//! The issuer and the API server in one: /issuer/... is OIDC, everything else an empty node list.
struct FakeIssuer {
    std::atomic<bool> invalidGrant{false};
    std::atomic<qint64> lifetimeSeconds{3600};
    QByteArray lastToken;
    explicit FakeIssuer(const QByteArray& certificatePem = {}, const QByteArray& keyPem = {})
        : server([this](const RecordedRequest& request) { return answer(request); }, certificatePem, keyPem)
    {
    }
    ScriptedResponse answer(const RecordedRequest& request)
    {
        if (request.path == "/issuer/.well-known/openid-configuration")
            return {200, "application/json",
                    R"({"issuer":")" + server.url().toUtf8() + R"(/issuer","token_endpoint":")" + server.url().toUtf8() +
                        R"(/issuer/token"})",
                    {}, false};
        if (request.path == "/issuer/token") {
            if (invalidGrant)
                return {400, "application/json", R"({"error":"invalid_grant","error_description":"refresh token revoked"})", {}, false};
            lastToken = jwt(lifetimeSeconds);
            return {200, "application/json",
                    R"({"access_token":"at","token_type":"Bearer","refresh_token":"rotated","id_token":")" + lastToken + "\"}",
                    {}, false};
        }
        return {200, "application/json", R"({"kind":"NodeList","apiVersion":"v1","metadata":{"resourceVersion":"7"},"items":[]})",
                {}, false};
    }
    FakeHttpServer server; // last: its handler uses the members above
};

//! A CA and a certificate for 127.0.0.1 signed by it, made with openssl in `directory`.
bool makeCertificates(const QString& directory)
{
    QFile extensions(directory + "/server.ext");
    if (!extensions.open(QIODevice::WriteOnly))
        return false;
    extensions.write("subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
    extensions.close();
    const QList<QStringList> steps = {
        {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=oidc-test-ca", "-keyout", "ca.key",
         "-out", "ca.pem"},
        {"req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key", "-out", "server.csr"},
        {"x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
         "-extfile", "server.ext", "-out", "server.pem"}};
    for (const QStringList& arguments : steps) {
        QProcess process;
        process.setWorkingDirectory(directory);
        process.start("openssl", arguments);
        if (!process.waitForFinished(30000) || process.exitCode() != 0)
            return false;
    }
    return true;
}

} // namespace

class TestOidcRefresh : public QObject {
    Q_OBJECT
private slots:
    void init();
    void refreshesAndUsesTheNewToken_data();
    void refreshesAndUsesTheNewToken();
    void cachesUntilExpiry();
    void invalidGrantNamesTheField();
    void unreachableIssuerFailsFast();
    void validTokenIsNotRefreshed();
    void httpsIssuerIsVerifiedWithItsCa();

private:
    KubeConfig config(const FakeIssuer& issuer);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestOidcRefresh::init() { m_dir = std::make_unique<QTemporaryDir>(); }

KubeConfig TestOidcRefresh::config(const FakeIssuer& issuer)
{
    QByteArray text = readFile(kFixture);
    text.replace("@SERVER@", issuer.server.url().toUtf8());
    const QString path = m_dir->filePath("oidc-refresh.yaml");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    file.close();
    return KubeConfigLoader::load({path.toStdString()}, true);
}

void TestOidcRefresh::refreshesAndUsesTheNewToken_data()
{
    QTest::addColumn<QString>("context");
    QTest::addColumn<QByteArray>("refreshToken");
    QTest::addColumn<QByteArray>("authorization"); // the token POST's basic credentials
    QTest::newRow("expired id-token") << "expired" << QByteArray("refresh-me") << QByteArray("orrery:s3cret");
    QTest::newRow("missing id-token") << "missing" << QByteArray("refresh-me-too") << QByteArray("orrery:");
}

void TestOidcRefresh::refreshesAndUsesTheNewToken()
{
    QFETCH(QString, context);
    QFETCH(QByteArray, refreshToken);
    QFETCH(QByteArray, authorization);
    FakeIssuer issuer;
    ContextResolver resolver(config(issuer));
    const ResolvedContext resolved = resolver.resolve(context.toStdString());

    const QList<RecordedRequest> requests = issuer.server.requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests[0].method, QByteArray("GET"));
    QCOMPARE(requests[0].path, QByteArray("/issuer/.well-known/openid-configuration"));
    QCOMPARE(requests[1].method, QByteArray("POST"));
    QCOMPARE(requests[1].path, QByteArray("/issuer/token"));
    QCOMPARE(requests[1].headers.value("content-type"), QByteArray("application/x-www-form-urlencoded"));
    QCOMPARE(requests[1].headers.value("authorization"), "Basic " + authorization.toBase64());
    QCOMPARE(requests[1].body, "grant_type=refresh_token&refresh_token=" + refreshToken);

    QCOMPARE(QByteArray::fromStdString(resolved.bearerToken), issuer.lastToken);
    QVERIFY(resolved.credentialExpiry.has_value());
    QVERIFY(*resolved.credentialExpiry > std::chrono::system_clock::now() + std::chrono::minutes(50));
    QCOMPARE(resolved.warnings.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(resolved.warnings.front()).contains("refreshed in memory"));
    // The kubeconfig on disk is untouched: Orrery never writes credentials.
    QVERIFY(!readFile(m_dir->filePath("oidc-refresh.yaml")).contains(issuer.lastToken));

    // A KubeClient built from the resolved context sends the refreshed token.
    KubeClient client(resolved);
    QCOMPARE(client.listNodes().items.size(), std::size_t(0));
    QCOMPARE(issuer.server.requests().last().headers.value("authorization"), "Bearer " + issuer.lastToken);
}

void TestOidcRefresh::cachesUntilExpiry()
{
    FakeIssuer issuer;
    ContextResolver resolver(config(issuer));
    const std::string first = resolver.resolve("expired").bearerToken;
    const auto served = issuer.server.requests().size();
    QCOMPARE(resolver.resolve("expired").bearerToken, first);
    QCOMPARE(resolver.resolve().bearerToken, first); // current-context is the same user
    QCOMPARE(issuer.server.requests().size(), served);
    QCOMPARE(resolver.oidcRefresher().tokenRequests(), 1);

    // A token inside the clock-skew margin counts as expired: the next resolve refreshes again,
    // with the refresh token the issuer rotated.
    issuer.lifetimeSeconds = 5;
    resolver.oidcRefresher().clear();
    resolver.resolve("expired");
    issuer.lifetimeSeconds = 3600;
    resolver.resolve("expired");
    QCOMPARE(resolver.oidcRefresher().tokenRequests(), 2);
    QCOMPARE(issuer.server.requests().last().body, QByteArray("grant_type=refresh_token&refresh_token=rotated"));
}

void TestOidcRefresh::invalidGrantNamesTheField()
{
    FakeIssuer issuer;
    issuer.invalidGrant = true;
    ContextResolver resolver(config(issuer));
    try {
        resolver.resolve("expired");
        QFAIL("no error");
    } catch (const LiveError& error) {
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.startsWith(m_dir->filePath("oidc-refresh.yaml")) || message.contains("oidc-refresh.yaml: "), error.what());
        QVERIFY2(message.contains("context \"expired\": user \"expired-user\": auth-provider.config.refresh-token: "
                                  "refresh failed: 400 invalid_grant: refresh token revoked"),
                 error.what());
        QCOMPARE(error.kind(), LiveError::Kind::Credentials);
    }
    // Basic credentials first, then (as golang.org/x/oauth2 auto-detects) in the form body.
    const QList<RecordedRequest> requests = issuer.server.requests();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(requests[2].body, QByteArray("grant_type=refresh_token&refresh_token=refresh-me&client_id=orrery&client_secret=s3cret"));
    QVERIFY(!requests[2].headers.contains("authorization"));
}

void TestOidcRefresh::unreachableIssuerFailsFast()
{
    FakeIssuer issuer;
    ContextResolver resolver(config(issuer));
    QElapsedTimer timer;
    timer.start();
    try {
        resolver.resolve("unreachable");
        QFAIL("no error");
    } catch (const LiveError& error) {
        QVERIFY2(QString::fromUtf8(error.what()).contains("user \"unreachable-user\": auth-provider.config.idp-issuer-url: "
                                                          "cannot reach the OIDC issuer: GET http://127.0.0.1:1/issuer/"),
                 error.what());
        QCOMPARE(error.kind(), LiveError::Kind::Unreachable);
    }
    QVERIFY2(timer.elapsed() < 6000, qPrintable(QString::number(timer.elapsed())));
}

void TestOidcRefresh::validTokenIsNotRefreshed()
{
    FakeIssuer issuer;
    ContextResolver resolver(config(issuer));
    const ResolvedContext resolved = resolver.resolve("valid");
    QVERIFY(QByteArray::fromStdString(resolved.bearerToken).startsWith("eyJhbGciOiAibm9uZSJ9.eyJpc3Mi"));
    QVERIFY(resolved.warnings.empty());
    QVERIFY(issuer.server.requests().isEmpty());
    QCOMPARE(resolver.oidcRefresher().tokenRequests(), 0);
}

void TestOidcRefresh::httpsIssuerIsVerifiedWithItsCa()
{
    QVERIFY(makeCertificates(m_dir->path()));
    const QByteArray ca = readFile(m_dir->filePath("ca.pem"));
    FakeIssuer issuer(readFile(m_dir->filePath("server.pem")), readFile(m_dir->filePath("server.key")));
    std::map<std::string, std::string> config = {{"idp-issuer-url", issuer.server.url().toStdString() + "/issuer"},
                                                 {"client-id", "orrery"},
                                                 {"refresh-token", "refresh-me"}};
    OidcRefresher refresher;
    // Without idp-certificate-authority the system trust store rejects the test CA.
    QVERIFY_THROWS_EXCEPTION(LiveError, refresher.refresh(config, "kubeconfig: "));
    config["idp-certificate-authority-data"] = ca.toBase64().toStdString();
    QCOMPARE(QByteArray::fromStdString(refresher.refresh(config, "kubeconfig: ").idToken), issuer.lastToken);
    config.erase("idp-certificate-authority-data");
    config["idp-certificate-authority"] = m_dir->filePath("ca.pem").toStdString();
    refresher.clear();
    QCOMPARE(QByteArray::fromStdString(refresher.refresh(config, "kubeconfig: ").idToken), issuer.lastToken);
}

QTEST_GUILESS_MAIN(TestOidcRefresh)
#include "tst_oidc_refresh.moc"
