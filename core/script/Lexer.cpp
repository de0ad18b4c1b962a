#include "core/script/Lexer.h"

#include "core/Error.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <limits>

namespace stridescope::script {

std::string syntaxErrorMessage(std::string_view message, SourceLocation location) {
    return concatMessage(message, " (line ", location.line, ", column ", location.column, ")");
}

void throwSyntaxError(std::string_view message, SourceLocation location) {
    throw ScriptSyntaxError(message, location);
}

int utf8SequenceLength(std::string_view text, std::size_t offset, char32_t* codePoint) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(offset);
    int length = 0;
    char32_t value = 0;
    char32_t minimum = 0;
    if (lead < 0x80) {
        length = 1;
        value = lead;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        value = lead & 0x1F;
        minimum = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        value = lead & 0x0F;
        minimum = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        value = lead & 0x07;
        minimum = 0x10000;
    } else {
        return 0; // continuation byte or 0xC0/0xC1/0xF5..0xFF: never a valid lead
    }
    if (offset + static_cast<std::size_t>(length) > text.size())
        return 0;
    for (int i = 1; i < length; ++i) {
        const unsigned char next = byte(offset + static_cast<std::size_t>(i));
        if ((next & 0xC0) != 0x80)
            return 0;
        value = (value << 6) | (next & 0x3F);
    }
    // Overlong forms, UTF-16 surrogates and values beyond Unicode are invalid UTF-8.
    if (value < minimum || (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF)
        return 0;
    if (codePoint)
        *codePoint = value;
    return length;
}

namespace {

bool isAsciiIdentifierStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Python accepts identifiers made of Unicode letters (PEP 3131). Without the Unicode tables
// we accept the letter blocks of the common scripts and reject the rest, which also makes
// pasted typographic punctuation (’ “ – ×, no-break space) a clear "invalid character" error,
// as in Python.
bool isNonAsciiIdentifierChar(char32_t c) {
    struct Range {
        char32_t first, last;
    };
    static constexpr std::array<Range, 19> kLetterBlocks{{
        {0x00C0, 0x00D6}, {0x00D8, 0x00F6},   {0x00F8, 0x02FF}, {0x0370, 0x037D}, {0x037F, 0x0386},
        {0x0388, 0x052F}, {0x0531, 0x058F},   {0x05D0, 0x05EA}, {0x0620, 0x064A}, {0x0900, 0x0DFF},
        {0x1E00, 0x1FFF}, {0x3040, 0x30FF},   {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3},
        {0xF900, 0xFAFF}, {0x20000, 0x2FFFF}, {0x0300, 0x036F}, {0x00B5, 0x00B5},
    }};
    for (const Range& range : kLetterBlocks)
        if (c >= range.first && c <= range.last)
            return true;
    return false;
}

std::string hexCodePoint(char32_t c) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(c));
    return buffer;
}

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

class Lexer {
public:
    Lexer(std::string_view source, SourceLocation origin)
        : m_src(source), m_line(origin.line), m_column(origin.column), m_origin(origin) {}

    // Collects the comments into `comments` and, being tolerant, lexes on past what it would
    // refuse (see scanComments).
    void collectComments(std::vector<Comment>* comments) {
        m_comments = comments;
        m_tolerant = true;
    }

    std::vector<Token> run() {
        validateEncoding();
        if (m_src.substr(0, 3) == "\xEF\xBB\xBF")
            m_pos = 3; // a UTF-8 byte order mark is not part of the program
        bool atLineStart = true;
        while (true) {
            if (atLineStart && m_brackets.empty()) {
                atLineStart = false;
                if (handleIndentation())
                    continue; // blank or comment-only line consumed
            }
            if (m_pos >= m_src.size())
                break;
            if (!m_tolerant) {
                lexNext(atLineStart);
                continue;
            }
            // Tolerant: a token the tokenizer refuses ('$', 1abc, ...) is stepped over one code
            // point at a time; the '#' after it still starts a comment.
            const std::size_t pos = m_pos;
            const int line = m_line;
            const int column = m_column;
            const std::size_t tokens = m_tokens.size();
            try {
                lexNext(atLineStart);
            } catch (const ScriptSyntaxError&) {
                m_pos = pos;
                m_line = line;
                m_column = column;
                m_tokens.resize(tokens);
                advance(std::max<std::size_t>(1, static_cast<std::size_t>(utf8SequenceLength(m_src, m_pos))));
            }
        }
        if (!m_brackets.empty() && !m_tolerant) {
            const Bracket& open = m_brackets.back();
            throwSyntaxError(concatMessage("'", open.symbol, "' was never closed"), open.location);
        }
        endLogicalLine();
        Token end;
        end.kind = TokenKind::EndOfInput;
        end.location = here();
        end.offset = end.endOffset = m_src.size();
        m_tokens.push_back(end);
        return std::move(m_tokens);
    }

private:
    struct Bracket {
        char symbol;
        SourceLocation location;
    };

    // Lexes what starts at m_pos: a blank, a comment, a line end or one token.
    void lexNext(bool& atLineStart) {
        const char c = m_src[m_pos];
        if (c == ' ' || c == '\t' || c == '\f') {
            advance(1);
        } else if (c == '#') {
            skipComment();
        } else if (c == '\n' || c == '\r') {
            // The NEWLINE token sits where the line ends, as in Python: `x = 1 +` is an error
            // at the end of its own line, not at the start of the next one.
            const SourceLocation lineEnd = here();
            const std::size_t lineEndOffset = m_pos;
            consumeNewline();
            if (m_brackets.empty()) {
                endLogicalLine(lineEnd, lineEndOffset);
                atLineStart = true;
            }
        } else if (c == '\\') {
            lexLineContinuation();
        } else if (isDigit(c) || (c == '.' && m_pos + 1 < m_src.size() && isDigit(m_src[m_pos + 1]))) {
            lexNumber();
        } else if (isAsciiIdentifierStart(c) || static_cast<unsigned char>(c) >= 0x80) {
            lexNameOrString();
        } else if (c == '"' || c == '\'') {
            lexString("");
        } else {
            lexOperator();
        }
    }

    // From '#' to the end of its line; recorded when comments are collected.
    void skipComment() {
        Comment comment;
        comment.offset = m_pos;
        comment.location = here();
        while (m_pos < m_src.size() && m_src[m_pos] != '\n' && m_src[m_pos] != '\r')
            advance(1);
        comment.endOffset = m_pos;
        if (m_comments)
            m_comments->push_back(comment);
    }

    SourceLocation here() const { return {m_line, m_column}; }

    // Moves over `bytes` bytes of one line, counting code points for the column.
    void advance(std::size_t bytes) {
        for (std::size_t i = 0; i < bytes && m_pos < m_src.size(); ++i, ++m_pos)
            if ((static_cast<unsigned char>(m_src[m_pos]) & 0xC0) != 0x80)
                ++m_column;
    }

    void consumeNewline() {
        if (m_src[m_pos] == '\r' && m_pos + 1 < m_src.size() && m_src[m_pos + 1] == '\n')
            ++m_pos;
        ++m_pos;
        ++m_line;
        m_column = 1;
    }

    void validateEncoding() {
        int line = m_origin.line;
        int column = m_origin.column;
        for (std::size_t i = 0; i < m_src.size();) {
            const char c = m_src[i];
            if (c == '\0')
                throwSyntaxError("source code cannot contain null bytes", {line, column});
            const int length = utf8SequenceLength(m_src, i);
            if (length == 0) {
                char byteText[8];
                std::snprintf(byteText, sizeof byteText, "0x%02x", static_cast<unsigned char>(c));
                throwSyntaxError(concatMessage("source is not valid UTF-8 (byte ", byteText, ")"),
                                 {line, column});
            }
            if (c == '\n' || (c == '\r' && !(i + 1 < m_src.size() && m_src[i + 1] == '\n'))) {
                ++line;
                column = 1;
            } else if (c != '\r') {
                ++column;
            }
            i += static_cast<std::size_t>(length);
        }
    }

    // At the start of a logical line: skips blank and comment-only lines; marks indentation
    // before a statement with an Indent token. Returns true when it consumed a line.
    bool handleIndentation() {
        std::size_t p = m_pos;
        while (p < m_src.size() && (m_src[p] == ' ' || m_src[p] == '\t' || m_src[p] == '\f'))
            ++p;
        if (p >= m_src.size()) {
            advance(p - m_pos);
            return false;
        }
        const char c = m_src[p];
        if (c == '#' || c == '\n' || c == '\r') {
            advance(p - m_pos);
            if (c == '#')
                skipComment();
            if (m_pos < m_src.size())
                consumeNewline();
            return true;
        }
        if (p != m_pos) {
            advance(p - m_pos);
            Token indent = startToken(TokenKind::Indent);
            finishToken(indent);
        }
        return false;
    }

    void endLogicalLine() { endLogicalLine(here(), m_pos); }

    void endLogicalLine(SourceLocation location, std::size_t offset) {
        if (m_tokens.empty() || m_tokens.back().kind == TokenKind::Newline)
            return;
        Token newline;
        newline.kind = TokenKind::Newline;
        newline.location = location;
        newline.offset = newline.endOffset = offset;
        m_tokens.push_back(newline);
    }

    void lexLineContinuation() {
        const SourceLocation at = here();
        advance(1);
        if (m_pos < m_src.size() && (m_src[m_pos] == '\n' || m_src[m_pos] == '\r')) {
            consumeNewline();
            return;
        }
        if (m_pos >= m_src.size())
            throwSyntaxError("unexpected EOF while parsing", at);
        throwSyntaxError("unexpected character after line continuation character", at);
    }

    Token startToken(TokenKind kind) const {
        Token token;
        token.kind = kind;
        token.location = here();
        token.offset = m_pos;
        return token;
    }

    void finishToken(Token& token) {
        token.endOffset = m_pos;
        m_tokens.push_back(std::move(token));
    }

    // Reads digits with single '_' separators between them; returns them without separators.
    // `valid` says which characters are digits here.
    template <typename IsValid> std::string readDigitPart(IsValid valid, const char* literalKind) {
        std::string digits;
        while (m_pos < m_src.size()) {
            const char c = m_src[m_pos];
            if (valid(c)) {
                digits += c;
                advance(1);
            } else if (c == '_' && !digits.empty() && m_pos + 1 < m_src.size() && valid(m_src[m_pos + 1])) {
                advance(1);
            } else if (c == '_') {
                throwSyntaxError(concatMessage("invalid ", literalKind, " literal"), here());
            } else {
                break;
            }
        }
        return digits;
    }

    void rejectTrailingIdentifier(const char* literalKind) {
        if (m_pos < m_src.size() && (isAsciiIdentifierStart(m_src[m_pos]) || isDigit(m_src[m_pos])))
            throwSyntaxError(concatMessage("invalid ", literalKind, " literal"), here());
    }

    void lexNumber() {
        Token token = startToken(TokenKind::Integer);
        const char first = m_src[m_pos];
        if (first == '0' && m_pos + 1 < m_src.size()) {
            const char marker = static_cast<char>(m_src[m_pos + 1] | 0x20);
            int base = 0;
            const char* kind = nullptr;
            if (marker == 'x') {
                base = 16;
                kind = "hexadecimal";
            } else if (marker == 'o') {
                base = 8;
                kind = "octal";
            } else if (marker == 'b') {
                base = 2;
                kind = "binary";
            }
            if (base != 0) {
                advance(2);
                if (m_pos < m_src.size() && m_src[m_pos] == '_')
                    advance(1); // Python allows 0x_ff
                const std::string digits = readDigitPart(
                    [base](char c) {
                        if (base == 16)
                            return isHexDigit(c);
                        if (base == 8)
                            return c >= '0' && c <= '7';
                        return c == '0' || c == '1';
                    },
                    kind);
                if (digits.empty())
                    throwSyntaxError(concatMessage("invalid ", kind, " literal"), here());
                rejectTrailingIdentifier(kind);
                setIntegerValue(token, digits, base);
                finishToken(token);
                return;
            }
        }

        std::string text = readDigitPart(isDigit, "decimal");
        bool isFloat = false;
        if (m_pos < m_src.size() && m_src[m_pos] == '.') {
            isFloat = true;
            text += '.';
            advance(1);
            if (m_pos < m_src.size() && m_src[m_pos] == '_')
                throwSyntaxError("invalid decimal literal", here());
            text += readDigitPart(isDigit, "decimal");
        }
        if (m_pos < m_src.size() && (m_src[m_pos] == 'e' || m_src[m_pos] == 'E')) {
            std::size_t p = m_pos + 1;
            if (p < m_src.size() && (m_src[p] == '+' || m_src[p] == '-'))
                ++p;
            if (p < m_src.size() && isDigit(m_src[p])) {
                isFloat = true;
                text += 'e';
                if (m_src[m_pos + 1] == '-' || m_src[m_pos + 1] == '+')
                    text += m_src[m_pos + 1];
                advance(p - m_pos);
                text += readDigitPart(isDigit, "decimal");
            } else {
                advance(1);
                throwSyntaxError("invalid decimal literal", here());
            }
        }
        // An imaginary literal: any decimal integer or float spelling followed by j (07j is 7j).
        if (m_pos < m_src.size() && (m_src[m_pos] == 'j' || m_src[m_pos] == 'J')) {
            // Python points at the literal's last character, the j, when something follows it.
            const SourceLocation suffix = here();
            advance(1);
            if (m_pos < m_src.size() && (isAsciiIdentifierStart(m_src[m_pos]) || isDigit(m_src[m_pos])))
                throwSyntaxError("invalid imaginary literal", suffix);
            token.kind = TokenKind::Imaginary;
            token.floatValue = parseFloatText(text);
            finishToken(token);
            return;
        }
        rejectTrailingIdentifier("decimal");

        if (isFloat) {
            token.kind = TokenKind::Float;
            token.floatValue = parseFloatText(text);
        } else {
            // "007" is refused by Python; "000" is zero.
            if (text.size() > 1 && text[0] == '0' && text.find_first_not_of('0') != std::string::npos)
                throwSyntaxError("leading zeros in decimal integer literals are not permitted; use an 0o "
                                 "prefix for octal integers",
                                 token.location);
            setIntegerValue(token, text, 10);
        }
        finishToken(token);
    }

    static double parseFloatText(const std::string& text) {
        double value = 0.0;
        const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
        if (result.ec == std::errc::result_out_of_range) {
            // from_chars leaves the value alone on overflow and underflow; Python gives inf or 0.
            const auto e = text.find('e');
            const bool negativeExponent = e != std::string::npos && e + 1 < text.size() && text[e + 1] == '-';
            return negativeExponent ? 0.0 : std::numeric_limits<double>::infinity();
        }
        return value;
    }

    static void setIntegerValue(Token& token, const std::string& digits, int base) {
        std::uint64_t value = 0;
        const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
        if (result.ec == std::errc::result_out_of_range)
            token.integerTooLarge = true;
        token.integerValue = value;
        token.text = digits;
    }

    void lexNameOrString() {
        Token token = startToken(TokenKind::Name);
        std::string name;
        while (m_pos < m_src.size()) {
            const char c = m_src[m_pos];
            if (isAsciiIdentifierStart(c) || isDigit(c)) {
                name += c;
                advance(1);
                continue;
            }
            if (static_cast<unsigned char>(c) < 0x80)
                break;
            char32_t codePoint = 0;
            const int length = utf8SequenceLength(m_src, m_pos, &codePoint);
            if (!isNonAsciiIdentifierChar(codePoint)) {
                if (name.empty())
                    throwSyntaxError(concatMessage("invalid character '",
                                                   m_src.substr(m_pos, static_cast<std::size_t>(length)),
                                                   "' (", hexCodePoint(codePoint), ")"),
                                     here());
                break;
            }
            name.append(m_src.substr(m_pos, static_cast<std::size_t>(length)));
            advance(static_cast<std::size_t>(length));
        }
        if (m_pos < m_src.size() && (m_src[m_pos] == '"' || m_src[m_pos] == '\'') && name.size() <= 2) {
            std::string lower;
            for (char c : name)
                lower += static_cast<char>(c | 0x20);
            if (lower == "r" || lower == "u" || lower == "f" || lower == "b" || lower == "rb" ||
                lower == "br" || lower == "rf" || lower == "fr") {
                // Rewind to the prefix so that the string token starts there.
                m_pos = token.offset;
                m_column = token.location.column;
                advance(name.size());
                lexString(lower, token.location, token.offset);
                return;
            }
        }
        token.text = std::move(name);
        finishToken(token);
    }

    void lexString(const std::string& prefix) { lexString(prefix, here(), m_pos); }

    void lexString(const std::string& prefix, SourceLocation start, std::size_t startOffset) {
        Token token;
        token.kind = TokenKind::String;
        token.location = start;
        token.offset = startOffset;
        if (prefix.find('b') != std::string::npos)
            throwSyntaxError("bytes literals are not supported", start);
        const bool raw = prefix.find('r') != std::string::npos;
        const bool fstring = prefix.find('f') != std::string::npos;

        const char quote = m_src[m_pos];
        const bool triple = m_src.substr(m_pos, 3) == std::string(3, quote);
        advance(triple ? 3 : 1);
        const SourceLocation bodyLocation = here();
        const std::size_t bodyStart = m_pos;
        while (true) {
            if (m_pos >= m_src.size()) {
                if (m_tolerant) // the string runs to the end: no '#' in it starts a comment
                    return;
                if (triple) // Python names the last line read: a final newline starts no new line
                    throwSyntaxError(
                        concatMessage("unterminated triple-quoted string literal (detected at line ",
                                      m_src.back() == '\n' ? m_line - 1 : m_line, ")"),
                        start);
                throwSyntaxError(concatMessage("unterminated string literal (detected at line ", m_line, ")"),
                                 start);
            }
            const char c = m_src[m_pos];
            if (c == '\\' && m_pos + 1 < m_src.size()) {
                advance(1);
                if (m_src[m_pos] == '\n' || m_src[m_pos] == '\r')
                    consumeNewline();
                else // the whole escaped character: "\é" must not stop inside the UTF-8 sequence
                    advance(static_cast<std::size_t>(utf8SequenceLength(m_src, m_pos)));
                continue;
            }
            if (c == '\n' || c == '\r') {
                if (!triple && m_tolerant) // it runs to the end of its line
                    return;
                if (!triple)
                    throwSyntaxError(
                        concatMessage("unterminated string literal (detected at line ", m_line, ")"), start);
                consumeNewline();
                continue;
            }
            if (c == quote && (!triple || m_src.substr(m_pos, 3) == std::string(3, quote)))
                break;
            advance(static_cast<std::size_t>(utf8SequenceLength(m_src, m_pos)));
        }
        const std::string_view body = m_src.substr(bodyStart, m_pos - bodyStart);
        advance(triple ? 3 : 1);

        if (fstring) {
            token.isFString = true;
            token.bodyIsRaw = raw;
            token.bodyLocation = bodyLocation;
            token.text = std::string(body);
        } else if (!m_tolerant) { // a bad escape is no reason to read the string as code
            token.text = raw ? std::string(body) : decodeStringEscapes(body, start);
        }
        finishToken(token);
    }

    void lexOperator() {
        static constexpr std::array<std::string_view, 5> kThree{"**=", "//=", ">>=", "<<=", "..."};
        static constexpr std::array<std::string_view, 19> kTwo{
            "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", "+=",
            "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", ":="};
        Token token = startToken(TokenKind::Operator);
        const std::string_view rest = m_src.substr(m_pos);
        std::string_view spelling;
        for (std::string_view op : kThree)
            if (spelling.empty() && rest.substr(0, 3) == op)
                spelling = op;
        for (std::string_view op : kTwo)
            if (spelling.empty() && rest.substr(0, 2) == op)
                spelling = op;
        if (spelling.empty()) {
            const char c = rest[0];
            if (std::string_view("+-*/%@&|^~<>()[]{},:.;=!").find(c) == std::string_view::npos) {
                // '$', '?', '`' and other ASCII characters Python has no use for.
                throwSyntaxError("invalid syntax", here());
            }
            spelling = rest.substr(0, 1);
        }
        trackBrackets(spelling[0]);
        token.text = std::string(spelling);
        advance(spelling.size());
        finishToken(token);
    }

    void trackBrackets(char c) {
        if (m_tolerant) // comments do not depend on brackets, and an editor's line may close one
            return;
        if (c == '(' || c == '[' || c == '{') {
            if (static_cast<int>(m_brackets.size()) >= kMaxBracketNesting)
                throwSyntaxError("too many nested parentheses", here());
            m_brackets.push_back({c, here()});
        } else if (c == ')' || c == ']' || c == '}') {
            if (m_brackets.empty())
                throwSyntaxError(concatMessage("unmatched '", c, "'"), here());
            const Bracket open = m_brackets.back();
            const char expected = open.symbol == '(' ? ')' : open.symbol == '[' ? ']' : '}';
            if (c != expected) {
                if (open.location.line != m_line)
                    throwSyntaxError(concatMessage("closing parenthesis '", c,
                                                   "' does not match opening parenthesis '", open.symbol,
                                                   "' on line ", open.location.line),
                                     here());
                throwSyntaxError(concatMessage("closing parenthesis '", c,
                                               "' does not match opening parenthesis '", open.symbol, "'"),
                                 here());
            }
            m_brackets.pop_back();
        }
    }

    std::string_view m_src;
    std::size_t m_pos = 0;
    int m_line;
    int m_column;
    std::vector<Bracket> m_brackets;
    std::vector<Token> m_tokens;
    SourceLocation m_origin;
    std::vector<Comment>* m_comments = nullptr;
    bool m_tolerant = false;
};

} // namespace

// Decodes the backslash escapes of a non-raw string body (Python's unicode_escape rules).
std::string decodeStringEscapes(std::string_view body, SourceLocation location) {
    std::string out;
    for (std::size_t i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (c != '\\' || i + 1 >= body.size()) {
            out += c;
            continue;
        }
        const char e = body[++i];
        switch (e) {
        case '\n':
            break; // backslash-newline continues the string
        case '\r':
            if (i + 1 < body.size() && body[i + 1] == '\n')
                ++i;
            break;
        case '\\':
            out += '\\';
            break;
        case '\'':
            out += '\'';
            break;
        case '"':
            out += '"';
            break;
        case 'a':
            out += '\a';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'v':
            out += '\v';
            break;
        case 'x':
        case 'u':
        case 'U': {
            const std::size_t count = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            char32_t value = 0;
            for (std::size_t k = 0; k < count; ++k) {
                if (i + 1 + k >= body.size() || !isHexDigit(body[i + 1 + k]))
                    throwSyntaxError(
                        concatMessage("(unicode error) truncated \\", e, std::string(count, 'X'), " escape"),
                        location);
                const char h = body[i + 1 + k];
                value = value * 16 + static_cast<char32_t>(isDigit(h) ? h - '0' : (h | 0x20) - 'a' + 10);
            }
            i += count;
            if (value > 0x10FFFF)
                throwSyntaxError("(unicode error) illegal Unicode character", location);
            if (value >= 0xD800 && value <= 0xDFFF)
                throwSyntaxError("(unicode error) surrogate characters are not supported", location);
            appendUtf8(out, value);
            break;
        }
        case 'N':
            throwSyntaxError("(unicode error) \\N{...} escapes are not supported", location);
        default:
            if (e >= '0' && e <= '7') {
                char32_t value = static_cast<char32_t>(e - '0');
                for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
                    value = value * 8 + static_cast<char32_t>(body[++i] - '0');
                appendUtf8(out, value);
            } else {
                // Python keeps unknown escapes as they are (with a DeprecationWarning).
                out += '\\';
                out += e;
            }
        }
    }
    return out;
}

std::vector<Token> tokenize(std::string_view source, SourceLocation origin) {
    return Lexer(source, origin).run();
}

std::vector<Token> tokenizeTolerantly(std::string_view source, std::vector<Comment>* comments) {
    std::vector<Comment> found;
    Lexer lexer(source, {});
    lexer.collectComments(&found);
    std::vector<Token> tokens;
    try {
        tokens = lexer.run();
    } catch (const ScriptSyntaxError&) {
        // Only bytes that are no text (NUL, invalid UTF-8) stop a tolerant run: nothing found.
        found.clear();
    }
    if (comments)
        *comments = std::move(found);
    return tokens;
}

std::vector<Comment> scanComments(std::string_view source) {
    std::vector<Comment> comments;
    (void)tokenizeTolerantly(source, &comments);
    return comments;
}

std::optional<std::size_t> commentStart(std::string_view line) {
    const std::vector<Comment> comments = scanComments(line);
    if (comments.empty())
        return std::nullopt;
    return comments.front().offset;
}

} // namespace stridescope::script
