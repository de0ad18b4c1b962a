#pragma once
// What `render` and `handout` need of Qt without a display: a QGuiApplication (on the offscreen
// platform unless a display was asked for), quiet about the runtime directory a container or CI
// job does not set, and the diagram's words in the language asked for.
#include <QGuiApplication>
#include <QString>

#include <memory>

namespace stridescope::app {

// A QGuiApplication for fonts and painting. Returns nothing when an application exists already;
// the caller checks that it is a GUI one (usable() below).
std::unique_ptr<QGuiApplication> ensureGuiApplication();
// True when the running application can paint (a QGuiApplication).
bool guiUsable();
// Drops Qt's "XDG_RUNTIME_DIR not set" warning (harmless for drawing files, noise in CI); every
// other message goes where it went before. Installed once.
void quietenHeadlessWarnings();
// The messages that filter drops.
bool isHeadlessNoise(const QString& message);
// Installs the translation for `language` ("en" or "zh_CN"). Returns false for a language
// StrideScope has no translation for (and installs nothing).
bool useLanguage(const QString& language);
// "en, zh_CN": the languages useLanguage() accepts.
QString knownLanguages();

} // namespace stridescope::app
