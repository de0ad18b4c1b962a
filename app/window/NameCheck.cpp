#include "app/window/NameCheck.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace stridescope::app {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("NameCheck", text); }

} // namespace

QString nameProblem(const QString& name) {
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z_0-9]*$"));
    static const QStringList keywords = {
        QStringLiteral("False"),  QStringLiteral("None"),     QStringLiteral("True"),    QStringLiteral("and"),
        QStringLiteral("as"),     QStringLiteral("assert"),   QStringLiteral("async"),   QStringLiteral("await"),
        QStringLiteral("break"),  QStringLiteral("class"),    QStringLiteral("continue"), QStringLiteral("def"),
        QStringLiteral("del"),    QStringLiteral("elif"),     QStringLiteral("else"),    QStringLiteral("except"),
        QStringLiteral("finally"), QStringLiteral("for"),     QStringLiteral("from"),    QStringLiteral("global"),
        QStringLiteral("if"),     QStringLiteral("import"),   QStringLiteral("in"),      QStringLiteral("is"),
        QStringLiteral("lambda"), QStringLiteral("nonlocal"), QStringLiteral("not"),     QStringLiteral("or"),
        QStringLiteral("pass"),   QStringLiteral("raise"),    QStringLiteral("return"),  QStringLiteral("try"),
        QStringLiteral("while"),  QStringLiteral("with"),     QStringLiteral("yield")};
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        return tr("The tensor needs a name (letters, digits and _, not starting with a digit).");
    if (trimmed == u"torch")
        return tr("torch is the name of the module: a tensor called torch would hide it, and torch.arange "
                  "and every other torch call would stop working. Choose another name.");
    if (keywords.contains(trimmed))
        return tr("%1 is a Python keyword and cannot name a tensor.").arg(trimmed);
    if (!identifier.match(trimmed).hasMatch())
        return tr("\u201c%1\u201d is not a Python name: use letters, digits and _, not starting with a digit "
                  "(one name, no spaces or other code).")
            .arg(name);
    if (trimmed != name)
        return tr("The name has spaces around it.");
    return {};
}

} // namespace stridescope::app
