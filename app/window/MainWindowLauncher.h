#pragma once
// Entry point of the windowed program: creates the QApplication, opens the main window (on a
// script when scriptPath is not empty) and runs the event loop. Returns the exit status.
#include <string>

namespace stridescope::app {

// noSimulatedGpu: --no-simulated-gpu was given (the preference can turn it off too).
int runWindow(int argc, char** argv, const std::string& scriptPath, bool noSimulatedGpu = false);

} // namespace stridescope::app
