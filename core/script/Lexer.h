#pragma once
// The tokenizer of the script language, a Python subset. It turns source text into tokens with
// 1-based line and column positions (columns count code points, as Python's SyntaxError does)
// and rejects what Python's tokenizer rejects with Python's wording: NUL bytes, invalid UTF-8,
// unterminated strings, unmatched brackets, unexpected indentation and more than 200 nested
// brackets ("too many nested parentheses", Python's MAXLEVEL), so no later stage can be driven
// into unbounded recursion by brackets alone.
#include "core/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope::script {

struct SourceLocation {
    int line = 1;   // 1-based
    int column = 1; // 1-based, in code points
    bool operator==(const SourceLocation&) const = default;
};

enum class TokenKind {
    Name,     // identifiers and keywords (the parser tells them apart)
    Integer,  // intValue (or integerTooLarge)
    Float,    // floatValue
    String,   // text is the decoded value; isFString marks f"..." (text is then the raw body)
    Operator, // text is the spelling: "(", "**", "//=", ...
    Newline,  // end of a logical line (never emitted inside brackets)
    Indent,   // indentation before a statement: the parser refuses it ("unexpected indent") when
              // it gets there, so that an unsupported `def` or `for` above it is named first
    EndOfInput,
    // floatValue: the imaginary part of `2j`, `1.5e3J`
    Imaginary,
};

struct Token {
    TokenKind kind = TokenKind::EndOfInput;
    std::string text;
    SourceLocation location;
    std::size_t offset = 0;    // byte offset of the first character in the source
    std::size_t endOffset = 0; // byte offset one past the last character
    // Integer literals: the value when it fits in uint64 (so that -9223372036854775808 can be
    // folded by the parser); integerTooLarge when even that overflows.
    std::uint64_t integerValue = 0;
    bool integerTooLarge = false;
    double floatValue = 0.0;
    bool isFString = false;
    // For f-strings: location of the first character of the body, so that expressions inside
    // the braces report positions in the original source.
    SourceLocation bodyLocation;
    bool bodyIsRaw = false;
};

// Python's maximum bracket nesting (Parser/tokenizer.h MAXLEVEL).
inline constexpr int kMaxBracketNesting = 200;

// Tokenizes the whole source. Throws TensorError(SyntaxError) with a message that ends in
// "(line L, column C)" at the first problem. `origin` is the position of the first character
// (f-string expressions are tokenized where they stand inside their string).
std::vector<Token> tokenize(std::string_view source, SourceLocation origin = {});

// A comment: from its '#' to the end of its line (the line break excluded).
struct Comment {
    std::size_t offset = 0;    // byte offset of the '#'
    std::size_t endOffset = 0; // one past its last byte
    SourceLocation location;   // of the '#'
};

// The comments of `source` as the tokenizer finds them (a '#' inside a string literal, triple-
// quoted ones across lines included, is text). Tolerant, unlike tokenize(): an unterminated
// string runs to the end of its line, brackets need not match and a character the tokenizer
// refuses is stepped over, so that an editor can scan any one line as it is being typed. Text
// that is not UTF-8 (or holds NUL) has no comments.
std::vector<Comment> scanComments(std::string_view source);
// The tokens of `source` scanned the same tolerant way (a refused character yields no token), for
// questions about text being typed ("is a bracket still open?"); comments go to `comments`.
std::vector<Token> tokenizeTolerantly(std::string_view source, std::vector<Comment>* comments = nullptr);
// The byte offset of the '#' that starts the first comment of `line`, if any.
std::optional<std::size_t> commentStart(std::string_view line);

// "message (line L, column C)": the one format of every syntax error.
std::string syntaxErrorMessage(std::string_view message, SourceLocation location);

// A TensorError(SyntaxError) that also carries its location for callers that place it
// (the interpreter's outcome, the editor's error marker).
class ScriptSyntaxError : public TensorError {
public:
    ScriptSyntaxError(std::string_view message, SourceLocation location)
        : TensorError(ErrorKind::SyntaxError, syntaxErrorMessage(message, location)), m_location(location) {}
    SourceLocation location() const { return m_location; }

private:
    SourceLocation m_location;
};

[[noreturn]] void throwSyntaxError(std::string_view message, SourceLocation location);

// Decodes one UTF-8 code point at `offset`; returns its length in bytes, or 0 when the bytes there
// are not valid UTF-8 (overlong forms, surrogates and values above U+10FFFF included).
int utf8SequenceLength(std::string_view text, std::size_t offset, char32_t* codePoint = nullptr);

// Decodes the backslash escapes of a non-raw string body; `location` is reported on errors.
std::string decodeStringEscapes(std::string_view body, SourceLocation location);

} // namespace stridescope::script
