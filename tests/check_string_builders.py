#!/usr/bin/env python3
"""Finds lambdas that return a string concatenation without saying `-> QString`.

With QT_USE_QSTRINGBUILDER (on every Qt target), `a + b` on strings is a QStringBuilder that
refers to its operands. A lambda without a declared return type returns that builder, and the
QString is made only after the lambda has returned (by the caller, or by the std::function it is
stored in), from operands that were its locals or temporaries: a read of freed memory that may
pass, print garbage or throw std::bad_alloc. Write `[](...) -> QString { ... }`.

    python3 tests/check_string_builders.py [ROOT]      # CTest: no_string_builder_lambdas

Standard library only. Reads app/ and tests/ as text: a lambda is `[...](...) {`, a concatenation
is a `+` outside parentheses in a return statement that names a string.
"""
import pathlib
import re
import sys

LAMBDA = re.compile(r"\[[^\[\]\n;]*\]\s*(\((?:[^()]|\([^()]*\))*\))?\s*(mutable\s*)?(->\s*[\w:<>]+\s*)?\{")
STRINGY = re.compile(r"QString|QStringLiteral|QLatin1|u'|u\"|tr\(|\.arg\(|toString|join|QByteArray|\"")
LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'")


def top_level(expression):
    """The expression with string/char literals emptied and the inside of parentheses removed."""
    text = LITERAL.sub('""', expression)
    out, depth = [], 0
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def findings(root):
    for path in sorted(list(root.glob("app/**/*.cpp")) + list(root.glob("app/**/*.h")) +
                       list(root.glob("tests/**/*.cpp")) + list(root.glob("tests/*.h"))):
        source = path.read_text(encoding="utf-8", errors="replace")
        for match in LAMBDA.finditer(source):
            if match.group(3):
                continue
            i, depth = match.end(), 1
            while depth and i < len(source):
                depth += {"{": 1, "}": -1}.get(source[i], 0)
                i += 1
            body = source[match.end():i - 1]
            for ret in re.finditer(r"\breturn\b([^;]*);", body):
                expression = ret.group(1)
                if "+" in top_level(expression).replace("++", "") and STRINGY.search(expression):
                    line = source[:match.end()].count("\n") + 1 + body[:ret.start()].count("\n")
                    yield "%s:%d: %s" % (path.relative_to(root), line, " ".join(expression.split())[:100])


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[1])
    found = list(findings(root))
    for line in found:
        print(line)
    if found:
        print("check_string_builders.py: %d lambda(s) return a QStringBuilder of their locals; "
              "declare them `-> QString`" % len(found))
        return 1
    print("check_string_builders.py: no lambda returns a string concatenation undeclared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
