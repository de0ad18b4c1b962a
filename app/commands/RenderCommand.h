#pragma once
// `stridescope render FILE|- --out PATH [--var NAME] [--theme light|dark|print|presentation]
//  [--scale F]`: runs a script and draws the diagram of one of its tensors (DESIGN.md, "The
// headless command line"), with a lane for every other named tensor on the same storage.
//
//  * --var NAME picks the tensor; by default the last name a statement bound to a tensor.
//  * The format follows the extension of --out: .png (at --scale, default 1), .svg, .pdf.
//  * The file is written atomically; nothing is written when anything fails.
//  * No display is needed: without a QGuiApplication one is created, on the "offscreen"
//    platform when QT_QPA_PLATFORM is unset and there is no DISPLAY or WAYLAND_DISPLAY.
//
// Exit status: 0 when the picture was written; 1 when the script failed (the traceback goes to
// `err`, as `eval` prints it), when --var names nothing drawable or when the file cannot be
// written; 2 for bad arguments (unknown option, missing --out, unknown theme or extension, bad
// scale) or an unreadable script.
#include <iosfwd>
#include <string>
#include <vector>

namespace stridescope::app {

// `args` are the arguments after `render`.
int runRenderCommand(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                     std::ostream& err);

} // namespace stridescope::app
