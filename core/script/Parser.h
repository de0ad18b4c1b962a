#pragma once
// The parser of the script language: the statements and expressions PyTorch users write at a
// Python prompt (see Ast.h for what is covered). Errors are TensorError(SyntaxError) whose
// message ends in "(line L, column C)"; nothing here can overflow the stack, whatever the input.
#include "core/script/Ast.h"

#include <string_view>
#include <vector>

namespace stridescope::script {

// Parses a whole script into its statements, in order. Throws on the first syntax error, so a
// script either parses completely or runs not at all (as Python compiles a file before running it).
std::vector<Statement> parseProgram(std::string_view source);

// Parses a single expression (the whole source must be one expression).
ExprPtr parseExpression(std::string_view source);

} // namespace stridescope::script
