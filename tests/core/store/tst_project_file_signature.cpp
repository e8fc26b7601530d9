// hasProjectSignature: the header check `orrery FILE` and the desktop's MIME type make, on real
// files (a project written by store::Project, other SQLite databases, short and foreign files).
#include "store/database.h"
#include "store/project.h"
#include "store/project_file_signature.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::store;

class TestProjectFileSignature : public QObject {
    Q_OBJECT

private slots:
    void projectWrittenByStoreHasIt();
    void otherFilesDoNot_data();
    void otherFilesDoNot();

private:
    QTemporaryDir m_dir;
};

void TestProjectFileSignature::projectWrittenByStoreHasIt()
{
    const QString path = m_dir.filePath(QStringLiteral("named-anything.bin"));
    { Project::open(path.toStdString()); } // created, then closed (WAL checkpointed into the file)
    QVERIFY(hasProjectSignature(path.toStdString()));
}

void TestProjectFileSignature::otherFilesDoNot_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("plain SQLite database") << QStringLiteral("sqlite");
    QTest::newRow("SQLite database of another application") << QStringLiteral("foreign-id");
    QTest::newRow("the magic string, then nothing") << QStringLiteral("short");
    QTest::newRow("text file") << QStringLiteral("text");
    QTest::newRow("empty file") << QStringLiteral("empty");
    QTest::newRow("directory") << QStringLiteral("directory");
    QTest::newRow("missing file") << QStringLiteral("missing");
}

void TestProjectFileSignature::otherFilesDoNot()
{
    QFETCH(QString, kind);
    const QString path = m_dir.filePath(kind + QStringLiteral(".orrery"));
    if (kind == QStringLiteral("sqlite") || kind == QStringLiteral("foreign-id")) {
        Database db = Database::open(path.toStdString());
        db.exec("CREATE TABLE t(x)");
        if (kind == QStringLiteral("foreign-id"))
            db.exec("PRAGMA application_id = 1330795098"); // Orrery's id plus one
    } else if (kind == QStringLiteral("directory")) {
        QVERIFY(QDir(m_dir.path()).mkdir(kind + QStringLiteral(".orrery")));
    } else if (kind != QStringLiteral("missing")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        if (kind == QStringLiteral("short"))
            file.write(QByteArray("SQLite format 3\0", 16));
        else if (kind == QStringLiteral("text"))
            file.write(QByteArray(100, 'x'));
    }
    QVERIFY(!hasProjectSignature(path.toStdString()));
}

QTEST_GUILESS_MAIN(TestProjectFileSignature)
#include "tst_project_file_signature.moc"
