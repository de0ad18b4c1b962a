// The script language's lexer and parser: what each construct parses to (as an S-expression),
// how statements are split and located, and the exact SyntaxError for what Python refuses,
// including inputs built to exhaust the stack or to break the UTF-8 decoder.
#include "core/script/Parser.h"

#include "TestMain.h"
#include <QTest>

#include <sstream>
#include <string>

using namespace stridescope;
using namespace stridescope::script;

namespace {

// A compact, unambiguous rendering of an expression tree for the expectations below.
std::string dump(const Expr* e) {
    if (!e)
        return "_";
    std::ostringstream o;
    auto children = [&](std::size_t from) {
        for (std::size_t i = from; i < e->children.size(); ++i)
            o << " " << dump(e->children[i].get());
    };
    switch (e->kind) {
    case ExprKind::Name:
        return e->text;
    case ExprKind::IntLiteral:
        return e->intTooLarge ? "int!" + e->text : std::to_string(e->intValue);
    case ExprKind::FloatLiteral:
        o << e->floatValue << "f";
        return o.str();
    case ExprKind::ImaginaryLiteral:
        o << e->floatValue << "j";
        return o.str();
    case ExprKind::StringLiteral:
        return "'" + e->text + "'";
    case ExprKind::BoolLiteral:
        return e->boolValue ? "True" : "False";
    case ExprKind::NoneLiteral:
        return "None";
    case ExprKind::EllipsisLiteral:
        return "...";
    case ExprKind::FString:
        o << "(f";
        for (const FStringPart& p : e->parts) {
            if (!p.expression) {
                o << " '" << p.literal << "'";
                continue;
            }
            o << " {" << dump(p.expression.get());
            if (p.conversion)
                o << "!" << p.conversion;
            if (!p.formatSpec.empty())
                o << ":" << p.formatSpec;
            o << "}";
        }
        o << ")";
        return o.str();
    case ExprKind::Attribute:
        return "(. " + dump(e->children[0].get()) + " " + e->text + ")";
    case ExprKind::Call:
        o << "(call " << dump(e->children[0].get());
        children(1);
        for (const KeywordArgument& k : e->keywords)
            o << " " << k.name << "=" << dump(k.value.get());
        o << ")";
        return o.str();
    case ExprKind::Subscript:
        return "([] " + dump(e->children[0].get()) + " " + dump(e->children[1].get()) + ")";
    case ExprKind::Slice:
        return "(: " + dump(e->children[0].get()) + " " + dump(e->children[1].get()) + " " +
               dump(e->children[2].get()) + ")";
    case ExprKind::Tuple:
        o << "(tuple";
        children(0);
        o << ")";
        return o.str();
    case ExprKind::List:
        o << "(list";
        children(0);
        o << ")";
        return o.str();
    case ExprKind::Starred:
        return "(* " + dump(e->children[0].get()) + ")";
    case ExprKind::Unary: {
        static const char* const ops[] = {"-", "+", "~", "not"};
        return std::string("(") + ops[static_cast<int>(e->unaryOp)] + " " + dump(e->children[0].get()) + ")";
    }
    case ExprKind::Binary:
        return "(" + binaryOperatorSymbol(e->binaryOp) + " " + dump(e->children[0].get()) + " " +
               dump(e->children[1].get()) + ")";
    case ExprKind::Compare:
        o << "(cmp " << dump(e->children[0].get());
        for (std::size_t i = 0; i < e->compareOps.size(); ++i)
            o << " " << compareOperatorSymbol(e->compareOps[i]) << " " << dump(e->children[i + 1].get());
        o << ")";
        return o.str();
    case ExprKind::Conditional: // children = {a, c, b} for `a if c else b`
        return "(if " + dump(e->children[1].get()) + " " + dump(e->children[0].get()) + " " +
               dump(e->children[2].get()) + ")";
    case ExprKind::BoolOp:
        o << (e->boolValue ? "(and" : "(or");
        children(0);
        o << ")";
        return o.str();
    }
    return "?";
}

std::string dump(const Statement& s) {
    std::string out;
    switch (s.kind) {
    case StatementKind::Expression:
        return dump(s.value.get());
    case StatementKind::Assign:
        for (const ExprPtr& t : s.targets)
            out += dump(t.get()) + " = ";
        return out + dump(s.value.get());
    case StatementKind::AugmentedAssign:
        return dump(s.targets[0].get()) + " " + binaryOperatorSymbol(s.augmentedOp) + "= " +
               dump(s.value.get());
    case StatementKind::Import:
        return "import " + s.moduleName + (s.alias.empty() ? "" : " as " + s.alias);
    case StatementKind::Delete:
        return "del " + dump(s.targets[0].get());
    case StatementKind::Pass:
        return "pass";
    case StatementKind::Assert:
        return "assert " + dump(s.value.get()) + (s.targets.empty() ? "" : ", " + dump(s.targets[0].get()));
    }
    return "?";
}

// Every statement of a source, dumped and joined with " ; ".
std::string dumpProgram(const std::string& source) {
    std::string out;
    for (const Statement& s : parseProgram(source))
        out += (out.empty() ? "" : " ; ") + dump(s);
    return out;
}

QString syntaxErrorOf(const std::string& source) {
    try {
        parseProgram(source);
    } catch (const TensorError& e) {
        if (e.kind() != ErrorKind::SyntaxError)
            return QStringLiteral("not a SyntaxError: ") + QString::fromStdString(e.message());
        return QString::fromStdString(e.message());
    }
    return QStringLiteral("(parsed without error)");
}

} // namespace

class TestParser : public QObject {
    Q_OBJECT

private slots:
    void parsesLikePython_data();
    void parsesLikePython();
    void refusesLikePython_data();
    void refusesLikePython();
    void locatesStatements();
    void keepsEachStatementsSource();
    void boundsNestingWithoutRecursingDeeply_data();
    void boundsNestingWithoutRecursingDeeply();
    void reportsTheLocationOfASyntaxError();
};

void TestParser::parsesLikePython_data() {
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("an import") << QByteArray("import torch") << QByteArray("import torch");
    QTest::newRow("an import with an alias")
        << QByteArray("import torch as T") << QByteArray("import torch as T");
    QTest::newRow("a method chain with positional args")
        << QByteArray("x = torch.arange(24).view(2, 3, 4)")
        << QByteArray("x = (call (. (call (. torch arange) 24) view) 2 3 4)");
    QTest::newRow("keyword arguments") << QByteArray("x.flatten(start_dim=1, end_dim=-1)")
                                       << QByteArray("(call (. x flatten) start_dim=1 end_dim=(- 1))");
    QTest::newRow("a tuple target") << QByteArray("a, b = x.chunk(2)")
                                    << QByteArray("(tuple a b) = (call (. x chunk) 2)");
    QTest::newRow("a parenthesised tuple target")
        << QByteArray("(a, b) = t") << QByteArray("(tuple a b) = t");
    QTest::newRow("a list target") << QByteArray("[a, b] = t") << QByteArray("(list a b) = t");
    QTest::newRow("chained assignment") << QByteArray("a = b = c") << QByteArray("a = b = c");
    QTest::newRow("subscript assignment")
        << QByteArray("x[..., 0] = 5") << QByteArray("([] x (tuple ... 0)) = 5");
    QTest::newRow("augmented assignment") << QByteArray("x[0] *= 2") << QByteArray("([] x 0) *= 2");
    QTest::newRow("slices with every part omitted or present")
        << QByteArray("x[0, 1:3:2, ::-1, :, 2:, None, ...]")
        << QByteArray("([] x (tuple 0 (: 1 3 2) (: _ _ (- 1)) (: _ _ _) (: 2 _ _) None ...))");
    QTest::newRow("a single slice") << QByteArray("x[::2]") << QByteArray("([] x (: _ _ 2))");
    QTest::newRow("a trailing comma makes a tuple index")
        << QByteArray("x[0,]") << QByteArray("([] x (tuple 0))");
    QTest::newRow("power binds tighter than unary minus on its left")
        << QByteArray("-2 ** 2") << QByteArray("(- (** 2 2))");
    QTest::newRow("power is right-associative and takes a unary right operand")
        << QByteArray("2 ** -1 ** 2") << QByteArray("(** 2 (- (** 1 2)))");
    QTest::newRow("Python's precedence ladder")
        << QByteArray("1 | 2 ^ 3 & 4 << 5 + 6 * 7") << QByteArray("(| 1 (^ 2 (& 3 (<< 4 (+ 5 (* 6 7))))))");
    QTest::newRow("a conditional expression binds looser than or, and nests to the right")
        << QByteArray("a if b or c else d if e else f") << QByteArray("(if (or b c) a (if e d f))");
    QTest::newRow("and binds tighter than or, and chains flat")
        << QByteArray("a or b and c and d") << QByteArray("(or a (and b c d))");
    QTest::newRow("an assert with a message") << QByteArray("assert x.is_contiguous(), 'copy first'")
                                              << QByteArray("assert (call (. x is_contiguous)), 'copy first'");
    QTest::newRow("left associativity")
        << QByteArray("8 - 4 - 2 // 3 % 5") << QByteArray("(- (- 8 4) (% (// 2 3) 5))");
    QTest::newRow("parentheses override precedence")
        << QByteArray("(1 + 2) * 3") << QByteArray("(* (+ 1 2) 3)");
    QTest::newRow("integer literals: hex, separators, octal, binary")
        << QByteArray("0x_FF, 1_000, 0o17, 0b101") << QByteArray("(tuple 255 1000 15 5)");
    QTest::newRow("float literals") << QByteArray("1.5, .5, 1e3, 1., 2.5e-3")
                                    << QByteArray("(tuple 1.5f 0.5f 1000f 1f 0.0025f)");
    QTest::newRow("the smallest int64 can be written")
        << QByteArray("-9223372036854775808") << QByteArray("-9223372036854775808");
    QTest::newRow("an int literal beyond int64 fails when run, not when parsed")
        << QByteArray("99999999999999999999") << QByteArray("int!99999999999999999999");
    QTest::newRow("constants") << QByteArray("True, False, None, ...")
                               << QByteArray("(tuple True False None ...)");
    QTest::newRow("an empty tuple and a 1-tuple")
        << QByteArray("(), (1,)") << QByteArray("(tuple (tuple) (tuple 1))");
    QTest::newRow("lists") << QByteArray("[1, [2, 3], []]") << QByteArray("(list 1 (list 2 3) (list))");
    QTest::newRow("strings with escapes and implicit concatenation")
        << QByteArray(R"(print('it''s', "a\tb\x41\u00e9"))") << QByteArray("(call print 'its' 'a\tbAé')");
    QTest::newRow("raw strings keep backslashes") << QByteArray(R"(r'\n')") << QByteArray(R"('\n')");
    QTest::newRow("f-strings with conversions, specs and =")
        << QByteArray(R"(f"{x.shape!r:>5} {y=} {{}}")")
        << QByteArray("(f {(. x shape)!r:>5} ' y=' {y!r} ' {}')");
    QTest::newRow("starred arguments")
        << QByteArray("x.permute(*dims)") << QByteArray("(call (. x permute) (* dims))");
    QTest::newRow("comparison chains")
        << QByteArray("x.shape == (2, 3) < 4") << QByteArray("(cmp (. x shape) == (tuple 2 3) < 4)");
    QTest::newRow("not") << QByteArray("not x.is_contiguous()")
                         << QByteArray("(not (call (. x is_contiguous)))");
    QTest::newRow("semicolons separate statements")
        << QByteArray("a = 1; b = 2;") << QByteArray("a = 1 ; b = 2");
    QTest::newRow("brackets continue lines") << QByteArray("t = torch.zeros(\n    2,   # rows\n    3)\n")
                                             << QByteArray("t = (call (. torch zeros) 2 3)");
    QTest::newRow("a backslash continues a line")
        << QByteArray("a = 1 + \\\n  2") << QByteArray("a = (+ 1 2)");
    QTest::newRow("comments and blank lines are skipped")
        << QByteArray("# head\n\n   \nx = 1  # tail\n\n# end") << QByteArray("x = 1");
    QTest::newRow("CRLF line ends") << QByteArray("a = 1\r\nb = 2\r\n") << QByteArray("a = 1 ; b = 2");
    QTest::newRow("a byte order mark is skipped") << QByteArray("\xEF\xBB\xBFx = 1") << QByteArray("x = 1");
    QTest::newRow("del of several names") << QByteArray("del a, b") << QByteArray("del (tuple a b)");
    QTest::newRow("pass") << QByteArray("pass") << QByteArray("pass");
    QTest::newRow("non-ASCII identifiers") << QByteArray("größe = 1") << QByteArray("größe = 1");
}

void TestParser::parsesLikePython() {
    QFETCH(QByteArray, source);
    QFETCH(QByteArray, expected);
    std::string actual;
    try {
        actual = dumpProgram(source.toStdString());
    } catch (const TensorError& e) {
        QFAIL(qPrintable(QStringLiteral("unexpected error: ") + QString::fromStdString(e.message())));
    }
    QCOMPARE(QByteArray::fromStdString(actual), expected);
}

void TestParser::refusesLikePython_data() {
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QString>("message");

    QTest::newRow("an unclosed parenthesis")
        << QByteArray("x = (1") << QStringLiteral("'(' was never closed (line 1, column 5)");
    QTest::newRow("an unmatched closing parenthesis")
        << QByteArray("x = 1)") << QStringLiteral("unmatched ')' (line 1, column 6)");
    QTest::newRow("mismatched brackets")
        << QByteArray("x = [1)")
        << QStringLiteral(
               "closing parenthesis ')' does not match opening parenthesis '[' (line 1, column 7)");
    QTest::newRow("mismatched brackets across lines")
        << QByteArray("x = (1,\n]")
        << QStringLiteral(
               "closing parenthesis ']' does not match opening parenthesis '(' on line 1 (line 2, column 1)");
    QTest::newRow("an unexpected indent")
        << QByteArray("x = 1\n  y = 2") << QStringLiteral("unexpected indent (line 2, column 3)");
    QTest::newRow("a dangling operator")
        << QByteArray("x = 1 +") << QStringLiteral("invalid syntax (line 1, column 8)");
    QTest::newRow("a character Python has no use for")
        << QByteArray("x = $") << QStringLiteral("invalid syntax (line 1, column 5)");
    QTest::newRow("assigning to a call") << QByteArray("f(x) = 1")
                                         << QStringLiteral("cannot assign to function call here. Maybe you "
                                                           "meant '==' instead of '='? (line 1, column 1)");
    QTest::newRow("assigning to a literal")
        << QByteArray("1 = x")
        << QStringLiteral(
               "cannot assign to literal here. Maybe you meant '==' instead of '='? (line 1, column 1)");
    QTest::newRow("assigning to None")
        << QByteArray("None = 1") << QStringLiteral("cannot assign to None (line 1, column 1)");
    QTest::newRow("a tuple in augmented assignment")
        << QByteArray("(a, b) += 1")
        << QStringLiteral("'tuple' is an illegal expression for augmented assignment (line 1, column 1)");
    QTest::newRow("control flow is outside the language")
        << QByteArray("for i in x: pass")
        << QStringLiteral("'for' statements are not supported in StrideScope scripts (line 1, column 1)");
    QTest::newRow("a pasted function names the def, not its indented body")
        << QByteArray("import torch\ndef f(x):\n    return x.t()\n")
        << QStringLiteral("'def' statements are not supported in StrideScope scripts (line 2, column 1)");
    QTest::newRow("a pasted loop names the for, not its indented body")
        << QByteArray("for i in range(3):\n    print(i)")
        << QStringLiteral("'for' statements are not supported in StrideScope scripts (line 1, column 1)");
    QTest::newRow("an unterminated string")
        << QByteArray("x = \"abc")
        << QStringLiteral("unterminated string literal (detected at line 1) (line 1, column 5)");
    QTest::newRow("an unterminated triple-quoted string")
        << QByteArray("x = '''abc\n\n")
        << QStringLiteral(
               "unterminated triple-quoted string literal (detected at line 2) (line 1, column 5)");
    QTest::newRow("leading zeros") << QByteArray("x = 08")
                                   << QStringLiteral(
                                          "leading zeros in decimal integer literals are not permitted; use "
                                          "an 0o prefix for octal integers (line 1, column 5)");
    QTest::newRow("a trailing underscore")
        << QByteArray("x = 1_") << QStringLiteral("invalid decimal literal (line 1, column 6)");
    QTest::newRow("letters glued to a number")
        << QByteArray("x = 1abc") << QStringLiteral("invalid decimal literal (line 1, column 6)");
    QTest::newRow("a typographic quote pasted from a document")
        << QByteArray("x = ’a’") << QStringLiteral("invalid character '’' (U+2019) (line 1, column 5)");
    QTest::newRow("from-imports")
        << QByteArray("from torch import zeros")
        << QStringLiteral("only 'import torch' is supported in StrideScope scripts (line 1, column 1)");
    QTest::newRow("a positional argument after a keyword")
        << QByteArray("f(a=1, 2)")
        << QStringLiteral("positional argument follows keyword argument (line 1, column 8)");
    QTest::newRow("a repeated keyword")
        << QByteArray("f(a=1, a=2)") << QStringLiteral("keyword argument repeated: a (line 1, column 8)");
    QTest::newRow("an empty f-string field")
        << QByteArray("x = f\"{}\"")
        << QStringLiteral("f-string: empty expression not allowed (line 1, column 7)");
    QTest::newRow("a lone closing brace in an f-string")
        << QByteArray("x = f\"}\"")
        << QStringLiteral("f-string: single '}' is not allowed (line 1, column 7)");
    QTest::newRow("a syntax error inside an f-string field is located in the source")
        << QByteArray("x = 1\ny = f\"ab{1 +}\"") << QStringLiteral("invalid syntax (line 2, column 13)");
    QTest::newRow("a NUL byte") << QByteArray("x = 1\0", 6)
                                << QStringLiteral("source code cannot contain null bytes (line 1, column 6)");
    QTest::newRow("a stray byte that is not UTF-8")
        << QByteArray("x = \"\xff\"")
        << QStringLiteral("source is not valid UTF-8 (byte 0xff) (line 1, column 6)");
    QTest::newRow("a truncated UTF-8 sequence")
        << QByteArray("x = 1\ny = \"\xc3\x28\"")
        << QStringLiteral("source is not valid UTF-8 (byte 0xc3) (line 2, column 6)");
    QTest::newRow("an overlong UTF-8 encoding")
        << QByteArray("x = '\xc0\xaf'")
        << QStringLiteral("source is not valid UTF-8 (byte 0xc0) (line 1, column 6)");
    QTest::newRow("a UTF-16 surrogate encoded in UTF-8")
        << QByteArray("x = '\xed\xa0\x80'")
        << QStringLiteral("source is not valid UTF-8 (byte 0xed) (line 1, column 6)");
    QTest::newRow("dict displays")
        << QByteArray("x = {}")
        << QStringLiteral("dicts and sets are not supported in StrideScope scripts (line 1, column 5)");
    QTest::newRow("an imaginary literal followed by a name")
        << QByteArray("x = 3jx") << QStringLiteral("invalid imaginary literal (line 1, column 6)");
    QTest::newRow("an imaginary literal followed by digits")
        << QByteArray("x = 1.5j2") << QStringLiteral("invalid imaginary literal (line 1, column 8)");
}

void TestParser::refusesLikePython() {
    QFETCH(QByteArray, source);
    QFETCH(QString, message);
    QCOMPARE(syntaxErrorOf(source.toStdString()), message);
}

void TestParser::locatesStatements() {
    const auto statements = parseProgram("import torch\n\nx = 1; y = (2,\n 3)\n  # c\nz = x");
    QCOMPARE(statements.size(), std::size_t(4));
    QCOMPARE(statements[0].location, (SourceLocation{1, 1}));
    QCOMPARE(statements[1].location, (SourceLocation{3, 1}));
    QCOMPARE(statements[2].location, (SourceLocation{3, 8}));
    QCOMPARE(statements[3].location, (SourceLocation{6, 1}));
}

void TestParser::keepsEachStatementsSource() {
    const auto statements = parseProgram("x = torch.zeros(\n  2)  # two\ny = x;  z = y\n");
    QCOMPARE(statements.size(), std::size_t(3));
    QCOMPARE(QString::fromStdString(statements[0].source), QStringLiteral("x = torch.zeros(\n  2)"));
    QCOMPARE(QString::fromStdString(statements[1].source), QStringLiteral("y = x"));
    QCOMPARE(QString::fromStdString(statements[2].source), QStringLiteral("z = y"));
}

void TestParser::boundsNestingWithoutRecursingDeeply_data() {
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QString>("message");
    const auto repeat = [](const char* piece, int times) { return QByteArray(piece).repeated(times); };
    QTest::newRow("10,000 opening parentheses")
        << "x = " + repeat("(", 10000) + "1" + repeat(")", 10000)
        << QStringLiteral("too many nested parentheses (line 1, column 205)");
    QTest::newRow("10,000 opening brackets without an end")
        << "x = " + repeat("[", 10000) << QStringLiteral("too many nested parentheses (line 1, column 205)");
    QTest::newRow("100,000 unary minus signs")
        << "x = " + repeat("- ", 100000) + "1"
        << QStringLiteral("expression is too deeply nested (line 1, column 2005)");
    QTest::newRow("100,000 chained additions")
        << "x = 1" + repeat(" + 1", 100000)
        << QStringLiteral("expression is too deeply nested (line 1, column 5)");
    QTest::newRow("5,000 chained method calls")
        << "x = y" + repeat(".t()", 5000)
        << QStringLiteral("expression is too deeply nested (line 1, column 5)");
    QTest::newRow("5,000 right-associative powers")
        << "x = 2" + repeat("**2", 5000)
        << QStringLiteral("expression is too deeply nested (line 1, column 3005)");
    QTest::newRow("300 parentheses inside an f-string")
        << "x = f\"{" + repeat("(", 300) + "\""
        << QStringLiteral("f-string: expecting '}' (line 1, column 7)");
}

void TestParser::boundsNestingWithoutRecursingDeeply() {
    QFETCH(QByteArray, source);
    QFETCH(QString, message);
    QCOMPARE(syntaxErrorOf(source.toStdString()), message);
}

void TestParser::reportsTheLocationOfASyntaxError() {
    try {
        parseProgram("x = 1\ny = (2 +\n");
        QFAIL("no error");
    } catch (const ScriptSyntaxError& e) {
        QCOMPARE(e.location().line, 2);
        QCOMPARE(e.location().column, 5);
        QCOMPARE(e.kind(), ErrorKind::SyntaxError);
    }
    // Where nesting is within Python's limit, deep but legal input parses.
    const std::string deep = "x = " + std::string(199, '(') + "1" + std::string(199, ')');
    QCOMPARE(parseProgram(deep).size(), std::size_t(1));
}

STRIDESCOPE_TEST_APPLESS_MAIN(TestParser)
#include "tst_parser.moc"
