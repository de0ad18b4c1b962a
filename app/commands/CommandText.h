#pragma once
// Text in and out of the headless commands: reading a whole script, and the JSON lines that eval
// and bench print (one writer, so every line is strict JSON and their lines parse the same way).
//
// Why not QJsonObject: it sorts its keys, and the contract's lines keep a fixed key order
// (DESIGN.md, "The headless command line"; tools match `"stride":[4,12,1]` byte for byte). So a
// JsonLine keeps its fields in the order they were added, and each value is written by Qt's JSON
// serializer (QJsonDocument: string escaping, integers exact up to int64), except floats, which
// must keep Python's spelling (script::floatRepr: 1.0, not Qt's 1) and so come in as text from
// jsonFloat().
#include "core/Layout.h"
#include "core/script/Interpreter.h"

#include <QJsonArray>
#include <QJsonValue>

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace stridescope::app {

// Reads the whole stream into `text`; false when the stream failed (not at a clean end).
bool readAll(std::istream& stream, std::string& text);

// The script a command was given.
struct LoadedScript {
    std::string source;
    std::string label; // the path, or "<stdin>", as a traceback names it
};

// Reads the script of `command` ("stridescope eval"): `file` is a path, or "-" for `in`. On
// failure prints "<command>: <reason>" ("cannot read 'x.py': No such file or directory") to
// `err` and returns nullopt; the command then exits with status 2.
std::optional<LoadedScript> loadScript(const std::string& command, const std::string& file, std::istream& in,
                                       std::ostream& err);

// Prints the traceback of a statement's error as Python does (script::traceback), flushed.
void printTraceback(std::ostream& err, const std::string& label, const script::StatementOutcome& outcome);

// ---- JSON ---------------------------------------------------------------------------------------

// One JSON value in compact form, as QJsonDocument writes it ("text" escaped, [1,2], null, true).
std::string jsonText(const QJsonValue& value);

// A JSON string literal (UTF-8 in; a byte sequence that is not UTF-8 becomes U+FFFD).
std::string jsonString(std::string_view text);

// "[2,3,4]"
std::string jsonIntList(const Shape& values);

// Qt JSON values from the core's types (QJsonValue has no constructor for `long`).
QJsonValue jsonInteger(std::int64_t value);
QJsonValue jsonStringValue(std::string_view text);
QJsonArray jsonIntArray(const Shape& values);

// A float element as the contract spells it: finite values as Python's repr (the shortest text
// that reads back as the same double: 1.0, 0.1, 1e-05), and the non-finite ones, which JSON
// cannot hold as numbers, as the strings "nan", "inf" and "-inf".
std::string jsonFloat(double value);

// One JSON object on one line, fields in the order they were added. Adding a field is one call:
//   JsonLine().add("line", 3).add("name", jsonStringValue(name)).add("shape", jsonIntArray(s)).text()
class JsonLine {
public:
    JsonLine& add(std::string_view key, const QJsonValue& value);
    // A nested object that keeps its own order.
    JsonLine& add(std::string_view key, const JsonLine& object);
    // A value that is JSON text already (jsonFloat(), an array of them). The caller vouches for it.
    JsonLine& addJson(std::string_view key, std::string_view json);

    bool empty() const { return m_fields.empty(); }
    // "{...}" without a newline.
    std::string text() const;

private:
    void addKey(std::string_view key);

    std::string m_fields; // "\"a\":1,\"b\":2"
};

} // namespace stridescope::app
