// Progress lines (app/cli/status_line.h): overwritten in place on a terminal, one plain line per
// update anywhere else, so a log or a CI job never shows updates run together.
#include "cli/status_line.h"

#include <QTest>

#include <cstdio>
#include <string>

namespace {

std::string contents(std::FILE* file)
{
    std::fflush(file);
    std::rewind(file);
    std::string text;
    char buffer[256];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        text.append(buffer, n);
    return text;
}

} // namespace

class TestStatusLine : public QObject {
    Q_OBJECT

private slots:
    void plainLinesWhenNotATerminal()
    {
        std::FILE* file = std::tmpfile();
        QVERIFY(file);
        {
            orrery::app::StatusLine status(file, false);
            status.update("reading 1/3");
            status.update("reading 2/3");
            status.breakLine(); // nothing to break: each update ended its line
            status.finish("read 3 files");
        }
        QCOMPARE(contents(file), std::string("reading 1/3\nreading 2/3\nread 3 files\n"));
        std::fclose(file);
    }

    void overwrittenOnATerminal()
    {
        std::FILE* file = std::tmpfile();
        QVERIFY(file);
        {
            orrery::app::StatusLine status(file, true);
            status.update("reading 1/3");
            status.update("reading 2/3");
            status.breakLine(); // an error message follows on its own line
            std::fputs("error\n", file);
            status.update("reading 3/3");
        } // the destructor ends the open line
        QCOMPARE(contents(file), std::string("\rreading 1/3\033[K\rreading 2/3\033[K\nerror\n\rreading 3/3\033[K\n"));
        std::fclose(file);
    }

    void aFileIsNotATerminal()
    {
        std::FILE* file = std::tmpfile();
        QVERIFY(file);
        QVERIFY(!orrery::app::StatusLine(file).isTerminal());
        std::fclose(file);
    }
};

QTEST_GUILESS_MAIN(TestStatusLine)
#include "tst_status_line.moc"
