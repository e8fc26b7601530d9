#include "gui/language_setting.h"

#include "model/executable_location.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace orrery::app::language_setting {

QStringList choices()
{
    return {QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")};
}

QString current()
{
    const QString value = QSettings().value(kKey, QStringLiteral("system")).toString();
    return choices().contains(value) ? value : QStringLiteral("system");
}

void store(const QString& language)
{
    QSettings().setValue(kKey, choices().contains(language) ? language : QStringLiteral("system"));
}

QString resolve(const QString& language)
{
    if (language != QStringLiteral("system"))
        return language == QStringLiteral("en") ? QString() : language;
    const QLocale locale = QLocale::system();
    if (locale.language() == QLocale::German)
        return QStringLiteral("de");
    if (locale.language() == QLocale::Chinese)
        return QStringLiteral("zh_CN");
    return {};
}

bool loadTranslation(QTranslator& translator, const QString& language)
{
    const QString resolved = resolve(language);
    if (resolved.isEmpty())
        return false;
    // An installation's share/orrery/translations first (a translation updated there wins), then
    // the copy embedded in the executable, so a build run in place is translated too.
    const QString installed = QString::fromStdString((model::installedDataDirectory() / "translations").string());
    return translator.load(QStringLiteral("orrery_") + resolved, installed)
        || translator.load(QStringLiteral("orrery_") + resolved, QStringLiteral(":/i18n"));
}

void install(QCoreApplication& app)
{
    const QString language = current();
    auto* orrery = new QTranslator(&app);
    if (loadTranslation(*orrery, language))
        QCoreApplication::installTranslator(orrery);
    const QString resolved = resolve(language);
    if (resolved.isEmpty())
        return;
    // Qt's own strings (dialog buttons, About Qt) where the system ships their translation.
    auto* qt = new QTranslator(&app);
    if (qt->load(QStringLiteral("qtbase_") + resolved, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

} // namespace orrery::app::language_setting
