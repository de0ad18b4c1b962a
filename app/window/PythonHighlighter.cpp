#include "app/window/PythonHighlighter.h"

#include "app/window/SessionModel.h"
#include "core/script/TorchApi.h"

#include <QColor>
#include <QStringList>
#include <QTextDocument>

namespace stridescope::app {

namespace {

QString alternation(const std::vector<std::string>& names) {
    QStringList escaped;
    for (const std::string& name : names)
        escaped << QRegularExpression::escape(QString::fromStdString(name));
    return escaped.join(u'|');
}

} // namespace

PythonHighlighter::PythonHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) { rebuild(); }

void PythonHighlighter::setDark(bool dark) {
    if (dark == m_dark)
        return;
    m_dark = dark;
    rebuild();
    rehighlight();
}

void PythonHighlighter::rebuild() {
    // Okabe-Ito hues again, so code and diagram speak one colour language.
    const QColor keyword = m_dark ? QColor(0xCC, 0x79, 0xA7) : QColor(0x9C, 0x3D, 0x78);
    const QColor torchName = m_dark ? QColor(0x56, 0xB4, 0xE9) : QColor(0x00, 0x5A, 0x8E);
    const QColor method = m_dark ? QColor(0x7F, 0xD8, 0xBE) : QColor(0x00, 0x7A, 0x5A);
    const QColor number = m_dark ? QColor(0xE6, 0x9F, 0x00) : QColor(0xA8, 0x4B, 0x00);
    const QColor string = m_dark ? QColor(0xF0, 0xE4, 0x42) : QColor(0x7A, 0x6A, 0x00);
    const QColor muted = m_dark ? QColor(0x9A, 0xA0, 0xA6) : QColor(0x6B, 0x72, 0x78);

    auto format = [](const QColor& colour, bool bold = false, bool italic = false) {
        QTextCharFormat f;
        f.setForeground(colour);
        if (bold)
            f.setFontWeight(QFont::DemiBold);
        f.setFontItalic(italic);
        return f;
    };
    m_rules.clear();
    m_rules.push_back(
        {QRegularExpression(QStringLiteral(
             R"(\b(import|as|from|del|pass|and|or|not|in|is|None|True|False|for|if|else|lambda|return)\b)")),
         format(keyword, true)});
    m_rules.push_back({QRegularExpression(QStringLiteral(R"(\btorch(\.\w+)*)")), format(torchName)});
    m_rules.push_back(
        {QRegularExpression(
             QStringLiteral(R"((?<=\.)(%1)\b)").arg(alternation(script::tensorAttributeNames()))),
         format(method)});
    m_rules.push_back(
        {QRegularExpression(QStringLiteral(R"(\b(%1)\b(?=\())").arg(alternation(script::builtinNames()))),
         format(keyword)});
    m_rules.push_back(
        {QRegularExpression(QStringLiteral(R"(\b\d+(\.\d*)?([eE][+-]?\d+)?\b)")), format(number)});
    m_rules.push_back({QRegularExpression(QStringLiteral(R"('[^'\\]*(\\.[^'\\]*)*'|"[^"\\]*(\\.[^"\\]*)*")")),
                       format(string)});
    m_comment = format(muted, false, true);
    m_output = format(muted);
    m_error = format(m_dark ? QColor(0xFF, 0x8A, 0x80) : QColor(0xB0, 0x00, 0x20));
}

void PythonHighlighter::highlightBlock(const QString& text) {
    if (currentBlockState() == kOutputState || currentBlock().userState() == kOutputState) {
        setFormat(0, static_cast<int>(text.size()), m_output);
        return;
    }
    if (currentBlock().userState() == kErrorState) {
        setFormat(0, static_cast<int>(text.size()), m_error);
        return;
    }
    for (const Rule& rule : m_rules) {
        auto matches = rule.pattern.globalMatch(text);
        while (matches.hasNext()) {
            const auto match = matches.next();
            setFormat(static_cast<int>(match.capturedStart()), static_cast<int>(match.capturedLength()),
                      rule.format);
        }
    }
    const qsizetype hash = commentStart(text);
    if (hash >= 0)
        setFormat(static_cast<int>(hash), static_cast<int>(text.size() - hash), m_comment);
}

} // namespace stridescope::app
