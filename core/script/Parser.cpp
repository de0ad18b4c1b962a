#include "core/script/Parser.h"

#include "core/Error.h"

#include <algorithm>
#include <array>
#include <limits>

namespace stridescope::script {

std::string binaryOperatorSymbol(BinaryOp op) {
    switch (op) {
    case BinaryOp::Add:
        return "+";
    case BinaryOp::Subtract:
        return "-";
    case BinaryOp::Multiply:
        return "*";
    case BinaryOp::MatMul:
        return "@";
    case BinaryOp::Divide:
        return "/";
    case BinaryOp::FloorDivide:
        return "//";
    case BinaryOp::Modulo:
        return "%";
    case BinaryOp::Power:
        return "**";
    case BinaryOp::LeftShift:
        return "<<";
    case BinaryOp::RightShift:
        return ">>";
    case BinaryOp::BitAnd:
        return "&";
    case BinaryOp::BitOr:
        return "|";
    case BinaryOp::BitXor:
        return "^";
    }
    return "?";
}

std::string compareOperatorSymbol(CompareOp op) {
    switch (op) {
    case CompareOp::Equal:
        return "==";
    case CompareOp::NotEqual:
        return "!=";
    case CompareOp::Less:
        return "<";
    case CompareOp::LessEqual:
        return "<=";
    case CompareOp::Greater:
        return ">";
    case CompareOp::GreaterEqual:
        return ">=";
    }
    return "?";
}

namespace {

bool isKeyword(std::string_view name) {
    static constexpr std::array<std::string_view, 35> kKeywords{
        "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
        "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
        "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
        "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
    return std::find(kKeywords.begin(), kKeywords.end(), name) != kKeywords.end();
}

// Statements Python has and scripts here do not: control flow and definitions. Lessons are
// straight-line code, one statement per step.
bool isUnsupportedStatementKeyword(std::string_view name) {
    static constexpr std::array<std::string_view, 18> kStatements{
        "if",     "elif",    "else",  "for",    "while",    "def",   "class",    "return", "with",
        "try",    "except", "finally", "raise", "global", "nonlocal", "break", "continue", "async"};
    return std::find(kStatements.begin(), kStatements.end(), name) != kStatements.end();
}

ExprPtr makeExpr(ExprKind kind, SourceLocation location) {
    auto expr = std::make_unique<Expr>();
    expr->kind = kind;
    expr->location = location;
    return expr;
}

class Parser {
public:
    Parser(std::vector<Token> tokens, std::string_view source)
        : m_tokens(std::move(tokens)), m_source(source) {}

    std::vector<Statement> parseProgram() {
        std::vector<Statement> statements;
        while (!at(TokenKind::EndOfInput)) {
            if (at(TokenKind::Newline)) {
                advance();
                continue;
            }
            if (at(TokenKind::Indent))
                throwSyntaxError("unexpected indent", peek().location);
            while (true) {
                statements.push_back(parseSimpleStatement());
                if (atOperator(";")) {
                    advance();
                    if (at(TokenKind::Newline) || at(TokenKind::EndOfInput))
                        break;
                    continue;
                }
                break;
            }
            if (!at(TokenKind::Newline) && !at(TokenKind::EndOfInput))
                throwSyntaxError("invalid syntax", peek().location);
            if (at(TokenKind::Newline))
                advance();
        }
        return statements;
    }

    ExprPtr parseWholeExpression() {
        while (at(TokenKind::Newline))
            advance();
        if (at(TokenKind::Indent))
            throwSyntaxError("unexpected indent", peek().location);
        ExprPtr expr = parseStarExpressions();
        while (at(TokenKind::Newline))
            advance();
        if (!at(TokenKind::EndOfInput))
            throwSyntaxError("invalid syntax", peek().location);
        return expr;
    }

private:
    // ---- token access -------------------------------------------------------------------
    const Token& peek(std::size_t ahead = 0) const {
        return m_tokens[std::min(m_index + ahead, m_tokens.size() - 1)];
    }
    bool at(TokenKind kind) const { return peek().kind == kind; }
    bool atOperator(std::string_view op, std::size_t ahead = 0) const {
        return peek(ahead).kind == TokenKind::Operator && peek(ahead).text == op;
    }
    bool atKeyword(std::string_view keyword) const { return at(TokenKind::Name) && peek().text == keyword; }
    const Token& advance() {
        const Token& token = peek();
        if (m_index < m_tokens.size() - 1)
            ++m_index;
        return token;
    }
    void expectOperator(std::string_view op) {
        if (!atOperator(op))
            failUnexpected();
        advance();
    }

    [[noreturn]] void failUnexpected() const {
        const Token& token = peek();
        if (token.kind == TokenKind::EndOfInput || token.kind == TokenKind::Newline)
            throwSyntaxError("invalid syntax", token.location);
        if (token.kind == TokenKind::Name && isKeyword(token.text) && token.text != "None" &&
            token.text != "True" && token.text != "False")
            throwKeywordUnsupported(token);
        throwSyntaxError("invalid syntax", token.location);
    }

    [[noreturn]] static void throwKeywordUnsupported(const Token& token) {
        if (isUnsupportedStatementKeyword(token.text))
            throwSyntaxError(
                concatMessage("'", token.text, "' statements are not supported in StrideScope scripts"),
                token.location);
        if (token.text == "lambda" || token.text == "yield" || token.text == "await" || token.text == "in" ||
            token.text == "is")
            throwSyntaxError(concatMessage("'", token.text, "' is not supported in StrideScope scripts"),
                             token.location);
        throwSyntaxError("invalid syntax", token.location);
    }

    // ---- depth control ------------------------------------------------------------------
    // Counts recursive descents (brackets, unary operators); node depth covers chains that the
    // parser builds in a loop. Either limit gives the same clear error.
    struct DepthGuard {
        Parser& parser;
        DepthGuard(Parser& p, SourceLocation location) : parser(p) {
            if (++parser.m_recursion > kMaxExpressionDepth)
                throwSyntaxError("expression is too deeply nested", location);
        }
        ~DepthGuard() { --parser.m_recursion; }
        DepthGuard(const DepthGuard&) = delete;
        DepthGuard& operator=(const DepthGuard&) = delete;
    };

    static ExprPtr finish(ExprPtr expr) {
        int depth = 0;
        for (const ExprPtr& child : expr->children)
            if (child)
                depth = std::max(depth, child->depth);
        for (const KeywordArgument& keyword : expr->keywords)
            depth = std::max(depth, keyword.value->depth);
        for (const FStringPart& part : expr->parts)
            if (part.expression)
                depth = std::max(depth, part.expression->depth);
        expr->depth = depth + 1;
        if (expr->depth > kMaxExpressionDepth)
            throwSyntaxError("expression is too deeply nested", expr->location);
        return expr;
    }

    // ---- statements ---------------------------------------------------------------------
    Statement parseSimpleStatement() {
        const Token& first = peek();
        Statement statement;
        statement.location = first.location;
        const std::size_t startOffset = first.offset;

        const bool keyword = first.kind == TokenKind::Name && isKeyword(first.text);
        if (keyword && first.text == "import") {
            parseImport(statement);
        } else if (keyword && first.text == "from") {
            throwSyntaxError("only 'import torch' is supported in StrideScope scripts", first.location);
        } else if (keyword && first.text == "pass") {
            advance();
            statement.kind = StatementKind::Pass;
        } else if (keyword && first.text == "del") {
            advance();
            statement.kind = StatementKind::Delete;
            ExprPtr targets = parseStarExpressions();
            checkTarget(*targets, TargetUse::Delete);
            statement.targets.push_back(std::move(targets));
        } else if (keyword && first.text == "assert") {
            // assert test[, message]: an AssertionError carrying str(message) when test is false.
            advance();
            statement.kind = StatementKind::Assert;
            statement.value = parseExpression();
            if (atOperator(",")) {
                advance();
                statement.targets.push_back(parseExpression());
            }
        } else if (keyword && isUnsupportedStatementKeyword(first.text)) {
            throwKeywordUnsupported(first);
        } else {
            parseExpressionStatement(statement);
        }
        statement.source =
            std::string(m_source.substr(startOffset, m_tokens[m_index - 1].endOffset - startOffset));
        return statement;
    }

    void parseImport(Statement& statement) {
        advance(); // import
        statement.kind = StatementKind::Import;
        if (!at(TokenKind::Name) || isKeyword(peek().text))
            failUnexpected();
        std::string moduleName = advance().text;
        while (atOperator(".")) {
            advance();
            if (!at(TokenKind::Name) || isKeyword(peek().text))
                failUnexpected();
            moduleName += "." + advance().text;
        }
        statement.moduleName = moduleName;
        if (atKeyword("as")) {
            advance();
            if (!at(TokenKind::Name) || isKeyword(peek().text))
                failUnexpected();
            statement.alias = advance().text;
        }
        if (atOperator(","))
            throwSyntaxError("import one module per statement", peek().location);
    }

    void parseExpressionStatement(Statement& statement) {
        ExprPtr first = parseStarExpressions();
        if (at(TokenKind::Operator)) {
            const std::string op = peek().text;
            if (op == "=") {
                statement.kind = StatementKind::Assign;
                std::vector<ExprPtr> chain;
                chain.push_back(std::move(first));
                while (atOperator("=")) {
                    advance();
                    chain.push_back(parseStarExpressions());
                }
                statement.value = std::move(chain.back());
                chain.pop_back();
                for (ExprPtr& target : chain) {
                    checkTarget(*target, TargetUse::Assign);
                    statement.targets.push_back(std::move(target));
                }
                return;
            }
            static constexpr std::array<std::pair<std::string_view, BinaryOp>, 13> kAugmented{{
                {"+=", BinaryOp::Add},
                {"-=", BinaryOp::Subtract},
                {"*=", BinaryOp::Multiply},
                {"@=", BinaryOp::MatMul},
                {"/=", BinaryOp::Divide},
                {"//=", BinaryOp::FloorDivide},
                {"%=", BinaryOp::Modulo},
                {"**=", BinaryOp::Power},
                {"<<=", BinaryOp::LeftShift},
                {">>=", BinaryOp::RightShift},
                {"&=", BinaryOp::BitAnd},
                {"|=", BinaryOp::BitOr},
                {"^=", BinaryOp::BitXor},
            }};
            for (const auto& [spelling, binary] : kAugmented) {
                if (op == spelling) {
                    if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
                        first->kind != ExprKind::Subscript)
                        throwSyntaxError(concatMessage("'", describeForTarget(*first),
                                                       "' is an illegal expression for augmented assignment"),
                                         first->location);
                    advance();
                    statement.kind = StatementKind::AugmentedAssign;
                    statement.augmentedOp = binary;
                    statement.targets.push_back(std::move(first));
                    statement.value = parseStarExpressions();
                    return;
                }
            }
            if (op == ":")
                throwSyntaxError("annotated assignments are not supported in StrideScope scripts",
                                 peek().location);
        }
        statement.kind = StatementKind::Expression;
        statement.value = std::move(first);
    }

    enum class TargetUse { Assign, Delete };

    // Python's names for what cannot be assigned to (3.11 wording).
    static std::string describeForTarget(const Expr& expr) {
        switch (expr.kind) {
        case ExprKind::Call:
            return "function call";
        case ExprKind::IntLiteral:
        case ExprKind::FloatLiteral:
        case ExprKind::ImaginaryLiteral:
        case ExprKind::StringLiteral:
            return "literal";
        case ExprKind::FString:
            return "f-string expression";
        case ExprKind::BoolLiteral:
            return expr.boolValue ? "True" : "False";
        case ExprKind::NoneLiteral:
            return "None";
        case ExprKind::EllipsisLiteral:
            return "ellipsis";
        case ExprKind::Compare:
            return "comparison";
        case ExprKind::Tuple:
            return "tuple";
        case ExprKind::List:
            return "list";
        case ExprKind::Starred:
            return "starred";
        default:
            return "expression";
        }
    }

    static void checkTarget(const Expr& target, TargetUse use) {
        const char* verb = use == TargetUse::Assign ? "assign to" : "delete";
        switch (target.kind) {
        case ExprKind::Name:
        case ExprKind::Attribute:
        case ExprKind::Subscript:
            return;
        case ExprKind::Tuple:
        case ExprKind::List:
            for (const ExprPtr& element : target.children)
                checkTarget(*element, use);
            return;
        case ExprKind::Starred:
            throwSyntaxError("starred assignment targets are not supported in StrideScope scripts",
                             target.location);
        case ExprKind::BoolLiteral:
        case ExprKind::NoneLiteral:
            throwSyntaxError(concatMessage("cannot ", verb, " ", describeForTarget(target)), target.location);
        default:
            if (use == TargetUse::Assign)
                throwSyntaxError(concatMessage("cannot assign to ", describeForTarget(target),
                                               " here. Maybe you meant '==' instead of '='?"),
                                 target.location);
            throwSyntaxError(concatMessage("cannot delete ", describeForTarget(target)), target.location);
        }
    }

    // ---- expressions --------------------------------------------------------------------
    bool atExpressionStart() const {
        const Token& token = peek();
        switch (token.kind) {
        case TokenKind::Name:
            return !isKeyword(token.text) || token.text == "None" || token.text == "True" ||
                   token.text == "False" || token.text == "not" || token.text == "lambda" ||
                   token.text == "await" || token.text == "yield";
        case TokenKind::Integer:
        case TokenKind::Float:
        case TokenKind::Imaginary:
        case TokenKind::String:
            return true;
        case TokenKind::Operator:
            return token.text == "(" || token.text == "[" || token.text == "{" || token.text == "-" ||
                   token.text == "+" || token.text == "~" || token.text == "..." || token.text == "*";
        default:
            return false;
        }
    }

    // `a, b, *c` — a tuple when there is a comma (Python's star_expressions).
    ExprPtr parseStarExpressions() {
        const SourceLocation location = peek().location;
        ExprPtr first = parseStarExpression();
        if (!atOperator(","))
            return first;
        ExprPtr tuple = makeExpr(ExprKind::Tuple, location);
        tuple->children.push_back(std::move(first));
        while (atOperator(",")) {
            advance();
            if (!atExpressionStart())
                break;
            tuple->children.push_back(parseStarExpression());
        }
        return finish(std::move(tuple));
    }

    ExprPtr parseStarExpression() {
        if (atOperator("*")) {
            const SourceLocation location = advance().location;
            ExprPtr starred = makeExpr(ExprKind::Starred, location);
            starred->children.push_back(parseOr());
            return finish(std::move(starred));
        }
        return parseExpression();
    }

    ExprPtr parseExpression() {
        if (atKeyword("lambda") || atKeyword("yield") || atKeyword("await"))
            throwKeywordUnsupported(peek());
        ExprPtr expr = parseOr();
        if (atKeyword("if")) {
            // a if c else b: Python evaluates c first, then only the branch it picks.
            const SourceLocation location = advance().location;
            DepthGuard guard(*this, location);
            ExprPtr conditional = makeExpr(ExprKind::Conditional, expr->location);
            ExprPtr test = parseOr();
            if (!atKeyword("else"))
                throwSyntaxError("expected 'else' after 'if' expression", peek().location);
            advance();
            ExprPtr orElse = parseExpression();
            conditional->children.push_back(std::move(expr));
            conditional->children.push_back(std::move(test));
            conditional->children.push_back(std::move(orElse));
            expr = finish(std::move(conditional));
        }
        if (atKeyword("for"))
            throwSyntaxError("comprehensions are not supported in StrideScope scripts", peek().location);
        return expr;
    }

    // or_test: and_test ('or' and_test)*, kept as one node per operator run (short-circuit).
    ExprPtr parseOr() { return parseBoolChain("or", false, &Parser::parseAnd); }
    ExprPtr parseAnd() { return parseBoolChain("and", true, &Parser::parseNot); }

    ExprPtr parseBoolChain(std::string_view keyword, bool isAnd, ExprPtr (Parser::*next)()) {
        ExprPtr first = (this->*next)();
        if (!atKeyword(keyword))
            return first;
        ExprPtr chain = makeExpr(ExprKind::BoolOp, first->location);
        chain->boolValue = isAnd;
        chain->children.push_back(std::move(first));
        while (atKeyword(keyword)) {
            advance();
            chain->children.push_back((this->*next)());
        }
        return finish(std::move(chain));
    }

    ExprPtr parseNot() {
        if (atKeyword("not")) {
            const SourceLocation location = advance().location;
            DepthGuard guard(*this, location);
            ExprPtr expr = makeExpr(ExprKind::Unary, location);
            expr->unaryOp = UnaryOp::Not;
            expr->children.push_back(parseNot());
            return finish(std::move(expr));
        }
        return parseComparison();
    }

    ExprPtr parseComparison() {
        const SourceLocation location = peek().location;
        ExprPtr first = parseBitOr();
        static constexpr std::array<std::pair<std::string_view, CompareOp>, 6> kCompare{{
            {"==", CompareOp::Equal},
            {"!=", CompareOp::NotEqual},
            {"<", CompareOp::Less},
            {"<=", CompareOp::LessEqual},
            {">", CompareOp::Greater},
            {">=", CompareOp::GreaterEqual},
        }};
        auto compareAt = [&]() -> std::optional<CompareOp> {
            for (const auto& [spelling, op] : kCompare)
                if (atOperator(spelling))
                    return op;
            return std::nullopt;
        };
        if (atKeyword("in") || atKeyword("is") || (atKeyword("not") && peek(1).text == "in"))
            throwKeywordUnsupported(peek());
        if (!compareAt())
            return first;
        ExprPtr compare = makeExpr(ExprKind::Compare, location);
        compare->children.push_back(std::move(first));
        while (auto op = compareAt()) {
            advance();
            compare->compareOps.push_back(*op);
            compare->children.push_back(parseBitOr());
        }
        return finish(std::move(compare));
    }

    template <typename Next>
    ExprPtr parseLeftAssociative(Next next,
                                 std::initializer_list<std::pair<std::string_view, BinaryOp>> operators) {
        ExprPtr lhs = (this->*next)();
        while (true) {
            std::optional<BinaryOp> found;
            for (const auto& [spelling, op] : operators)
                if (atOperator(spelling))
                    found = op;
            if (!found)
                return lhs;
            const SourceLocation location = lhs->location;
            advance();
            ExprPtr binary = makeExpr(ExprKind::Binary, location);
            binary->binaryOp = *found;
            binary->children.push_back(std::move(lhs));
            binary->children.push_back((this->*next)());
            lhs = finish(std::move(binary));
        }
    }

    ExprPtr parseBitOr() { return parseLeftAssociative(&Parser::parseBitXor, {{"|", BinaryOp::BitOr}}); }
    ExprPtr parseBitXor() { return parseLeftAssociative(&Parser::parseBitAnd, {{"^", BinaryOp::BitXor}}); }
    ExprPtr parseBitAnd() { return parseLeftAssociative(&Parser::parseShift, {{"&", BinaryOp::BitAnd}}); }
    ExprPtr parseShift() {
        return parseLeftAssociative(&Parser::parseSum,
                                    {{"<<", BinaryOp::LeftShift}, {">>", BinaryOp::RightShift}});
    }
    ExprPtr parseSum() {
        return parseLeftAssociative(&Parser::parseTerm, {{"+", BinaryOp::Add}, {"-", BinaryOp::Subtract}});
    }
    ExprPtr parseTerm() {
        return parseLeftAssociative(&Parser::parseFactor, {{"*", BinaryOp::Multiply},
                                                           {"/", BinaryOp::Divide},
                                                           {"//", BinaryOp::FloorDivide},
                                                           {"%", BinaryOp::Modulo},
                                                           {"@", BinaryOp::MatMul}});
    }

    ExprPtr parseFactor() {
        std::optional<UnaryOp> op;
        if (atOperator("-"))
            op = UnaryOp::Negate;
        else if (atOperator("+"))
            op = UnaryOp::Plus;
        else if (atOperator("~"))
            op = UnaryOp::Invert;
        if (!op)
            return parsePower();
        const SourceLocation location = advance().location;
        DepthGuard guard(*this, location);
        // -9223372036854775808 is written as a negated literal whose magnitude does not fit
        // in int64; fold it here so that the smallest int64 can be written at all.
        if (*op == UnaryOp::Negate && at(TokenKind::Integer) && !peek().integerTooLarge &&
            peek().integerValue == static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + 1 &&
            !atOperator("**", 1) && !atOperator(".", 1) && !atOperator("(", 1) && !atOperator("[", 1)) {
            advance();
            ExprPtr literal = makeExpr(ExprKind::IntLiteral, location);
            literal->intValue = std::numeric_limits<std::int64_t>::min();
            return finish(std::move(literal));
        }
        ExprPtr unary = makeExpr(ExprKind::Unary, location);
        unary->unaryOp = *op;
        unary->children.push_back(parseFactor());
        return finish(std::move(unary));
    }

    ExprPtr parsePower() {
        ExprPtr base = parsePrimary();
        if (!atOperator("**"))
            return base;
        const SourceLocation location = base->location;
        advance();
        DepthGuard guard(*this, location);
        ExprPtr power = makeExpr(ExprKind::Binary, location);
        power->binaryOp = BinaryOp::Power;
        power->children.push_back(std::move(base));
        power->children.push_back(parseFactor()); // right-associative, binds looser than unary on its right
        return finish(std::move(power));
    }

    ExprPtr parsePrimary() {
        ExprPtr expr = parseAtom();
        while (true) {
            if (atOperator(".")) {
                advance();
                if (!at(TokenKind::Name) || isKeyword(peek().text))
                    failUnexpected();
                ExprPtr attribute = makeExpr(ExprKind::Attribute, expr->location);
                attribute->text = advance().text;
                attribute->children.push_back(std::move(expr));
                expr = finish(std::move(attribute));
            } else if (atOperator("(")) {
                expr = parseCall(std::move(expr));
            } else if (atOperator("[")) {
                expr = parseSubscript(std::move(expr));
            } else {
                return expr;
            }
        }
    }

    ExprPtr parseCall(ExprPtr callee) {
        const SourceLocation open = advance().location;
        DepthGuard guard(*this, open);
        ExprPtr call = makeExpr(ExprKind::Call, callee->location);
        call->children.push_back(std::move(callee));
        while (!atOperator(")")) {
            const Token& token = peek();
            if (token.kind == TokenKind::Name && !isKeyword(token.text) && atOperator("=", 1)) {
                advance();
                advance();
                const bool repeated =
                    std::any_of(call->keywords.begin(), call->keywords.end(),
                                [&](const KeywordArgument& k) { return k.name == token.text; });
                if (repeated)
                    throwSyntaxError(concatMessage("keyword argument repeated: ", token.text),
                                     token.location);
                call->keywords.push_back({token.text, parseExpression(), token.location});
            } else if (atOperator("**")) {
                throwSyntaxError("'**' arguments are not supported in StrideScope scripts", token.location);
            } else {
                const SourceLocation location = token.location;
                ExprPtr argument = parseStarExpression();
                if (atOperator("="))
                    throwSyntaxError("expression cannot contain assignment, perhaps you meant \"==\"?",
                                     location);
                if (!call->keywords.empty()) {
                    if (argument->kind == ExprKind::Starred)
                        throwSyntaxError("iterable argument unpacking follows keyword argument unpacking",
                                         location);
                    throwSyntaxError("positional argument follows keyword argument", location);
                }
                if (atKeyword("for"))
                    throwSyntaxError("comprehensions are not supported in StrideScope scripts",
                                     peek().location);
                call->children.push_back(std::move(argument));
            }
            if (atOperator(","))
                advance();
            else if (!atOperator(")"))
                failUnexpected();
        }
        advance(); // ')'
        return finish(std::move(call));
    }

    ExprPtr parseSubscript(ExprPtr object) {
        const SourceLocation open = advance().location;
        DepthGuard guard(*this, open);
        ExprPtr subscript = makeExpr(ExprKind::Subscript, object->location);
        subscript->children.push_back(std::move(object));
        if (atOperator("]"))
            throwSyntaxError("invalid syntax", peek().location);
        const SourceLocation first = peek().location;
        ExprPtr item = parseSliceItem();
        if (atOperator(",")) {
            ExprPtr tuple = makeExpr(ExprKind::Tuple, first);
            tuple->children.push_back(std::move(item));
            while (atOperator(",")) {
                advance();
                if (atOperator("]"))
                    break;
                tuple->children.push_back(parseSliceItem());
            }
            item = finish(std::move(tuple));
        }
        expectOperator("]");
        subscript->children.push_back(std::move(item));
        return finish(std::move(subscript));
    }

    // `a`, `a:b`, `a:b:c`, `::2`, `:` ... inside brackets.
    ExprPtr parseSliceItem() {
        const SourceLocation location = peek().location;
        ExprPtr lower;
        if (!atOperator(":"))
            lower = parseStarExpression();
        if (!atOperator(":"))
            return lower;
        ExprPtr slice = makeExpr(ExprKind::Slice, location);
        advance();
        ExprPtr upper;
        ExprPtr step;
        if (!atOperator(":") && !atOperator("]") && !atOperator(","))
            upper = parseExpression();
        if (atOperator(":")) {
            advance();
            if (!atOperator("]") && !atOperator(","))
                step = parseExpression();
        }
        slice->children.push_back(std::move(lower));
        slice->children.push_back(std::move(upper));
        slice->children.push_back(std::move(step));
        return finish(std::move(slice));
    }

    ExprPtr parseAtom() {
        const Token& token = peek();
        switch (token.kind) {
        case TokenKind::Integer: {
            advance();
            ExprPtr literal = makeExpr(ExprKind::IntLiteral, token.location);
            // Python ints are unbounded; ours are int64, and a literal beyond that is refused
            // when it is evaluated (OverflowError), like any other int64 overflow.
            if (token.integerTooLarge ||
                token.integerValue > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
                literal->intTooLarge = true;
                literal->text = token.text;
            } else {
                literal->intValue = static_cast<std::int64_t>(token.integerValue);
            }
            return finish(std::move(literal));
        }
        case TokenKind::Float: {
            advance();
            ExprPtr literal = makeExpr(ExprKind::FloatLiteral, token.location);
            literal->floatValue = token.floatValue;
            return finish(std::move(literal));
        }
        case TokenKind::Imaginary: {
            advance();
            ExprPtr literal = makeExpr(ExprKind::ImaginaryLiteral, token.location);
            literal->floatValue = token.floatValue;
            return finish(std::move(literal));
        }
        case TokenKind::String:
            return parseStrings();
        case TokenKind::Name: {
            if (token.text == "None" || token.text == "True" || token.text == "False") {
                advance();
                ExprPtr literal = makeExpr(
                    token.text == "None" ? ExprKind::NoneLiteral : ExprKind::BoolLiteral, token.location);
                literal->boolValue = token.text == "True";
                return finish(std::move(literal));
            }
            if (isKeyword(token.text))
                failUnexpected();
            advance();
            ExprPtr name = makeExpr(ExprKind::Name, token.location);
            name->text = token.text;
            return finish(std::move(name));
        }
        case TokenKind::Operator:
            if (token.text == "(")
                return parseParenthesized();
            if (token.text == "[")
                return parseList();
            if (token.text == "...") {
                advance();
                return finish(makeExpr(ExprKind::EllipsisLiteral, token.location));
            }
            if (token.text == "{")
                throwSyntaxError("dicts and sets are not supported in StrideScope scripts", token.location);
            failUnexpected();
        default:
            failUnexpected();
        }
    }

    ExprPtr parseParenthesized() {
        const SourceLocation open = advance().location;
        DepthGuard guard(*this, open);
        if (atOperator(")")) {
            advance();
            ExprPtr empty = makeExpr(ExprKind::Tuple, open);
            empty->parenthesized = true;
            return finish(std::move(empty));
        }
        ExprPtr inner = parseStarExpressions();
        if (inner->kind == ExprKind::Starred)
            throwSyntaxError("cannot use starred expression here", inner->location);
        expectOperator(")");
        inner->parenthesized = true;
        if (inner->kind == ExprKind::Tuple)
            inner->location = open;
        return inner;
    }

    ExprPtr parseList() {
        const SourceLocation open = advance().location;
        DepthGuard guard(*this, open);
        ExprPtr list = makeExpr(ExprKind::List, open);
        while (!atOperator("]")) {
            list->children.push_back(parseStarExpression());
            if (atKeyword("for"))
                throwSyntaxError("comprehensions are not supported in StrideScope scripts", peek().location);
            if (atOperator(","))
                advance();
            else if (!atOperator("]"))
                failUnexpected();
        }
        advance();
        return finish(std::move(list));
    }

    // Adjacent literals concatenate ("a" "b"); any f-string among them makes the whole an f-string.
    ExprPtr parseStrings() {
        const SourceLocation location = peek().location;
        std::vector<FStringPart> parts;
        bool anyFString = false;
        while (at(TokenKind::String)) {
            const Token& token = advance();
            if (token.isFString) {
                anyFString = true;
                parseFStringBody(token, parts);
            } else {
                appendLiteral(parts, token.text);
            }
        }
        if (!anyFString) {
            ExprPtr literal = makeExpr(ExprKind::StringLiteral, location);
            for (const FStringPart& part : parts)
                literal->text += part.literal;
            return finish(std::move(literal));
        }
        ExprPtr fstring = makeExpr(ExprKind::FString, location);
        fstring->parts = std::move(parts);
        return finish(std::move(fstring));
    }

    static void appendLiteral(std::vector<FStringPart>& parts, const std::string& text) {
        if (text.empty())
            return;
        if (!parts.empty() && !parts.back().expression) {
            parts.back().literal += text;
            return;
        }
        FStringPart part;
        part.literal = text;
        parts.push_back(std::move(part));
    }

    // Splits an f-string body into literal text and replacement fields {expr[=][!c][:spec]}.
    // Each expression is tokenized where it stands, wrapped in parentheses as Python 3.11 does,
    // so its positions are those of the original source.
    void parseFStringBody(const Token& token, std::vector<FStringPart>& parts) {
        const std::string& body = token.text;
        SourceLocation location = token.bodyLocation;
        std::string literal;
        auto step = [&](std::size_t& i) {
            if (body[i] == '\n') {
                ++location.line;
                location.column = 1;
            } else if ((static_cast<unsigned char>(body[i]) & 0xC0) != 0x80) {
                ++location.column;
            }
            ++i;
        };
        auto flushLiteral = [&] {
            appendLiteral(parts, token.bodyIsRaw ? literal : decodeStringEscapes(literal, token.location));
            literal.clear();
        };
        std::size_t i = 0;
        while (i < body.size()) {
            const char c = body[i];
            if (c == '{' && i + 1 < body.size() && body[i + 1] == '{') {
                literal += '{';
                step(i);
                step(i);
                continue;
            }
            if (c == '}') {
                if (i + 1 < body.size() && body[i + 1] == '}') {
                    literal += '}';
                    step(i);
                    step(i);
                    continue;
                }
                throwSyntaxError("f-string: single '}' is not allowed", location);
            }
            if (c != '{') {
                literal += c;
                step(i);
                continue;
            }
            flushLiteral();
            const SourceLocation fieldLocation = location;
            step(i); // '{'
            const SourceLocation expressionLocation = location;
            const std::size_t expressionStart = i;
            // Find the end of the expression: a top-level '}', '!' (not '!='), ':' or '='
            // followed by one of those (the self-documenting form {x=}).
            int nesting = 0;
            char quote = 0;
            std::size_t expressionEnd = std::string::npos;
            while (i < body.size()) {
                const char d = body[i];
                if (quote) {
                    if (d == quote)
                        quote = 0;
                } else if (d == '\\') {
                    throwSyntaxError("f-string expression part cannot include a backslash", location);
                } else if (d == '\'' || d == '"') {
                    quote = d;
                } else if (d == '(' || d == '[' || d == '{') {
                    ++nesting;
                } else if ((d == ')' || d == ']' || d == '}') && nesting > 0) {
                    --nesting;
                } else if (nesting == 0 && (d == '}' || d == ':' ||
                                            (d == '!' && !(i + 1 < body.size() && body[i + 1] == '=')))) {
                    expressionEnd = i;
                    break;
                } else if (nesting == 0 && d == '=' && i + 1 < body.size() &&
                           (body[i + 1] == '}' || body[i + 1] == '!' || body[i + 1] == ':') &&
                           !(i > expressionStart &&
                             std::string_view("=!<>").find(body[i - 1]) != std::string_view::npos)) {
                    expressionEnd = i;
                    break;
                }
                step(i);
            }
            if (expressionEnd == std::string::npos)
                throwSyntaxError("f-string: expecting '}'", fieldLocation);
            std::string expressionText = body.substr(expressionStart, expressionEnd - expressionStart);
            if (expressionText.find_first_not_of(" \t\n\r") == std::string::npos)
                throwSyntaxError("f-string: empty expression not allowed", fieldLocation);

            FStringPart part;
            bool selfDocumenting = false;
            if (body[i] == '=') {
                selfDocumenting = true;
                appendLiteral(parts, expressionText + "=");
                step(i);
            }
            if (i < body.size() && body[i] == '!') {
                step(i);
                if (i >= body.size() || (body[i] != 'r' && body[i] != 's' && body[i] != 'a'))
                    throwSyntaxError("f-string: invalid conversion character: expected 's', 'r', or 'a'",
                                     location);
                part.conversion = body[i];
                step(i);
            }
            if (i < body.size() && body[i] == ':') {
                step(i);
                while (i < body.size() && body[i] != '}') {
                    if (body[i] == '{')
                        throwSyntaxError("f-string: nested replacement fields are not supported", location);
                    part.formatSpec += body[i];
                    step(i);
                }
            }
            if (i >= body.size() || body[i] != '}')
                throwSyntaxError("f-string: expecting '}'", fieldLocation);
            step(i);
            if (selfDocumenting && part.conversion == 0 && part.formatSpec.empty())
                part.conversion = 'r';

            SourceLocation origin = expressionLocation;
            origin.column -= 1; // the '(' we wrap the expression in
            std::vector<Token> tokens = tokenize("(" + expressionText + ")", origin);
            Parser inner(std::move(tokens), m_source);
            inner.m_recursion = m_recursion;
            part.expression = inner.parseWholeExpression();
            parts.push_back(std::move(part));
        }
        flushLiteral();
    }

    std::vector<Token> m_tokens;
    std::size_t m_index = 0;
    std::string_view m_source;
    int m_recursion = 0;
};

} // namespace

std::vector<Statement> parseProgram(std::string_view source) {
    Parser parser(tokenize(source), source);
    return parser.parseProgram();
}

ExprPtr parseExpression(std::string_view source) {
    Parser parser(tokenize(source), source);
    return parser.parseWholeExpression();
}

} // namespace stridescope::script
