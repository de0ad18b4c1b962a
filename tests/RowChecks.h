#pragma once
// Two helpers for tests made of rows.
//
// StopAtFirstFailingRow: Qt Test runs every row of a data-driven function even after one failed,
// so a broken op turns a fixture of 1,300 cases into 1,300 failures. Call stop.init() from the
// test object's init() and stop.cleanup() from its cleanup(): once a row of a function fails, the
// function's later rows are skipped with a line naming the row that failed first. Set
// STRIDESCOPE_ALL_ROWS=1 to run every row anyway (tst_torch_parity's agreement figures).
//
// ROW_VERIFY / ROW_COMPARE: for rows walked in a loop inside one test function. Like QVERIFY and
// QCOMPARE they end the function at the first failure; the message names the row.
#include <QString>
#include <QtTest/qtest.h>

#include <memory>

namespace stridescope::rowchecks {

class StopAtFirstFailingRow {
public:
    void init() {
        if (m_failedFunction.isEmpty() || m_failedFunction != QLatin1StringView(QTest::currentTestFunction()))
            return;
        if (qEnvironmentVariableIntValue("STRIDESCOPE_ALL_ROWS") != 0)
            return;
        QSKIP(qPrintable(QStringLiteral("after the first failing row, \"%1\"").arg(m_failedRow)));
    }
    void cleanup() {
        if (!QTest::currentTestFailed() || !m_failedFunction.isEmpty())
            return;
        m_failedFunction = QString::fromLatin1(QTest::currentTestFunction());
        m_failedRow = QString::fromUtf8(QTest::currentDataTag());
    }

private:
    QString m_failedFunction; // the first function with a failed row (later ones run all rows)
    QString m_failedRow;
};

// QTest::toString of a value, or "(not printable)" for a type Qt Test cannot print.
template <typename T> QString printed(const T& value) {
    const std::unique_ptr<char[]> text(QTest::toString(value));
    return text ? QString::fromUtf8(text.get()) : QStringLiteral("(not printable)");
}

inline QString rowName(const QString& name) { return name; }
inline QString rowName(const char* name) { return QString::fromUtf8(name); }

} // namespace stridescope::rowchecks

#define ROW_VERIFY(row, condition)                                                                           \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            QTest::qFail(                                                                                    \
                qPrintable(QStringLiteral("row \"%1\": %2 is false")                                         \
                               .arg(::stridescope::rowchecks::rowName(row), QStringLiteral(#condition))),    \
                __FILE__, __LINE__);                                                                         \
            return;                                                                                          \
        }                                                                                                    \
    } while (false)

#define ROW_COMPARE(row, actual, expected)                                                                   \
    do {                                                                                                     \
        const auto& rowActual_ = (actual);                                                                   \
        const auto& rowExpected_ = (expected);                                                               \
        if (!(rowActual_ == rowExpected_)) {                                                                 \
            QTest::qFail(                                                                                    \
                qPrintable(QStringLiteral("row \"%1\": %2 is %3, expected %4")                               \
                               .arg(::stridescope::rowchecks::rowName(row), QStringLiteral(#actual),         \
                                    ::stridescope::rowchecks::printed(rowActual_),                           \
                                    ::stridescope::rowchecks::printed(rowExpected_))),                       \
                __FILE__, __LINE__);                                                                         \
            return;                                                                                          \
        }                                                                                                    \
    } while (false)
