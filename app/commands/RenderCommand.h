#pragma once
// `stridescope render FILE|- --out PATH [--var NAME]... [--theme light|dark|print|presentation]
//  [--scale F] [--clean] [--each] [--title T] [--wrap N] [--transparent] [--lang L]` and the
// further switches of its usage text: runs a script and draws the diagram of one of its tensors
// (DESIGN.md, "The headless command line"), or of several in one figure.
//
//  * --var NAME picks the tensor; by default the last tensor a statement yielded, named (`y = …`)
//    or bare (`x.t()`). Several --var: the first one's strip, arrows and grid, the others' grids
//    beside it (they must share its storage).
//  * --each: one picture per statement that yields a tensor, --out a pattern with {line} and/or
//    {name} ('_' for a new tensor from a bare expression); each picture shows the tensor as that
//    statement left it. Folders in the pattern are made.
//  * The format follows the extension of --out: .png (at --scale), .svg, .pdf, .tex (TikZ),
//    .gif (the traversal animated; a .png pattern with {frame} writes the frames instead).
//  * --clean and the switches of FigureOptions (DiagramModel.h) choose what the picture shows.
//  * The file is written atomically; nothing is written when anything fails.
//  * No display is needed: without a QGuiApplication one is created, on the "offscreen"
//    platform when QT_QPA_PLATFORM is unset and there is no DISPLAY or WAYLAND_DISPLAY, and
//    stderr stays quiet without XDG_RUNTIME_DIR (HeadlessGui.h).
//
// Exit status: 0 when the picture was written; 1 when the script failed (the traceback goes to
// `err`, as `eval` prints it), when --var names nothing drawable or when the file cannot be
// written; 2 for bad arguments (unknown option, missing --out, unknown theme, language, labels
// or extension, bad scale, wrap, width or fps, --each without a pattern) or an unreadable script.
#include <iosfwd>
#include <string>
#include <vector>

namespace stridescope::app {

// `args` are the arguments after `render`.
int runRenderCommand(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                     std::ostream& err);

} // namespace stridescope::app
