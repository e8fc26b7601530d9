// Exec credential plugins: a shell-script fixture prints an ExecCredential; the resolver runs it
// once and caches the token until its expirationTimestamp.
#include "live/context_resolver.h"
#include "live/exec_credential_cache.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"
#include "exec_credential_invariant.h"
#include "fuzz_replay.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::live;

namespace {

//! Writes an executable plugin that counts its runs in `calls` and prints a credential.
void writePlugin(const QString& path, const QString& apiVersion, const QString& expiry, const QString& token)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral("#!/bin/sh\n"
                              "echo run >> \"$(dirname \"$0\")/calls\"\n"
                              "test \"$MY_PLUGIN_ENV\" = expected || { echo 'env not passed' >&2; exit 3; }\n"
                              "case \"$KUBERNETES_EXEC_INFO\" in *ExecCredential*) ;; *) echo 'no exec info' >&2; exit 4;; esac\n"
                              "cat <<JSON\n"
                              "{\"apiVersion\":\"%1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"%3-$1\"%2}}\n"
                              "JSON\n")
                   .arg(apiVersion, expiry.isEmpty() ? QString() : ",\"expirationTimestamp\":\"" + expiry + "\"", token)
                   .toUtf8());
    file.close();
    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
}

void writeKubeconfig(const QString& path, const QString& apiVersion, const QString& command)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral("apiVersion: v1\ncurrent-context: eks\n"
                              "clusters:\n- name: c\n  cluster: {server: https://eks.test}\n"
                              "users:\n- name: aws\n  user:\n    exec:\n      apiVersion: %1\n      command: %2\n"
                              "      args: [arg1]\n      env:\n      - {name: MY_PLUGIN_ENV, value: expected}\n"
                              "contexts:\n- name: eks\n  context: {cluster: c, user: aws}\n")
                   .arg(apiVersion, command)
                   .toUtf8());
}

int calls(const QTemporaryDir& dir)
{
    QFile file(dir.filePath("calls"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().count('\n') : 0;
}

} // namespace

class TestExecCredential : public QObject {
    Q_OBJECT
private slots:
    void cachedUntilExpiry_data();
    void cachedUntilExpiry();
    void failingPluginNamesContext();
    void rfc3339();
    //! Every crash input fuzz_exec_credential found (tests/fixtures/fuzz-regressions/exec_credential/)
    //! and every seed of its corpus keeps the harness's invariant (tests/fuzz/exec_credential_invariant.h).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "exec_credential"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string problem = orrery::fuzz::execCredentialProblem(orrery::fuzz::readReplayFile(file));
        QVERIFY2(problem.empty(), problem.c_str());
    }
};

void TestExecCredential::cachedUntilExpiry_data()
{
    QTest::addColumn<QString>("apiVersion");
    QTest::addColumn<QString>("expiry");
    QTest::addColumn<int>("expectedCalls");
    QTest::newRow("v1, valid for a long time") << "client.authentication.k8s.io/v1" << "2099-01-01T00:00:00Z" << 1;
    QTest::newRow("v1beta1, no expiry") << "client.authentication.k8s.io/v1beta1" << "" << 1;
    QTest::newRow("v1, already expired") << "client.authentication.k8s.io/v1" << "2001-01-01T00:00:00+02:00" << 3;
}

void TestExecCredential::cachedUntilExpiry()
{
    QFETCH(QString, apiVersion);
    QFETCH(QString, expiry);
    QFETCH(int, expectedCalls);
    QTemporaryDir dir;
    writePlugin(dir.filePath("plugin.sh"), apiVersion, expiry, "tok");
    // A relative command with a '/' resolves against the kubeconfig's folder, as in kubectl.
    writeKubeconfig(dir.filePath("config"), apiVersion, "./plugin.sh");
    ContextResolver resolver(KubeConfigLoader::load({dir.filePath("config").toStdString()}, true));
    for (int i = 0; i < 3; ++i) {
        const ResolvedContext context = resolver.resolve();
        QCOMPARE(context.bearerToken, std::string("tok-arg1"));
        QCOMPARE(context.auth, AuthKind::Exec);
        QCOMPARE(context.credentialExpiry.has_value(), !expiry.isEmpty());
    }
    QCOMPARE(calls(dir), expectedCalls);
    QCOMPARE(resolver.execCache().runs(), expectedCalls);
}

void TestExecCredential::failingPluginNamesContext()
{
    QTemporaryDir dir;
    writePlugin(dir.filePath("plugin.sh"), "client.authentication.k8s.io/v1beta1", "", "tok");
    // The kubeconfig asks for v1; the plugin answers v1beta1.
    writeKubeconfig(dir.filePath("config"), "client.authentication.k8s.io/v1", "./plugin.sh");
    ContextResolver resolver(KubeConfigLoader::load({dir.filePath("config").toStdString()}, true));
    try {
        resolver.resolve();
        QFAIL("no error");
    } catch (const LiveError& error) {
        QCOMPARE(error.kind(), LiveError::Kind::Credentials);
        QVERIFY2(QString(error.what()).contains("context \"eks\": user \"aws\": exec: "), error.what());
        QVERIFY2(QString(error.what()).contains("apiVersion is \"client.authentication.k8s.io/v1beta1\""), error.what());
    }
    writeKubeconfig(dir.filePath("config2"), "client.authentication.k8s.io/v1", "no-such-plugin-xyz");
    ContextResolver missing(KubeConfigLoader::load({dir.filePath("config2").toStdString()}, true));
    QVERIFY_THROWS_EXCEPTION(LiveError, missing.resolve());
}

void TestExecCredential::rfc3339()
{
    const auto utc = parseRfc3339("2024-05-01T12:00:00Z");
    const auto offset = parseRfc3339("2024-05-01T14:00:00.123+02:00");
    QVERIFY(utc && offset);
    QCOMPARE(std::chrono::system_clock::to_time_t(*utc), std::time_t(1714564800));
    QCOMPARE(std::chrono::system_clock::to_time_t(*offset), std::time_t(1714564800));
    QVERIFY(!parseRfc3339("2024-05-01 12:00:00"));
    // Past 2262 system_clock's nanoseconds overflow; years outside 1970-2200 are refused.
    QVERIFY(!parseRfc3339("4002-01-01T00:00:00+02:00"));
    QVERIFY(!parseRfc3339("1969-12-31T23:59:59Z"));
}

QTEST_GUILESS_MAIN(TestExecCredential)
#include "tst_exec_credential.moc"
