// The stridescope program: headless subcommands (no display, no QApplication) or the window.
#include "app/commands/BenchCommand.h"
#include "app/commands/EvalCommand.h"
#include "app/commands/RenderCommand.h"
#include "app/window/MainWindowLauncher.h"
#include "stridescope_config.h"

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage = R"(Usage:
  stridescope [--no-simulated-gpu] [FILE.py]   open the window (on a script)
  stridescope eval [--json] [--values] [--no-simulated-gpu] FILE|-
                                               run a script, print what Python would (or JSON lines)
  stridescope render FILE|- --out PATH [--var NAME] [--theme light|dark|print|presentation] [--scale F]
                                               draw a tensor's diagram as .png, .svg or .pdf
  stridescope bench [--backend auto|cpu|cuda] [--mib N] [--repeat N] [--json] [--transfers] FILE|-
                                               measure reading the script's last tensor through its layout
  stridescope --help                           show this help
  stridescope --version                        show the version

No subcommand needs a display.
)";

bool looksLikeScript(const std::string& argument) {
    if (argument.ends_with(".py"))
        return true;
    std::error_code error;
    return std::filesystem::is_regular_file(argument, error);
}

int usageError(const std::string& message) {
    std::cerr << "stridescope: " << message << "\n\n" << kUsage;
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    // The window's own option (eval reads it itself): no simulated cuda:0 without a GPU.
    bool noSimulatedGpu = false;
    if (!args.empty() && args.front() == "--no-simulated-gpu") {
        noSimulatedGpu = true;
        args.erase(args.begin());
    }
    if (args.empty())
        return stridescope::app::runWindow(argc, argv, {}, noSimulatedGpu);

    const std::string& first = args.front();
    if (first == "--help" || first == "-h" || first == "help") {
        std::cout << kUsage;
        return 0;
    }
    if (first == "--version") {
        std::cout << "stridescope " << STRIDESCOPE_VERSION << '\n';
        return 0;
    }
    // Each command creates what Qt it needs itself (render: an offscreen QGuiApplication).
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (first == "eval")
        return stridescope::app::runEvalCommand(rest, std::cin, std::cout, std::cerr);
    if (first == "render")
        return stridescope::app::runRenderCommand(rest, std::cin, std::cout, std::cerr);
    if (first == "bench")
        return stridescope::app::runBenchCommand(rest, std::cin, std::cout, std::cerr);
    if (first.starts_with('-'))
        return usageError("unknown option '" + first + "'");
    if (looksLikeScript(first)) {
        if (args.size() > 1)
            return usageError("unexpected argument '" + args[1] + "' after " + first);
        return stridescope::app::runWindow(argc, argv, first, noSimulatedGpu);
    }
    return usageError("unknown subcommand '" + first + "'");
}
