#pragma once
// The syntax tree of the script language. One tagged node type for expressions keeps the tree
// simple to walk; the table below says which fields each kind uses. Trees are bounded in depth
// by the parser (kMaxExpressionDepth), so recursive walks over them cannot exhaust the stack.
#include "core/script/Lexer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace stridescope::script {

// Deeper trees are refused with "expression is too deeply nested". Brackets alone are limited
// to 200 levels by the lexer; this bounds operator chains such as `- - - x` or `x.t().t()...`.
inline constexpr int kMaxExpressionDepth = 1000;

enum class ExprKind {
    Name,            // text = identifier
    IntLiteral,      // intValue; or intTooLarge with the digits in text (an OverflowError when run)
    FloatLiteral,    // floatValue
    StringLiteral,   // text = the decoded string
    FString,         // parts
    BoolLiteral,     // boolValue
    NoneLiteral,     //
    EllipsisLiteral, // `...`
    Attribute,       // children[0] = object, text = attribute name
    Call,            // children[0] = callee, children[1..] = positional args (Starred allowed), keywords
    Subscript,       // children[0] = object, children[1] = index (a Tuple for x[a, b])
    Slice,           // children = {lower, upper, step}, each may be null; only inside a subscript
    Tuple,           // children = elements (Starred allowed)
    List,            // children = elements (Starred allowed)
    Starred,         // children[0] = the value spread by `*`
    Unary,           // unaryOp, children[0] = operand
    Binary,          // binaryOp, children = {lhs, rhs}
    Compare,         // children = operands (n >= 2), compareOps = the n-1 operators (chained)
    Conditional,     // `a if c else b`: children = {a, c, b}
    BoolOp,          // `a and b and c` (boolValue true) or `a or b` (false): children = operands
    // floatValue: the imaginary part of `2j` (a complex number with real part 0)
    ImaginaryLiteral,
};

enum class UnaryOp { Negate, Plus, Invert, Not };
enum class BinaryOp {
    Add,
    Subtract,
    Multiply,
    MatMul,
    Divide,
    FloorDivide,
    Modulo,
    Power,
    LeftShift,
    RightShift,
    BitAnd,
    BitOr,
    BitXor
};
enum class CompareOp { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct KeywordArgument {
    std::string name;
    ExprPtr value;
    SourceLocation location;
};

// One piece of an f-string: literal text, or an expression with its conversion and format spec.
struct FStringPart {
    std::string literal; // used when expression is null
    ExprPtr expression;
    char conversion = 0;    // 0, 'r', 's' or 'a'
    std::string formatSpec; // the text after ':' (nested replacement fields are not supported)
};

struct Expr {
    ExprKind kind = ExprKind::NoneLiteral;
    SourceLocation location;
    std::string text;
    std::int64_t intValue = 0;
    bool intTooLarge = false;
    double floatValue = 0.0;
    bool boolValue = false;
    UnaryOp unaryOp = UnaryOp::Negate;
    BinaryOp binaryOp = BinaryOp::Add;
    std::vector<CompareOp> compareOps;
    std::vector<ExprPtr> children;
    std::vector<KeywordArgument> keywords;
    std::vector<FStringPart> parts;
    bool parenthesized = false; // `(a, b)` as opposed to `a, b`; `(x)` as opposed to `x`
    int depth = 1;              // 1 + the deepest child
};

enum class StatementKind {
    Expression,      // value
    Assign,          // targets (one per `=`, so `a = b = v` has two), value
    AugmentedAssign, // targets[0], augmentedOp, value
    Import,          // moduleName, alias (empty when there is no `as`)
    Delete,          // targets
    Pass,
    Assert,          // value = the test, targets[0] = the message (absent without one)
};

struct Statement {
    StatementKind kind = StatementKind::Pass;
    SourceLocation location; // of the first token
    std::string source;      // the statement's text as written (may span lines)
    std::vector<ExprPtr> targets;
    ExprPtr value;
    BinaryOp augmentedOp = BinaryOp::Add;
    std::string moduleName;
    std::string alias;
};

std::string binaryOperatorSymbol(BinaryOp op);
std::string compareOperatorSymbol(CompareOp op);

} // namespace stridescope::script
