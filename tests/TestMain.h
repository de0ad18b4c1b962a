#pragma once
// The one main() of every test binary: Qt Test's own (QTEST_MAIN and friends, so initMain(), the
// application object and its attributes are Qt's), preceded by the choice of the offscreen
// platform. A test binary then runs on its own, with no display and no environment set up by
// CTest (build/bin/tst_window from a plain shell or an ssh session). An explicit QT_QPA_PLATFORM
// still wins: screenshots under Xvfb (QT_QPA_PLATFORM=xcb) or at a given screen size
// (offscreen:configfile=screen.json) keep working.
//
//   STRIDESCOPE_TEST_MAIN(T)          widgets: a QApplication (a QGuiApplication without QtWidgets)
//   STRIDESCOPE_TEST_GUILESS_MAIN(T)  a QCoreApplication
//   STRIDESCOPE_TEST_APPLESS_MAIN(T)  no application object
#include <QtGlobal>
#include <QtTest/qtest.h>

namespace stridescope::testmain {

inline void forceOffscreenPlatform() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen"));
}

} // namespace stridescope::testmain

#define STRIDESCOPE_TEST_MAIN(TestObject)                                                                    \
    QTEST_MAIN_WRAPPER(TestObject, ::stridescope::testmain::forceOffscreenPlatform(); QTEST_MAIN_SETUP())
#define STRIDESCOPE_TEST_GUILESS_MAIN(TestObject)                                                            \
    QTEST_MAIN_WRAPPER(TestObject, ::stridescope::testmain::forceOffscreenPlatform();                        \
                       QTEST_QAPP_SETUP(QCoreApplication))
#define STRIDESCOPE_TEST_APPLESS_MAIN(TestObject)                                                            \
    QTEST_MAIN_WRAPPER(TestObject, ::stridescope::testmain::forceOffscreenPlatform();)
