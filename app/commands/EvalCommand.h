#pragma once
// `stridescope eval [--json] [--values] FILE|-`: runs a script headlessly (DESIGN.md, "The
// headless command line", a contract other tools rely on).
//
//  * With --json, one line per statement result:
//      {"line":3,"name":"b","shape":[3,2,4],"stride":[4,12,1],"storage_offset":0,"dtype":"float32",
//       "is_contiguous":false,"storage":0,"storage_nbytes":96}
//    ("name" is null for a bare expression, an in-place call and the tensor written by x[...] = v;
//    "storage" numbers storages 0, 1, 2, ... in order of first appearance, so two lines share a
//    number exactly when their tensors share a storage). --values adds "values": the logical
//    elements in row-major order (floats as the shortest text that round-trips the double, as
//    Python's repr spells it; nan, inf and -inf as the strings "nan", "inf", "-inf", since every
//    line is strict JSON; null for a layout-only tensor and for a view of more than
//    Storage::kMaxValueElements elements, such as a large expand()).
//    A value that is not a tensor prints {"line":L,"value":"<repr>"} (with "name" when assigned),
//    print() prints {"line":L,"value":"<text>"}, and the first error prints
//    {"line":L,"error":"<message>","kind":"RuntimeError"}.
//  * Without --json it prints what a Python prompt would: reprs of bare expressions and what
//    print() writes; an error prints a traceback to `err`.
//
// Exit status: 0 when the script ran, 1 when a statement failed (syntax errors included), 2 for
// bad flags, no file or an unreadable file; `-` reads `in`. Arguments go through Qt's
// QCommandLineParser (CommandLine.h: --help, --version, --opt=value); no QCoreApplication needed.
#include <iosfwd>
#include <string>
#include <vector>

namespace stridescope::app {

// `args` are the arguments after `eval`.
int runEvalCommand(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                   std::ostream& err);

} // namespace stridescope::app
