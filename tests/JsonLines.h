#pragma once
// Reads a generated fixture of tests/data (one JSON object per line, the first a {"header": ...}
// naming the generator and the torch version) with QtCore alone, so that core suites can read
// fixtures without the app library (ParityFixture.h runs `eval` and needs it).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>
#include <vector>

namespace stridescope::jsonlines {

struct JsonLines {
    QJsonObject header;
    QList<QJsonObject> rows;
    QString error; // why the file could not be read
};

inline JsonLines load(const QString& fileName) {
    JsonLines lines;
    QFile file(QStringLiteral(STRIDESCOPE_TEST_DATA_DIR "/") + fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        lines.error = QStringLiteral("cannot open ") + file.fileName();
        return lines;
    }
    int lineNumber = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (!document.isObject()) {
            lines.error =
                QStringLiteral("%1:%2: %3").arg(fileName).arg(lineNumber).arg(parseError.errorString());
            return lines;
        }
        if (document.object().contains(QStringLiteral("header")))
            lines.header = document.object().value(QStringLiteral("header")).toObject();
        else
            lines.rows.append(document.object());
    }
    return lines;
}

inline std::vector<std::int64_t> int64s(const QJsonValue& value) {
    std::vector<std::int64_t> out;
    for (const QJsonValue& item : value.toArray())
        out.push_back(item.toInteger());
    return out;
}

} // namespace stridescope::jsonlines
