#include "app/commands/CommandText.h"

#include "core/script/Repr.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

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

bool readScript(const std::string& file, std::istream& in, std::string& source, std::string& label,
                std::string& error) {
    if (file == "-") {
        label = "<stdin>";
        if (!readAll(in, source)) {
            error = "cannot read standard input";
            return false;
        }
        return true;
    }
    label = file;
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {
        error = "cannot read '" + file + "': Is a directory";
        return false;
    }
    std::ifstream stream(file, std::ios::binary);
    if (!stream) {
        error = "cannot read '" + file + "': " + std::strerror(errno);
        return false;
    }
    if (!readAll(stream, source)) {
        error = "cannot read '" + file + "'";
        return false;
    }
    return true;
}

std::string jsonText(const QJsonValue& value) {
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
