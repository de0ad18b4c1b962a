#pragma once
// The UI language: StrideScope's own strings (":/i18n/stridescope_<lang>.qm", compiled from
// resources/translations/*.ts when Qt LinguistTools is present) and Qt's (standard buttons).
#include <QString>

class QCoreApplication;

namespace stridescope::app {

// Installs the translators for `language` ("zh_CN"; "en" or empty installs nothing), removing
// those an earlier call installed, so the language can change while the program runs. Returns
// true when StrideScope's own translation was found and installed.
bool installTranslations(QCoreApplication& application, const QString& language);
// The language installTranslations() last set ("en" before any call): lessons follow it.
QString currentLanguage();
// The resource path of StrideScope's compiled translation for `language`.
QString translationPath(const QString& language);
// Whether a font that draws Chinese is installed (without one the Chinese UI shows boxes).
bool hasChineseFont();

} // namespace stridescope::app
