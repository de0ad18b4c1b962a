#pragma once
// `stridescope handout LESSON.py --out FILE.pdf [--lang en|zh_CN] [--theme NAME]`: prints a lesson
// as a handout, a figure per step (DESIGN.md, "The headless command line"; Handout in
// app/diagram/HandoutExport.h says what is on the pages). LESSON.py is a file or the name of a
// bundled lesson (":/lessons/02_transpose_non_contiguous.py", or just "02_transpose_non_contiguous").
//
// Exit status: 0 when the PDF was written; 1 when it could not be written; 2 for bad arguments
// or a lesson that cannot be read.
#include <iosfwd>
#include <string>
#include <vector>

namespace stridescope::app {

// `args` are the arguments after `handout`.
int runHandoutCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace stridescope::app
