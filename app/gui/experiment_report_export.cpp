#include "gui/experiment_report_export.h"

#include "report/experiment_report.h"
#include "report/experiment_report_pdf.h"
#include "report/report_environment.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

#include <exception>

namespace orrery::app {

QString exportExperimentReport(const experiment::ExperimentReportData& data, const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    try {
        const ReportEnvironment environment = currentReportEnvironment();
        if (suffix == QStringLiteral("pdf")) {
            writeExperimentReportPdf(data, environment, path.toStdString());
            return {};
        }
        if (suffix != QStringLiteral("html") && suffix != QStringLiteral("htm"))
            return QCoreApplication::translate("orrery::app::ExperimentReportExport",
                                               "the file name must end in .html or .pdf");
        const std::string html = experimentReportHtml(data, environment);
        QSaveFile file(path); // all or nothing: a failed export leaves no half-written report
        if (!file.open(QIODevice::WriteOnly))
            return file.errorString();
        file.write(html.data(), static_cast<qint64>(html.size()));
        if (!file.commit())
            return file.errorString();
        return {};
    } catch (const std::exception& failure) {
        return QString::fromStdString(failure.what());
    }
}

} // namespace orrery::app
