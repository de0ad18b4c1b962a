#pragma once
// Entry point of the windowed program: creates the QApplication, opens the main window (on a
// script when scriptPath is not empty) and runs the event loop. Returns the exit status.
#include <string>

namespace stridescope::app {

int runWindow(int argc, char** argv, const std::string& scriptPath);

} // namespace stridescope::app
