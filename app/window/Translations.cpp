#include "app/window/Translations.h"

#include <QCoreApplication>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

namespace stridescope::app {

namespace {

QString g_language = QStringLiteral("en");
QPointer<QTranslator> g_qtTranslator;
QPointer<QTranslator> g_ownTranslator;

void removeInstalled() {
    for (QPointer<QTranslator>* translator : {&g_qtTranslator, &g_ownTranslator}) {
        if (*translator) {
            QCoreApplication::removeTranslator(*translator);
            delete translator->data();
        }
    }
}

} // namespace

QString translationPath(const QString& language) {
    return QStringLiteral(":/i18n/stridescope_%1.qm").arg(language);
}

QString currentLanguage() { return g_language; }

bool installTranslations(QCoreApplication& application, const QString& language) {
    removeInstalled();
    g_language = language.isEmpty() ? QStringLiteral("en") : language;
    if (g_language == u"en")
        return false;
    auto* qt = new QTranslator(&application);
    if (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        g_qtTranslator = qt;
    } else {
        delete qt;
    }
    auto* own = new QTranslator(&application);
    if (!own->load(translationPath(language))) {
        delete own;
        return false;
    }
    QCoreApplication::installTranslator(own);
    g_ownTranslator = own;
    return true;
}

bool hasChineseFont() {
    const QStringList families = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    return !families.isEmpty();
}

} // namespace stridescope::app
