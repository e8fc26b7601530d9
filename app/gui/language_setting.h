#pragma once
#include <QString>
#include <QStringList>

class QCoreApplication;
class QTranslator;

namespace orrery::app::language_setting {

//! The QSettings key of the interface language: "system", "en", "de" or "zh_CN".
inline constexpr QLatin1StringView kKey("language");

//! The languages offered in View ▸ Language, "system" first.
QStringList choices();
//! The stored choice ("system" when unset or unknown).
QString current();
void store(const QString& language);
//! The translation to load for `language`: the system locale's for "system", empty for English.
QString resolve(const QString& language);

//! Loads the embedded translation of `language` (":/i18n/orrery_<lang>.qm") into `translator`;
//! false when there is none (English, or a language without a translation).
bool loadTranslation(QTranslator& translator, const QString& language);

//! Installs the translators for the stored setting into `app` (Orrery's and, where the system
//! has them, Qt's own); the translators become children of `app`.
void install(QCoreApplication& app);

} // namespace orrery::app::language_setting
