// core's Session (core/script/Session.h), on its own: no Qt in what it tests (Qt Test only runs
// the rows). The lines, replay and undo positions; which code bound a name (expressionOf) and
// which names share a storage (aliasesOf); the lexer-based splitter and comment scanner (a '#'
// or ';' inside a string, brackets across lines, comments above and after statements); and the
// random generator that lives in the workspace: a preview leaves it untouched, a replay and the
// commands' runScript draw what the first run drew, and torch.manual_seed reseeds it exactly as
// before it moved there (mt19937_64 seeded 0, uniform_real/normal distributions, in logical order).
#include "TestMain.h"
#include "core/script/Lexer.h"
#include "core/script/Session.h"

#include <QTest>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace stridescope;
using namespace stridescope::script;

namespace {

QStringList codesOf(const std::vector<SessionLine>& lines) {
    QStringList codes;
    for (const SessionLine& line : lines)
        codes << QString::fromStdString(line.code);
    return codes;
}

QStringList namesOf(const std::vector<ShownTensor>& tensors) {
    QStringList names;
    for (const ShownTensor& tensor : tensors)
        names << QString::fromStdString(tensor.name);
    return names;
}

std::vector<double> doubles(const Tensor& tensor) {
    std::vector<double> values;
    for (const Scalar& value : tensor.values())
        values.push_back(value.toDouble());
    return values;
}

std::vector<double> valuesOf(const Session& session, const std::string& name) {
    const auto tensor = session.tensorNamed(name);
    return tensor ? doubles(*tensor) : std::vector<double>{};
}

// Runs each line of `script` as typed (one run() per line); QVERIFY-style failure text on error.
QString runEach(Session& session, const QString& script) {
    for (const QString& line : script.split(u'\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const SessionResult result = session.run(line.toStdString());
        if (!result)
            return QStringLiteral("%1 failed: %2")
                .arg(line, QString::fromStdString(result.error()->describe()));
    }
    return {};
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT

private slots:
    void splitsStatementsAndComments_data();
    void splitsStatementsAndComments();
    void findsCommentsWithTheLexer_data();
    void findsCommentsWithTheLexer();
    void scansAnyTextForComments_data();
    void scansAnyTextForComments();
    void seesBracketsAsTheLexerDoes_data();
    void seesBracketsAsTheLexerDoes();
    void writesAStatementOnOneLine_data();
    void writesAStatementOnOneLine();
    void tellsStatementsFromExpressions_data();
    void tellsStatementsFromExpressions();

    void keepsLinesThroughRunUndoAndRedo_data();
    void keepsLinesThroughRunUndoAndRedo();
    void failedRunChangesNothing_data();
    void failedRunChangesNothing();
    void savesAndReloadsTheSameScript();

    void knowsTheExpressionOfEachName_data();
    void knowsTheExpressionOfEachName();
    void listsTheNamesSharingAStorage_data();
    void listsTheNamesSharingAStorage();
    void previewListsAliasesOfItsScratchWorkspace();

    void drawsRandomNumbersAsBefore_data();
    void drawsRandomNumbersAsBefore();
    void previewLeavesTheGeneratorUntouched_data();
    void previewLeavesTheGeneratorUntouched();
    void replayAndCommandsDrawTheSameNumbers_data();
    void replayAndCommandsDrawTheSameNumbers();
    void failedStatementDrawsNothing();

    void runScriptStreamsAndStopsAtTheError();
    void tracebackIsPythons();
};

// ---- the splitter ----------------------------------------------------------------------------

void TestSession::splitsStatementsAndComments_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("codes");
    QTest::addColumn<QStringList>("trailing");
    QTest::addColumn<QString>("firstComment");
    QTest::addColumn<QString>("tail");

    QTest::newRow("a '#' inside a string is text, the one after it a comment")
        << QStringLiteral("s = \"a # b\"  # real") << QStringList{QStringLiteral("s = \"a # b\"")}
        << QStringList{QStringLiteral("real")} << QStringLiteral("real") << QString();
    QTest::newRow("a ';' splits one line into statements; the comment is the last one's")
        << QStringLiteral("x = torch.zeros(2); y = x.t()  # both")
        << QStringList{QStringLiteral("x = torch.zeros(2)"), QStringLiteral("y = x.t()")}
        << QStringList{QString(), QStringLiteral("both")} << QString() << QString();
    QTest::newRow("a ';' and a '#' inside a string split nothing")
        << QStringLiteral("s = \"a;#\"; n = 1")
        << QStringList{QStringLiteral("s = \"a;#\""), QStringLiteral("n = 1")}
        << QStringList{QString(), QString()} << QString() << QString();
    QTest::newRow("brackets across lines make one statement; its comment is on its last line")
        << QStringLiteral("x = torch.zeros(\n    2, 3)  # made\ny = x.t()")
        << QStringList{QStringLiteral("x = torch.zeros(\n    2, 3)"), QStringLiteral("y = x.t()")}
        << QStringList{QStringLiteral("made"), QString()} << QStringLiteral("made") << QString();
    QTest::newRow("comment lines above a statement are its leading text")
        << QStringLiteral("# title\n\n# about x\nx = torch.arange(6)  # six\n")
        << QStringList{QStringLiteral("x = torch.arange(6)")} << QStringList{QStringLiteral("six")}
        << QStringLiteral("title\nabout x\nsix") << QString();
    QTest::newRow("a '#' line inside a triple-quoted string is no comment")
        << QStringLiteral("t = \"\"\"a\n# not a comment\"\"\"\nx = 1  # one")
        << QStringList{QStringLiteral("t = \"\"\"a\n# not a comment\"\"\""), QStringLiteral("x = 1")}
        << QStringList{QString(), QStringLiteral("one")} << QString() << QString();
    QTest::newRow("text after the last statement is the tail")
        << QStringLiteral("x = 1\n# the end\n") << QStringList{QStringLiteral("x = 1")}
        << QStringList{QString()} << QString() << QStringLiteral("# the end\n");
    QTest::newRow("'##' comments lose all their hashes")
        << QStringLiteral("## step 1\nx = 1  ## first") << QStringList{QStringLiteral("x = 1")}
        << QStringList{QStringLiteral("first")} << QStringLiteral("step 1\nfirst") << QString();
}

void TestSession::splitsStatementsAndComments() {
    QFETCH(QString, script);
    QFETCH(QStringList, codes);
    QFETCH(QStringList, trailing);
    QFETCH(QString, firstComment);
    QFETCH(QString, tail);
    std::string gotTail;
    const std::vector<SessionLine> lines = splitScript(script.toStdString(), &gotTail);
    QCOMPARE(codesOf(lines), codes);
    QStringList gotTrailing;
    for (const SessionLine& line : lines)
        gotTrailing << QString::fromStdString(line.trailing);
    QCOMPARE(gotTrailing, trailing);
    QCOMPARE(QString::fromStdString(lines.front().comment()), firstComment);
    QCOMPARE(QString::fromStdString(gotTail), tail);
}

void TestSession::findsCommentsWithTheLexer_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("offset"); // -1: none

    QTest::newRow("after code") << QStringLiteral("x = 1  # c") << 7;
    QTest::newRow("a whole comment line") << QStringLiteral("# only") << 0;
    QTest::newRow("'#' in double quotes") << QStringLiteral("s = \"#\"") << -1;
    QTest::newRow("'#' in single quotes, then a comment") << QStringLiteral("s = '#' # c") << 8;
    QTest::newRow("an escaped quote does not end the string") << QStringLiteral("s = \"\\\"#\" # c") << 10;
    QTest::newRow("'#' in a triple-quoted string on one line") << QStringLiteral("t = '''# in'''") << -1;
    QTest::newRow("'#' in an f-string") << QStringLiteral("f\"{x}#\" # c") << 8;
    QTest::newRow("a line that closes a bracket opened above") << QStringLiteral("    2, 3)  # closes") << 11;
    QTest::newRow("a line that opens a bracket it does not close")
        << QStringLiteral("x = f(1,  # more") << 10;
    QTest::newRow("an unterminated string runs to the end of the line")
        << QStringLiteral("s = \"open # x") << -1;
    QTest::newRow("a character the tokenizer refuses is stepped over") << QStringLiteral("x = $ # c") << 6;
    QTest::newRow("no comment") << QStringLiteral("x = y[0]") << -1;
}

void TestSession::findsCommentsWithTheLexer() {
    QFETCH(QString, line);
    QFETCH(int, offset);
    const auto found = commentStart(line.toStdString());
    QCOMPARE(found ? static_cast<int>(*found) : -1, offset);
}

void TestSession::scansAnyTextForComments_data() {
    QTest::addColumn<QString>("path");
    for (const char* lesson : {"01_storage_layout_view.py", "08_inplace_through_view.py",
                               "11_devices_and_transfers.py", "zh_CN/02_transpose_non_contiguous.py"})
        QTest::newRow(lesson) << QStringLiteral(STRIDESCOPE_RESOURCES_DIR "/lessons/") +
                                     QLatin1String(lesson);
}

// Every prefix of a lesson (each cut inside a string, a bracket or a comment) and bytes that are
// no text: the tolerant scanner finds comments within the text and never throws.
void TestSession::scansAnyTextForComments() {
    QFETCH(QString, path);
    std::string text;
    {
        FILE* file = std::fopen(path.toLocal8Bit().constData(), "rb");
        QVERIFY2(file, qPrintable(path));
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;)
            text.append(buffer, n);
        std::fclose(file);
    }
    QVERIFY(!text.empty());
    std::size_t whole = 0;
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        const std::string_view prefix(text.data(), cut);
        const std::vector<Comment> comments = scanComments(prefix);
        for (const Comment& comment : comments) {
            QVERIFY(comment.offset < comment.endOffset && comment.endOffset <= prefix.size());
            QCOMPARE(prefix[comment.offset], '#');
        }
        if (cut == text.size())
            whole = comments.size();
    }
    // The whole lesson: every '#' line the tokenizer sees, one comment each.
    QVERIFY(whole > 0);
    std::string broken = text;
    broken[broken.size() / 2] = '\0';
    QVERIFY(scanComments(broken).empty()); // NUL: no text, no comments
}

void TestSession::seesBracketsAsTheLexerDoes_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("depth"); // opened minus closed

    QTest::newRow("an open call") << QStringLiteral("y = x.view(2,") << 1;
    QTest::newRow("a bracket in a string is text") << QStringLiteral("f(')')") << 0;
    QTest::newRow("a bracket in a comment is text") << QStringLiteral("f(1)  # (") << 0;
    QTest::newRow("across lines") << QStringLiteral("x = [\n  1, (2") << 2;
    QTest::newRow("in an unterminated string") << QStringLiteral("s = '(") << 0;
    QTest::newRow("closed more than opened") << QStringLiteral("x)") << -1;
}

void TestSession::seesBracketsAsTheLexerDoes() {
    QFETCH(QString, text);
    QFETCH(int, depth);
    int found = 0;
    for (const Token& token : tokenizeTolerantly(text.toStdString())) {
        if (token.kind != TokenKind::Operator)
            continue;
        found += token.text == "(" || token.text == "[" || token.text == "{";
        found -= token.text == ")" || token.text == "]" || token.text == "}";
    }
    QCOMPARE(found, depth);
}

void TestSession::writesAStatementOnOneLine_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("line");

    QTest::newRow("blanks become one space")
        << QStringLiteral("y  =   x.t( )") << QStringLiteral("y = x.t( )");
    QTest::newRow("a line break inside brackets")
        << QStringLiteral("y = x.view(\n    2, 3)") << QStringLiteral("y = x.view( 2, 3)");
    QTest::newRow("comments are dropped")
        << QStringLiteral("y = x.view(2,  # rows\n 3)  # done") << QStringLiteral("y = x.view(2, 3)");
    QTest::newRow("blanks inside a string stay")
        << QStringLiteral("s  =  \"a   b\"") << QStringLiteral("s = \"a   b\"");
    QTest::newRow("no blank stays no blank") << QStringLiteral("y=x[0:2]") << QStringLiteral("y=x[0:2]");
}

void TestSession::writesAStatementOnOneLine() {
    QFETCH(QString, code);
    QFETCH(QString, line);
    QCOMPARE(QString::fromStdString(oneLine(code.toStdString())), line);
}

void TestSession::tellsStatementsFromExpressions_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("statement");

    QTest::newRow("a call") << QStringLiteral("x.transpose(0, 1)") << false;
    QTest::newRow("a keyword argument is inside brackets") << QStringLiteral("x.sum(dim=1)") << false;
    QTest::newRow("a comparison") << QStringLiteral("x == y") << false;
    QTest::newRow("<= and != are comparisons") << QStringLiteral("a <= b != c") << false;
    QTest::newRow("unpacking") << QStringLiteral("a, b = x.chunk(2)") << true;
    QTest::newRow("augmented assignment") << QStringLiteral("x += 1") << true;
    QTest::newRow("'=' inside a string") << QStringLiteral("print(\"a = b\")") << false;
    QTest::newRow("text that does not tokenize") << QStringLiteral("x = \"open") << false;
}

void TestSession::tellsStatementsFromExpressions() {
    QFETCH(QString, code);
    QFETCH(bool, statement);
    QCOMPARE(isStatementText(code.toStdString()), statement);
}

// ---- lines, replay and undo --------------------------------------------------------------------

void TestSession::keepsLinesThroughRunUndoAndRedo_data() {
    QTest::addColumn<QString>("edit"); // truncate N | erase N | insert N CODE | append CODE
    QTest::addColumn<QStringList>("codes");
    QTest::addColumn<int>("x0"); // x[0] afterwards

    const QString import = QStringLiteral("import torch");
    QTest::newRow("truncating to 2 leaves import and x")
        << QStringLiteral("truncate 2") << QStringList{import, QStringLiteral("x = torch.zeros(3)")} << 0;
    QTest::newRow("erasing the write undoes its values")
        << QStringLiteral("erase 3")
        << QStringList{import, QStringLiteral("x = torch.zeros(3)"), QStringLiteral("v = x[1:]")} << 0;
    QTest::newRow("inserting a write before the view replays it")
        << QStringLiteral("insert 2 x[0] = 5")
        << QStringList{import, QStringLiteral("x = torch.zeros(3)"), QStringLiteral("x[0] = 5"),
                       QStringLiteral("v = x[1:]"), QStringLiteral("x.fill_(2)")}
        << 2;
    QTest::newRow("appending runs after the rest")
        << QStringLiteral("append x[0] = 9")
        << QStringList{import, QStringLiteral("x = torch.zeros(3)"), QStringLiteral("v = x[1:]"),
                       QStringLiteral("x.fill_(2)"), QStringLiteral("x[0] = 9")}
        << 9;
}

void TestSession::keepsLinesThroughRunUndoAndRedo() {
    QFETCH(QString, edit);
    QFETCH(QStringList, codes);
    QFETCH(int, x0);
    Session session;
    QVERIFY(session.run("x = torch.zeros(3)"));
    QVERIFY(session.run("v = x[1:]"));
    QVERIFY(session.run("x.fill_(2)"));
    QCOMPARE(session.lines().size(), std::size_t(4));
    const QStringList words = edit.split(u' ');
    if (words[0] == u"truncate") {
        session.truncateTo(words[1].toUInt());
    } else if (words[0] == u"erase") {
        QVERIFY(session.checkWithout(words[1].toUInt()));
        session.eraseLine(words[1].toUInt());
    } else if (words[0] == u"insert") {
        session.insertLine(words[1].toUInt(), splitScript(words.mid(2).join(u' ').toStdString()).front());
    } else {
        session.appendLines(splitScript(words.mid(1).join(u' ').toStdString()));
    }
    QCOMPARE(codesOf(session.lines()), codes);
    QCOMPARE(session.tensorNamed("x")->valueAt({0}).toDouble(), double(x0));
    // The invariant: the workspace is what the lines give from a fresh session.
    Session replayed;
    QVERIFY(replayed.load(session.scriptText()));
    QCOMPARE(valuesOf(replayed, "x"), valuesOf(session, "x"));
    if (session.tensorNamed("v"))
        QVERIFY(session.tensorNamed("v")->sharesStorageWith(*session.tensorNamed("x")));
}

void TestSession::failedRunChangesNothing_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("line");

    QTest::newRow("a refused view")
        << QStringLiteral("y = x.t().view(6)") << QStringLiteral("RuntimeError")
        << QStringLiteral(
               "view size is not compatible with input tensor's size and stride (at least one dimension "
               "spans across two contiguous subspaces). Use .reshape(...) instead.")
        << 1;
    QTest::newRow("a syntax error") << QStringLiteral("y = x.t(") << QStringLiteral("SyntaxError")
                                    << QStringLiteral("'(' was never closed (line 1, column 8)") << 1;
    QTest::newRow("the second statement fails: the first, a write, is rolled back")
        << QStringLiteral("x[0] = 7\nz = x.view(4)") << QStringLiteral("RuntimeError")
        << QStringLiteral("shape '[4]' is invalid for input of size 6") << 2;
}

void TestSession::failedRunChangesNothing() {
    QFETCH(QString, input);
    QFETCH(QString, kind);
    QFETCH(QString, message);
    QFETCH(int, line);
    Session session;
    QVERIFY(session.run("x = torch.arange(6).view(2, 3)"));
    const std::string before = session.scriptText();
    const SessionResult result = session.run(input.toStdString());
    QVERIFY(!result);
    QCOMPARE(QString::fromStdString(result.error()->kind), kind);
    QCOMPARE(QString::fromStdString(result.error()->message), message);
    QCOMPARE(result.error()->line, line);
    QCOMPARE(session.scriptText(), before);
    QCOMPARE(session.tensorNamed("x")->valueAt({0, 0}).intValue, std::int64_t(0));
    QVERIFY(!session.tensorNamed("z"));
}

void TestSession::savesAndReloadsTheSameScript() {
    const std::string script =
        "# A lesson\nimport torch\n\n# the base\nx = torch.arange(6)  # six\ny = x.view(2, 3)\n# end\n";
    Session session;
    QVERIFY(session.load(script));
    QCOMPARE(session.scriptText(), script);
    QCOMPARE(session.pythonScript(), script); // it imports torch itself
    Session typed;
    QVERIFY(typed.run("y = torch.ones(2)"));
    QCOMPARE(typed.pythonScript(), std::string("import torch\ny = torch.ones(2)\n"));
    QCOMPARE(typed.freeName({"y", "z"}), std::string("z"));
    QCOMPARE(typed.freeName({"y"}), std::string("t1"));
}

// ---- expressions and aliases -------------------------------------------------------------------

void TestSession::knowsTheExpressionOfEachName_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expression");

    const QString x = QStringLiteral("x = torch.arange(6)\n");
    QTest::newRow("the right-hand side") << x + QStringLiteral("y = x.transpose(0, 0)") << QStringLiteral("y")
                                         << QStringLiteral("x.transpose(0, 0)");
    QTest::newRow("on one line, without its comment")
        << x + QStringLiteral("y = x.view(\n    2, 3)  # rows") << QStringLiteral("y")
        << QStringLiteral("x.view( 2, 3)");
    QTest::newRow("unpacking keeps the whole statement")
        << x + QStringLiteral("a, b = x.chunk(2)") << QStringLiteral("b")
        << QStringLiteral("a, b = x.chunk(2)");
    QTest::newRow("a chained assignment gives each name the value")
        << x + QStringLiteral("p = q = x.view(2, 3)") << QStringLiteral("p")
        << QStringLiteral("x.view(2, 3)");
    QTest::newRow("augmented assignment keeps what the name is a view of")
        << x + QStringLiteral("y = x[1:]\ny += 1") << QStringLiteral("y") << QStringLiteral("x[1:]");
    QTest::newRow("rebinding replaces it") << x + QStringLiteral("y = x[1:]\ny = x.view(3, 2)")
                                           << QStringLiteral("y") << QStringLiteral("x.view(3, 2)");
    QTest::newRow("a string keeps its blanks")
        << QStringLiteral("s = \"a  b\"") << QStringLiteral("s") << QStringLiteral("\"a  b\"");
    QTest::newRow("an unknown name has none") << x << QStringLiteral("nope") << QString();
}

void TestSession::knowsTheExpressionOfEachName() {
    QFETCH(QString, script);
    QFETCH(QString, name);
    QFETCH(QString, expression);
    Session session;
    QVERIFY(session.load(script.toStdString()));
    QCOMPARE(QString::fromStdString(session.expressionOf(name.toStdString())), expression);
    // Typed as one input, and run as a command runs it: the same.
    Session typed;
    QVERIFY(typed.run(script.toStdString()));
    QCOMPARE(QString::fromStdString(typed.expressionOf(name.toStdString())), expression);
    Session command;
    QVERIFY(command.runScript(script.toStdString()));
    QCOMPARE(QString::fromStdString(command.expressionOf(name.toStdString())), expression);
}

void TestSession::listsTheNamesSharingAStorage_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("aliases");

    QTest::newRow("the base has its views")
        << QStringLiteral("x") << QStringList{QStringLiteral("y"), QStringLiteral("w")};
    QTest::newRow("a view has the base and the other view")
        << QStringLiteral("w") << QStringList{QStringLiteral("x"), QStringLiteral("y")};
    QTest::newRow("a clone shares nothing") << QStringLiteral("z") << QStringList{};
    QTest::newRow("an expand is a view too") << QStringLiteral("e") << QStringList{QStringLiteral("c")};
    QTest::newRow("a name that is no tensor") << QStringLiteral("n") << QStringList{};
}

void TestSession::listsTheNamesSharingAStorage() {
    QFETCH(QString, name);
    QFETCH(QStringList, aliases);
    Session session;
    QVERIFY(session.load("x = torch.arange(6)\ny = x.view(2, 3)\nz = x.clone()\nw = y.t()\n"
                         "c = torch.zeros(3, 1)\ne = c.expand(3, 4)\nn = 3\n"));
    const std::vector<ShownTensor> found = session.aliasesOf(name.toStdString());
    QCOMPARE(namesOf(found), aliases);
    for (const ShownTensor& alias : found)
        QCOMPARE(alias.expression, session.expressionOf(alias.name));
    // By tensor, its own name excluded or not.
    if (const auto tensor = session.tensorNamed(name.toStdString()))
        QCOMPARE(session.aliasesOf(*tensor).size(), aliases.size() + 1);
}

void TestSession::previewListsAliasesOfItsScratchWorkspace() {
    Session session;
    QVERIFY(session.run("x = torch.arange(6)"));
    const SessionPreview preview = session.preview("v = x.view(2, 3)\nu = v.t()");
    QVERIFY(!preview.error);
    QCOMPARE(QString::fromStdString(preview.tensor->name), QStringLiteral("u"));
    QCOMPARE(QString::fromStdString(preview.tensor->expression), QStringLiteral("v.t()"));
    QCOMPARE(namesOf(preview.aliases), (QStringList{QStringLiteral("x"), QStringLiteral("v")}));
    QVERIFY(!session.tensorNamed("v")); // the session itself has no v
}

// ---- the random generator ----------------------------------------------------------------------

void TestSession::drawsRandomNumbersAsBefore_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("seed");
    QTest::addColumn<int>("skip"); // numbers drawn before since the seed
    QTest::addColumn<bool>("normal");

    QTest::newRow("a fresh session draws from seed 0")
        << QStringLiteral("a = torch.rand(5)") << QStringLiteral("a") << 0 << 0 << false;
    QTest::newRow("the second tensor continues the stream")
        << QStringLiteral("a = torch.rand(3)\nb = torch.rand(4)") << QStringLiteral("b") << 0 << 3 << false;
    QTest::newRow("manual_seed restarts it")
        << QStringLiteral("a = torch.rand(3)\ntorch.manual_seed(7)\nb = torch.rand(4)") << QStringLiteral("b")
        << 7 << 0 << false;
    QTest::newRow("rand_like draws from the same stream")
        << QStringLiteral("a = torch.zeros(2, 2)\ntorch.manual_seed(3)\nb = torch.rand_like(a)")
        << QStringLiteral("b") << 3 << 0 << false;
    QTest::newRow("randn: normal numbers from the seed")
        << QStringLiteral("torch.manual_seed(11)\nb = torch.randn(6)") << QStringLiteral("b") << 11 << 0
        << true;
}

void TestSession::drawsRandomNumbersAsBefore() {
    QFETCH(QString, script);
    QFETCH(QString, name);
    QFETCH(int, seed);
    QFETCH(int, skip);
    QFETCH(bool, normal);
    Session session;
    const QString failure = runEach(session, script);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    // What the function-local mt19937_64 of CreationOps.cpp drew before the generator moved
    // into the Workspace: one fresh distribution per tensor, values rounded to float32.
    std::mt19937_64 engine(static_cast<std::uint64_t>(seed));
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    for (int i = 0; i < skip; ++i)
        (void)uniform(engine);
    const std::vector<double> values = valuesOf(session, name.toStdString());
    QVERIFY(!values.empty());
    std::normal_distribution<double> gaussian(0.0, 1.0);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double expected = normal ? gaussian(engine) : uniform(engine);
        QCOMPARE(values[i], double(static_cast<float>(expected)));
    }
}

void TestSession::previewLeavesTheGeneratorUntouched_data() {
    QTest::addColumn<QString>("previewed");
    QTest::newRow("rand") << QStringLiteral("c = torch.rand(10)");
    QTest::newRow("randn_like") << QStringLiteral("c = torch.randn_like(a)");
    QTest::newRow("manual_seed") << QStringLiteral("torch.manual_seed(99)");
    QTest::newRow("a failing draw") << QStringLiteral("c = torch.rand(3) + 'x'");
}

void TestSession::previewLeavesTheGeneratorUntouched() {
    QFETCH(QString, previewed);
    Session session;
    QVERIFY(session.run("a = torch.rand(4)"));
    const RandomGenerator before = session.workspace().generator();
    (void)session.preview(previewed.toStdString());
    QVERIFY(session.workspace().generator() == before);
    // And the preview showed what running gives.
    const SessionPreview preview = session.preview("c = torch.rand(2)");
    QVERIFY(session.run("c = torch.rand(2)"));
    QCOMPARE(doubles(preview.tensor->tensor), valuesOf(session, "c"));
}

void TestSession::replayAndCommandsDrawTheSameNumbers_data() {
    QTest::addColumn<QString>("script");
    QTest::newRow("two tensors") << QStringLiteral("a = torch.rand(4)\nb = torch.randn(3)");
    QTest::newRow("a seed between") << QStringLiteral(
        "a = torch.rand(4)\ntorch.manual_seed(5)\nb = torch.rand(3)");
    QTest::newRow("rand_like after a view")
        << QStringLiteral("a = torch.rand(2, 3)\nv = a.t()\nb = torch.rand_like(v)");
}

void TestSession::replayAndCommandsDrawTheSameNumbers() {
    QFETCH(QString, script);
    Session typed; // the window: one run() per line
    const QString failure = runEach(typed, script);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    Session loaded; // Open: one replay
    QVERIFY(loaded.load(script.toStdString()));
    Session command; // eval, render, bench
    QVERIFY(command.runScript(script.toStdString()));
    // Undo to the first line and redo: replayed again.
    Session undone = typed;
    const auto all = std::vector<SessionLine>(typed.lines().begin() + 2, typed.lines().end());
    undone.truncateTo(2);
    undone.appendLines(all);
    for (const char* name : {"a", "b"}) {
        QCOMPARE(valuesOf(loaded, name), valuesOf(typed, name));
        QCOMPARE(valuesOf(command, name), valuesOf(typed, name));
        QCOMPARE(valuesOf(undone, name), valuesOf(typed, name));
    }
}

void TestSession::failedStatementDrawsNothing() {
    Session session;
    QVERIFY(!session.run("a = torch.rand(3) + 'x'"));
    QVERIFY(session.run("a = torch.rand(3)"));
    Session fresh;
    QVERIFY(fresh.run("a = torch.rand(3)"));
    QCOMPARE(valuesOf(session, "a"), valuesOf(fresh, "a"));
}

// ---- the commands' way -------------------------------------------------------------------------

void TestSession::runScriptStreamsAndStopsAtTheError() {
    Session session;
    std::vector<int> lines;
    const SessionResult result = session.runScript("x = torch.arange(6)\ny = x.t()\nz = x.view(4)\nw = x\n",
                                                   [&](const StatementOutcome& outcome) {
                                                       lines.push_back(outcome.line);
                                                       return true;
                                                   });
    QVERIFY(!result);
    QCOMPARE(lines, (std::vector<int>{1, 2, 3}));
    QCOMPARE(result.error()->line, 3);
    QCOMPARE(QString::fromStdString(result.error()->describe()),
             QStringLiteral("RuntimeError: shape '[4]' is invalid for input of size 6"));
    QVERIFY(session.tensorNamed("y"));
    QVERIFY(!session.tensorNamed("w"));
    QCOMPARE(session.lines().size(), std::size_t(3)); // import torch, x, y
    QCOMPARE(QString::fromStdString(session.expressionOf("y")), QStringLiteral("x.t()"));

    Session syntax;
    int calls = 0;
    const SessionResult bad = syntax.runScript("x = (", [&](const StatementOutcome& outcome) {
        ++calls;
        return outcome.ok();
    });
    QCOMPARE(calls, 1);
    QCOMPARE(QString::fromStdString(bad.error()->kind), QStringLiteral("SyntaxError"));
}

void TestSession::tracebackIsPythons() {
    const TensorError error(ErrorKind::IndexError, "index 5 is out of bounds for dimension 0 with size 3");
    QCOMPARE(QString::fromStdString(traceback("x.py", 4, error)),
             QStringLiteral("Traceback (most recent call last):\n  File \"x.py\", line 4\n"
                            "IndexError: index 5 is out of bounds for dimension 0 with size 3\n"));
}

STRIDESCOPE_TEST_APPLESS_MAIN(TestSession)
#include "tst_session.moc"
