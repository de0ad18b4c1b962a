#pragma once
// Text in and out of the headless commands: reading a whole script, and the JSON spellings that
// eval and bench share (one escaping rule, so their lines parse the same way).
#include "core/Layout.h"

#include <istream>
#include <string>
#include <string_view>

namespace stridescope::app {

// Reads the whole stream into `text`; false when the stream failed (not at a clean end).
bool readAll(std::istream& stream, std::string& text);

// A JSON string literal, with control characters escaped.
std::string jsonString(std::string_view text);

// "[2,3,4]"
std::string jsonIntList(const Shape& values);

} // namespace stridescope::app
