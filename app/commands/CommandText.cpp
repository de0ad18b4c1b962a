#include "app/commands/CommandText.h"

#include "core/script/Repr.h"
#include "core/script/Session.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QVariant>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace stridescope::app {

bool readAll(std::istream& stream, std::string& text) {
    std::ostringstream buffer;
    buffer << stream.rdbuf();
    text = buffer.str();
    return !stream.bad();
}

std::optional<LoadedScript> loadScript(const std::string& command, const std::string& file, std::istream& in,
                                       std::ostream& err) {
    LoadedScript script;
    auto refuse = [&](const std::string& reason) {
        err << command << ": " << reason << "\n";
        return std::nullopt;
    };
    if (file == "-") {
        script.label = "<stdin>";
        if (!readAll(in, script.source))
            return refuse("cannot read standard input");
        return script;
    }
    script.label = file;
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec))
        return refuse("cannot read '" + file + "': Is a directory");
    std::ifstream stream(file, std::ios::binary);
    if (!stream)
        return refuse("cannot read '" + file + "': " + std::strerror(errno));
    if (!readAll(stream, script.source))
        return refuse("cannot read '" + file + "'");
    return script;
}

void printTraceback(std::ostream& err, const std::string& label, const script::StatementOutcome& outcome) {
    if (!outcome.error)
        return;
    err << script::traceback(label, outcome.line, *outcome.error);
    err.flush();
}

namespace {

// The common fields of a 100,000-line script's output, written without a QJsonDocument per field
// (which took most of eval's time): an integer, a bool, null, a plain ASCII string. Anything
// else goes through Qt's writer. Returns false when `value` is not such a field.
bool appendSimpleJson(std::string& out, const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Null:
        out += "null";
        return true;
    case QJsonValue::Bool:
        out += value.toBool() ? "true" : "false";
        return true;
    case QJsonValue::Double:
        // An integer stays exact (a qint64 QJsonValue is kept as an integer); a double goes to Qt.
        if (value.toVariant().typeId() != QMetaType::LongLong)
            return false;
        out += std::to_string(value.toInteger());
        return true;
    case QJsonValue::String: {
        const QString text = value.toString();
        for (const QChar c : text)
            if (c.unicode() < 0x20 || c.unicode() > 0x7e || c == u'"' || c == u'\\')
                return false;
        out += '"';
        out += text.toStdString();
        out += '"';
        return true;
    }
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        std::string items = "[";
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i)
                items += ',';
            if (!appendSimpleJson(items, array.at(i)))
                return false;
        }
        out += items + "]";
        return true;
    }
    default:
        return false;
    }
}

} // namespace

std::string jsonText(const QJsonValue& value) {
    if (std::string simple; appendSimpleJson(simple, value))
        return simple;
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact).toStdString();
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact).toStdString();
    // QJsonDocument writes only arrays and objects: a scalar goes through a one-element array,
    // "[x]", and comes out without the brackets.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2).toStdString();
}

std::string jsonString(std::string_view text) {
    return jsonText(jsonStringValue(text));
}

std::string jsonIntList(const Shape& values) {
    return jsonText(jsonIntArray(values));
}

QJsonValue jsonInteger(std::int64_t value) {
    return QJsonValue(static_cast<qint64>(value));
}

QJsonValue jsonStringValue(std::string_view text) {
    return QJsonValue(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
}

QJsonArray jsonIntArray(const Shape& values) {
    QJsonArray array;
    for (const std::int64_t v : values)
        array.append(jsonInteger(v));
    return array;
}

std::string jsonFloat(double value) {
    if (std::isnan(value))
        return "\"nan\"";
    if (std::isinf(value))
        return value > 0 ? "\"inf\"" : "\"-inf\"";
    return script::floatRepr(value);
}

void JsonLine::addKey(std::string_view key) {
    if (!m_fields.empty())
        m_fields += ',';
    m_fields += jsonString(key);
    m_fields += ':';
}

JsonLine& JsonLine::add(std::string_view key, const QJsonValue& value) {
    addKey(key);
    m_fields += jsonText(value);
    return *this;
}

JsonLine& JsonLine::add(std::string_view key, const JsonLine& object) {
    addKey(key);
    m_fields += object.text();
    return *this;
}

JsonLine& JsonLine::addJson(std::string_view key, std::string_view json) {
    addKey(key);
    m_fields += json;
    return *this;
}

std::string JsonLine::text() const {
    return "{" + m_fields + "}";
}

} // namespace stridescope::app
