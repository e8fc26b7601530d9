// readFileAtMost: a file within the cap is read whole; a larger one, a device that never ends and
// a pipe that gives more than the cap are refused without holding more than the cap.
#include "model/bounded_file_read.h"

#include <sys/stat.h>
#include <unistd.h>

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstdio>
#include <thread>

using orrery::model::BoundedFileRead;
using orrery::model::readFileAtMost;

class TestBoundedFileRead : public QObject {
    Q_OBJECT

private slots:
    void aFileWithinTheCapIsReadWhole()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("small.txt");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(1000, 'x'));
        file.close();
        const BoundedFileRead read = readFileAtMost(path.toStdString(), 1000);
        QCOMPARE(read.status, BoundedFileRead::Status::Ok);
        QCOMPARE(read.text, std::string(1000, 'x'));
    }

    void aLargerFileIsRefusedBySize()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("sparse.bin").toStdString();
        std::FILE* file = std::fopen(path.c_str(), "wb");
        QVERIFY(file);
        QCOMPARE(std::fclose(file), 0);
        QCOMPARE(::truncate(path.c_str(), off_t{17} << 20), 0);  // sparse: no disk used
        const BoundedFileRead read = readFileAtMost(path, std::size_t{16} << 20);
        QCOMPARE(read.status, BoundedFileRead::Status::TooLarge);
        QCOMPARE(read.error, std::string("the file is 17825792 bytes, over the cap of 16 MiB"));
        QVERIFY(read.text.empty());
    }

    void aDeviceThatNeverEndsIsRefusedAtTheCap()
    {
        const BoundedFileRead read = readFileAtMost("/dev/zero", std::size_t{1} << 20);
        QCOMPARE(read.status, BoundedFileRead::Status::TooLarge);
        QCOMPARE(read.error, std::string("the input goes on past the cap of 1 MiB"));
        QVERIFY(read.text.empty());
    }

    void aPipeIsCountedAsItIsRead()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath("fifo").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        std::signal(SIGPIPE, SIG_IGN);  // the writer outlives the reader, which stops at the cap
        std::thread writer([&] {
            std::FILE* out = std::fopen(fifo.c_str(), "wb");
            if (!out)
                return;
            const std::string chunk(4096, 'y');
            for (int i = 0; i < 64; ++i)  // 256 KiB, more than the cap of 100,000 bytes
                if (std::fwrite(chunk.data(), 1, chunk.size(), out) != chunk.size())
                    break;  // the reader stopped at the cap and closed its end
            std::fclose(out);
        });
        const BoundedFileRead read = readFileAtMost(fifo, 100'000);
        writer.join();
        QCOMPARE(read.status, BoundedFileRead::Status::TooLarge);
        QCOMPARE(read.error, std::string("the input goes on past the cap of 100000 bytes"));
    }

    void aMissingFileCannotBeOpened()
    {
        const BoundedFileRead read = readFileAtMost("/nonexistent/file.yaml", 100);
        QCOMPARE(read.status, BoundedFileRead::Status::CannotOpen);
        QCOMPARE(read.error, std::string("cannot open the file: No such file or directory"));
    }
};

QTEST_GUILESS_MAIN(TestBoundedFileRead)
#include "tst_bounded_file_read.moc"
