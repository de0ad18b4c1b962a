// The stridescope program: headless subcommands (no display, no QApplication) or the window.
#include "app/commands/BenchCommand.h"
#include "app/commands/CommandLine.h"
#include "app/commands/EvalCommand.h"
#include "app/commands/HandoutCommand.h"
#include "app/commands/RenderCommand.h"
#include "app/window/MainWindowLauncher.h"

#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using CommandFunction = int (*)(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                                std::ostream& err);

struct Subcommand {
    std::string_view name;
    CommandFunction run;
    std::string_view summary; // its line in `stridescope --help`, after the name
};

// The subcommands, one row each: a new command is one row here. Each creates what Qt it needs
// itself (render: an offscreen QGuiApplication) and parses its own arguments.
constexpr Subcommand kSubcommands[] = {
    {"eval", stridescope::app::runEvalCommand,
     "[--json] [--values] FILE|-\n      run a script, print what Python would (or JSON lines)"},
    {"render", stridescope::app::runRenderCommand,
     "FILE|- --out PATH [--var NAME]... [--clean] [--each] [options]\n"
     "      draw tensors' diagram as .png, .svg, .pdf, .tex or .gif"},
    {"handout",
     [](const std::vector<std::string>& args, std::istream&, std::ostream& out, std::ostream& err) {
         return stridescope::app::runHandoutCommand(args, out, err);
     },
     "LESSON.py --out FILE.pdf\n      print a lesson as a handout, a figure per step"},
    {"bench", stridescope::app::runBenchCommand,
     "[--backend auto|cpu|cuda] [--mib N] [--repeat N] [--json] [--transfers] FILE|-\n"
     "      measure reading the script's last tensor through its layout"},
};

const Subcommand* findSubcommand(std::string_view name) {
    for (const Subcommand& command : kSubcommands)
        if (command.name == name)
            return &command;
    return nullptr;
}

std::string description() {
    std::string text = "Shows how a PyTorch tensor sits in memory. With no arguments it opens the window, with\n"
                       "FILE.py the window on that script. The commands need no display:\n\n";
    for (const Subcommand& command : kSubcommands)
        text += "  stridescope " + std::string(command.name) + " " + std::string(command.summary) + "\n";
    return text + "\n`stridescope COMMAND --help` describes a command.";
}

// "eval, render, handout or bench": the COMMAND argument's help, from the same rows (it had
// been written out by hand and missed handout).
std::string commandNames() {
    std::string text;
    const std::size_t count = std::size(kSubcommands);
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0)
            text += i + 1 == count ? " or " : ", ";
        text += kSubcommands[i].name;
    }
    return text;
}

bool looksLikeScript(const std::string& argument) {
    if (argument.ends_with(".py"))
        return true;
    std::error_code error;
    return std::filesystem::is_regular_file(argument, error);
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    stridescope::app::CommandLine cli("stridescope", "stridescope [FILE.py | COMMAND [ARGUMENTS]]", description());
    cli.addPositional(QStringLiteral("COMMAND"),
                      QString::fromStdString(commandNames() + "; or a script to open."),
                      QStringLiteral("[COMMAND|FILE.py]"));
    // The window's own option (eval takes it too, after the command).
    const QCommandLineOption noSimulatedGpuOption = cli.addFlag(
        QStringLiteral("no-simulated-gpu"),
        QStringLiteral("Window: without a CUDA device, behave like a CPU-only PyTorch (no simulated cuda:0)."));
    cli.stopAtFirstPositional(); // what follows the command is the command's
    if (const auto status = cli.parse(args, std::cout, std::cerr))
        return *status;
    const bool noSimulatedGpu = cli.isSet(noSimulatedGpuOption);

    const std::vector<std::string> positional = cli.positional();
    if (positional.empty())
        return stridescope::app::runWindow(argc, argv, {}, noSimulatedGpu);

    const std::string& first = positional.front();
    if (first == "help") {
        std::cout << cli.usage();
        return 0;
    }
    if (const Subcommand* command = findSubcommand(first)) {
        const std::vector<std::string> rest(positional.begin() + 1, positional.end());
        return command->run(rest, std::cin, std::cout, std::cerr);
    }
    if (looksLikeScript(first)) {
        if (positional.size() > 1)
            return cli.usageError(std::cerr, "unexpected argument '" + positional[1] + "' after " + first);
        // A missing file still opens the window, which says what went wrong.
        return stridescope::app::runWindow(argc, argv, first, noSimulatedGpu);
    }
    return cli.usageError(std::cerr, "unknown subcommand '" + first + "'");
}
