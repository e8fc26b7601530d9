// kubeconfig loading and resolution, data-driven over every auth kind and over broken files.
#include "live/context_resolver.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"
#include "fuzz_replay.h"
#include "kubeconfig_invariant.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::live;

namespace {

const std::string kDir = ORRERY_FIXTURE_DIR "/live/kubeconfig/";

} // namespace

class TestKubeConfig : public QObject {
    Q_OBJECT
private slots:
    void authKinds_data();
    void authKinds();
    void insecureIsFlagged();
    void relativePathsResolveAgainstTheFile();
    void mergeFirstFileWins();
    void kubeconfigVariableListsFiles();
    void brokenFiles_data();
    void brokenFiles();
    void oversizedInputIsRefused_data();
    void oversizedInputIsRefused();
    //! Every crash input fuzz_kubeconfig found (tests/fixtures/fuzz-regressions/kubeconfig/) and
    //! every seed of its corpus keeps the harness's invariant (tests/fuzz/kubeconfig_invariant.h).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "kubeconfig"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string problem = orrery::fuzz::kubeconfigProblem(file.toStdString());
        QVERIFY2(problem.empty(), problem.c_str());
    }
};

void TestKubeConfig::authKinds_data()
{
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("auth");
    QTest::addColumn<QString>("server");
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("certificate");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("ca");
    QTest::addColumn<QString>("nameSpace");

    const QString ca = "TEST-ONLY-CA";
    QTest::newRow("current (token)") << "" << "token" << "https://api.plain.test:6443" << "abc.def.ghi" << "" << "" << ca << "shop";
    QTest::newRow("token-file") << "token-file" << "token-file" << "https://api.inline.test" << "file-token-123" << "" << ""
                                << ca << "default";
    QTest::newRow("cert-files") << "cert-files" << "client-certificate" << "https://api.plain.test:6443" << ""
                                << "TEST-ONLY-CLIENT" << "TEST-ONLY-KEY" << ca << "default";
    QTest::newRow("cert-data") << "cert-data" << "client-certificate" << "https://api.inline.test" << ""
                               << "TEST-ONLY-CLIENT" << "TEST-ONLY-KEY" << ca << "default";
    QTest::newRow("insecure") << "insecure" << "token" << "https://api.insecure.test" << "abc.def.ghi" << "" << "" << ""
                              << "default";
    QTest::newRow("oidc") << "oidc" << "oidc" << "https://api.plain.test:6443" << "eyJ" << "" << "" << ca << "default";
    QTest::newRow("basic") << "basic" << "basic" << "https://api.plain.test:6443" << "" << "" << "" << ca << "default";
    QTest::newRow("anonymous") << "anonymous" << "none" << "https://api.plain.test:6443" << "" << "" << "" << ca << "default";
}

void TestKubeConfig::authKinds()
{
    QFETCH(QString, context);
    QFETCH(QString, auth);
    QFETCH(QString, server);
    QFETCH(QString, token);
    QFETCH(QString, certificate);
    QFETCH(QString, key);
    QFETCH(QString, ca);
    QFETCH(QString, nameSpace);

    ContextResolver resolver(KubeConfigLoader::load({kDir + "auth-kinds.yaml"}, true));
    const ResolvedContext resolved = resolver.resolve(context.toStdString());
    QCOMPARE(QString(toString(resolved.auth)), auth);
    QCOMPARE(QString::fromStdString(resolved.server), server);
    QVERIFY2(QString::fromStdString(resolved.bearerToken).startsWith(token), resolved.bearerToken.c_str());
    QCOMPARE(token.isEmpty(), resolved.bearerToken.empty());
    QCOMPARE(QString::fromStdString(resolved.clientCertificatePem).contains(certificate), true);
    QCOMPARE(certificate.isEmpty(), resolved.clientCertificatePem.empty());
    QCOMPARE(key.isEmpty(), resolved.clientKeyPem.empty());
    QVERIFY(QString::fromStdString(resolved.clientKeyPem).contains(key));
    QCOMPARE(ca.isEmpty(), resolved.caPem.empty());
    QVERIFY(QString::fromStdString(resolved.caPem).contains(ca));
    QCOMPARE(QString::fromStdString(resolved.nameSpace), nameSpace);
    if (auth == "basic") {
        QCOMPARE(resolved.basicUser, std::string("admin"));
        QCOMPARE(resolved.basicPassword, std::string("secret"));
    }
    if (auth == "oidc")
        QVERIFY(resolved.credentialExpiry.has_value());
}

void TestKubeConfig::insecureIsFlagged()
{
    ContextResolver resolver(KubeConfigLoader::load({kDir + "auth-kinds.yaml"}, true));
    const ResolvedContext insecure = resolver.resolve("insecure");
    QVERIFY(insecure.insecureSkipTlsVerify);
    QCOMPARE(insecure.warnings.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(insecure.warnings.front()).contains("insecure-skip-tls-verify"));
    QVERIFY(!resolver.resolve("token").insecureSkipTlsVerify);
    QVERIFY(resolver.resolve("token").warnings.empty());
}

void TestKubeConfig::relativePathsResolveAgainstTheFile()
{
    const KubeConfig config = KubeConfigLoader::load({kDir + "auth-kinds.yaml"}, true);
    QCOMPARE(QString::fromStdString(config.clusters.at("plain").certificateAuthority),
             QDir::cleanPath(QString::fromStdString(kDir + "ca.pem")));
    QCOMPARE(QString::fromStdString(config.users.at("token-file-user").tokenFile),
             QDir::cleanPath(QString::fromStdString(kDir + "token.txt")));
}

void TestKubeConfig::mergeFirstFileWins()
{
    const KubeConfig config = KubeConfigLoader::load({kDir + "merge-first.yaml", kDir + "merge-second.yaml"});
    QCOMPARE(config.currentContext, std::string("first"));
    QCOMPARE(config.clusters.at("shared").server, std::string("https://first.test"));
    QCOMPARE(config.contexts.at("both").nameSpace, std::string("from-first"));
    QCOMPARE(config.clusters.at("only-second").server, std::string("https://only-second.test"));
    QCOMPARE(config.contexts.size(), std::size_t(3));
    // The other order: the second file's entries win.
    const KubeConfig reversed = KubeConfigLoader::load({kDir + "merge-second.yaml", kDir + "merge-first.yaml"});
    QCOMPARE(reversed.currentContext, std::string("second"));
    QCOMPARE(reversed.clusters.at("shared").server, std::string("https://second.test"));
}

void TestKubeConfig::kubeconfigVariableListsFiles()
{
    const QByteArray saved = qgetenv("KUBECONFIG");
    qputenv("KUBECONFIG", QByteArray::fromStdString(kDir + "missing.yaml:" + kDir + "merge-second.yaml::" + kDir +
                                                    "merge-first.yaml"));
    const auto files = KubeConfigLoader::defaultFiles();
    const KubeConfig config = KubeConfigLoader::loadDefault();
    if (saved.isNull())
        qunsetenv("KUBECONFIG");
    else
        qputenv("KUBECONFIG", saved);
    QCOMPARE(files.size(), std::size_t(3));
    QCOMPARE(config.files.size(), std::size_t(2)); // a listed file that does not exist is skipped
    QCOMPARE(config.currentContext, std::string("second"));
    QVERIFY_THROWS_EXCEPTION(LiveError, KubeConfigLoader::loadDefault(kDir + "missing.yaml"));
}

void TestKubeConfig::brokenFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("message");

    QTest::newRow("missing certificate file")
        << "missing-file.yaml" << ""
        << "missing-file.yaml: context \"prod\": user \"alice\": client-certificate: file not found: ";
    QTest::newRow("bad base64") << "bad-base64.yaml" << ""
                                << "bad-base64.yaml: context \"prod\": cluster \"c\": certificate-authority-data: not valid base64";
    QTest::newRow("token is a list") << "wrong-type.yaml" << "prod" << "wrong-type.yaml:9: users[0].user.token: expected a string";
    QTest::newRow("bool") << "wrong-bool.yaml" << ""
                          << "wrong-bool.yaml:6: clusters[0].cluster.insecure-skip-tls-verify: expected true or false, got \"maybe\"";
    QTest::newRow("clusters not a list") << "clusters-not-list.yaml" << "" << "clusters-not-list.yaml:2: clusters: expected a list, got a mapping";
    QTest::newRow("missing context") << "auth-kinds.yaml" << "staging"
                                     << "auth-kinds.yaml: context \"staging\" not found; known contexts: anonymous, basic,";
    QTest::newRow("no current-context") << "no-current-context.yaml" << "" << "current-context is not set; pass --context";
    QTest::newRow("missing cluster") << "auth-kinds.yaml" << "missing-cluster"
                                     << "context \"missing-cluster\": cluster: \"nowhere\" not found";
    QTest::newRow("missing user") << "auth-kinds.yaml" << "missing-user" << "context \"missing-user\": user: \"nobody\" not found";
    QTest::newRow("server without scheme") << "bad-server.yaml" << ""
                                           << "cluster \"c\": server: expected an http:// or https:// URL, got \"c.test:6443\"";
    QTest::newRow("exec apiVersion") << "bad-exec-version.yaml" << ""
                                     << "users[0].user.exec.apiVersion: expected client.authentication.k8s.io/v1 or";
    QTest::newRow("not yaml") << "not-yaml.yaml" << "" << "not-yaml.yaml:2: not valid YAML";
    QTest::newRow("expired oidc") << "auth-kinds.yaml" << "oidc-expired"
                                  << "user \"oidc-expired-user\": auth-provider.config.id-token: expired; refresh with kubectl";
    QTest::newRow("missing file") << "no-such-file.yaml" << "" << "no-such-file.yaml: cannot open kubeconfig";
}

void TestKubeConfig::brokenFiles()
{
    QFETCH(QString, file);
    QFETCH(QString, context);
    QFETCH(QString, message);
    try {
        ContextResolver resolver(KubeConfigLoader::load({kDir + file.toStdString()}, true));
        resolver.resolve(context.toStdString());
        QFAIL("no error");
    } catch (const LiveError& error) {
        QVERIFY2(QString::fromUtf8(error.what()).contains(message), error.what());
        QVERIFY2(QString::fromUtf8(error.what()).contains(file), error.what());
        const bool credentials = context == "oidc-expired";
        QCOMPARE(error.kind(), credentials ? LiveError::Kind::Credentials : LiveError::Kind::Config);
    }
}

QTEST_GUILESS_MAIN(TestKubeConfig)
void TestKubeConfig::oversizedInputIsRefused_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected");
    QTest::newRow("sparse 17 MiB file") << QString() << QString("over the cap of 16 MiB for a kubeconfig");
    QTest::newRow("/dev/zero") << QString("/dev/zero") << QString("goes on past the cap of 16 MiB for a kubeconfig");
}

// A kubeconfig is read whole, so it has a cap (docs/reliability.md, Limits): past it the loader
// refuses with a Config error naming the file instead of holding an endless input.
void TestKubeConfig::oversizedInputIsRefused()
{
    QFETCH(QString, path);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    if (path.isEmpty()) {
        path = dir.filePath("big-config");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(qint64{17} << 20)); // sparse: no disk used
    }
    try {
        (void)KubeConfigLoader::parseFile(path.toStdString());
        QFAIL("an oversized kubeconfig was accepted");
    } catch (const LiveError& error) {
        QCOMPARE(error.kind(), LiveError::Kind::Config);
        const QString message = QString::fromStdString(error.what());
        QVERIFY2(message.contains(path) && message.contains(expected), qPrintable(message));
    }
}

#include "tst_kube_config.moc"
