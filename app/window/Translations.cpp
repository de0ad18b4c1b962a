#include "app/window/Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace stridescope::app {

QString translationPath(const QString& language) {
    return QStringLiteral(":/i18n/stridescope_%1.qm").arg(language);
}

bool installTranslations(QCoreApplication& application, const QString& language) {
    if (language.isEmpty() || language == u"en")
        return false;
    auto* qt = new QTranslator(&application);
    if (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    auto* own = new QTranslator(&application);
    if (!own->load(translationPath(language))) {
        delete own;
        return false;
    }
    QCoreApplication::installTranslator(own);
    return true;
}

} // namespace stridescope::app
