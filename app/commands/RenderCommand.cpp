#include "app/commands/RenderCommand.h"
#include "app/commands/CommandText.h"
#include "app/commands/DeviceSetup.h"

#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"
#include "core/script/Interpreter.h"

#include <QByteArray>
#include <QGuiApplication>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

namespace stridescope::app {

namespace {

constexpr const char* kUsage =
    "usage: stridescope render FILE|- --out PATH [--var NAME] [--theme light|dark|print|presentation] "
    "[--scale F]\n"
    "\n"
    "Runs a StrideScope script and draws the diagram of one of its tensors: the storage strip with\n"
    "the stride arrows, the logical grid and a lane for every other named tensor on the same storage.\n"
    "\n"
    "  --out PATH    the picture; its extension picks the format: .png, .svg or .pdf\n"
    "  --var NAME    the tensor to draw (default: the last name bound to a tensor)\n"
    "  --theme NAME  light (default), dark, print or presentation\n"
    "  --scale F     device pixels per pixel of a PNG, e.g. 2 for a hi-DPI picture (default 1)\n"
    "  FILE|-        the script; '-' reads standard input\n"
    "\n"
    "Exit status: 0 when the picture was written, 1 when the script failed or the picture could not\n"
    "be drawn or written, 2 for bad arguments or an unreadable script.\n";

constexpr double kMaxScale = 8.0;

int usageError(std::ostream& err, const std::string& message) {
    err << "stridescope render: " << message << "\n\n" << kUsage;
    return 2;
}

// A statement's text on one line: comments dropped, runs of whitespace made one space.
std::string oneLine(const std::string& source) {
    std::string result;
    char quote = 0;
    bool comment = false;
    bool space = false;
    for (std::size_t i = 0; i < source.size(); ++i) {
        const char c = source[i];
        if (comment) {
            if (c == '\n')
                comment = false;
            else
                continue;
        }
        if (quote) {
            result += c;
            if (c == '\\' && i + 1 < source.size())
                result += source[++i];
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '#') {
            comment = true;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = !result.empty();
            continue;
        }
        if (space) {
            result += ' ';
            space = false;
        }
        if (c == '\'' || c == '"')
            quote = c;
        result += c;
    }
    return result;
}

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// "y = x.transpose(0, 1)" → "x.transpose(0, 1)" when the statement binds exactly `name`.
std::optional<std::string> assignedExpression(const std::string& statement, const std::string& name) {
    if (statement.compare(0, name.size(), name) != 0)
        return std::nullopt;
    std::size_t at = name.size();
    if (at < statement.size() && isIdentifierChar(statement[at]))
        return std::nullopt;
    while (at < statement.size() && statement[at] == ' ')
        ++at;
    if (at >= statement.size() || statement[at] != '=' ||
        (at + 1 < statement.size() && statement[at + 1] == '='))
        return std::nullopt;
    ++at;
    while (at < statement.size() && statement[at] == ' ')
        ++at;
    return statement.substr(at);
}

// A QGuiApplication for fonts and painting; the offscreen platform unless a display was asked for.
// Returns nothing when an application exists already; the caller checks that it is a GUI one.
std::unique_ptr<QGuiApplication> ensureGuiApplication() {
    if (QCoreApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen"));
    // QGuiApplication keeps references to argc and argv for its whole life.
    static int argc = 1;
    static char name[] = "stridescope";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

} // namespace

int runRenderCommand(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                     std::ostream& err) {
    std::optional<std::string> file, outPath, varName;
    std::string themeName = "light";
    double scale = 1.0;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= args.size())
                return std::nullopt;
            return args[++i];
        };
        if (arg == "-h" || arg == "--help") {
            out << kUsage;
            return 0;
        }
        if (arg == "--out" || arg == "-o") {
            outPath = value();
            if (!outPath)
                return usageError(err, "--out needs a path");
        } else if (arg == "--var") {
            varName = value();
            if (!varName)
                return usageError(err, "--var needs a name");
        } else if (arg == "--theme") {
            const auto theme = value();
            if (!theme)
                return usageError(err, "--theme needs a name");
            themeName = *theme;
        } else if (arg == "--scale") {
            const auto text = value();
            if (!text)
                return usageError(err, "--scale needs a number");
            std::size_t used = 0;
            try {
                scale = std::stod(*text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != text->size() || !std::isfinite(scale) || scale <= 0 || scale > kMaxScale)
                return usageError(err, "--scale must be a number above 0 and at most 8, not '" + *text + "'");
        } else if (arg.size() > 1 && arg[0] == '-') {
            return usageError(err, "unknown option '" + arg + "'");
        } else if (file) {
            return usageError(err, "one script at a time (got '" + *file + "' and '" + arg + "')");
        } else {
            file = arg;
        }
    }
    if (!file)
        return usageError(err, "which script? give a FILE, or '-' for standard input");
    if (!outPath || outPath->empty())
        return usageError(err, "--out PATH is required");
    const QString outFile = QString::fromStdString(*outPath);
    const auto format = diagramFormatForPath(outFile);
    if (!format)
        return usageError(err,
                          "cannot tell the format of '" + *outPath + "': use a .png, .svg or .pdf file name");
    const auto theme = DiagramTheme::byName(QString::fromStdString(themeName));
    if (!theme)
        return usageError(err, "unknown theme '" + themeName + "' (light, dark, print or presentation)");

    // ---- the script ----
    std::string source;
    std::string label = "<stdin>";
    if (*file == "-") {
        if (!readAll(in, source)) {
            err << "stridescope render: cannot read standard input\n";
            return 2;
        }
    } else {
        label = *file;
        std::error_code ec;
        if (std::filesystem::is_directory(*file, ec)) {
            err << "stridescope render: cannot read '" << *file << "': Is a directory\n";
            return 2;
        }
        std::ifstream stream(*file, std::ios::binary);
        if (!stream) {
            err << "stridescope render: cannot read '" << *file << "': " << std::strerror(errno) << "\n";
            return 2;
        }
        if (!readAll(stream, source)) {
            err << "stridescope render: cannot read '" << *file << "'\n";
            return 2;
        }
    }

    setUpDevices(true); // a real GPU is named as such, else cuda:0 is simulated
    script::Workspace workspace;
    workspace.importTorch(); // as `eval` does: snippets without `import torch` run
    script::Interpreter interpreter(workspace);
    std::optional<std::string> lastAssigned;
    std::map<std::string, std::string> expressions; // name → the code that last bound it
    bool failed = false;
    interpreter.run(source, [&](const script::StatementOutcome& outcome) {
        if (outcome.error) {
            err << "Traceback (most recent call last):\n  File \"" << label << "\", line " << outcome.line
                << "\n"
                << errorKindName(outcome.error->kind()) << ": " << outcome.error->message() << "\n";
            failed = true;
            return false;
        }
        const std::string statement = oneLine(outcome.source);
        for (const auto& result : outcome.results) {
            if (!result.name)
                continue;
            if (result.tensor)
                lastAssigned = *result.name;
            if (const auto expression = assignedExpression(statement, *result.name))
                expressions[*result.name] = *expression;
            else if (outcome.kind != script::StatementKind::AugmentedAssign)
                expressions[*result.name] = statement; // `a, b = …`: the whole statement
        }
        return true;
    });
    if (failed)
        return 1;

    // ---- which tensor ----
    std::string name;
    if (varName) {
        const script::Value* value = workspace.find(*varName);
        if (!value) {
            err << "stridescope render: --var " << *varName << ": the script defines no name '" << *varName
                << "'";
            const auto tensors = workspace.tensors();
            if (!tensors.empty()) {
                err << " (tensors: ";
                for (std::size_t i = 0; i < tensors.size(); ++i)
                    err << (i ? ", " : "") << tensors[i].first;
                err << ")";
            }
            err << "\n";
            return 1;
        }
        name = *varName;
    } else {
        if (!lastAssigned) {
            err << "stridescope render: the script binds no tensor to a name; nothing to draw (use x = "
                   "...)\n";
            return 1;
        }
        name = *lastAssigned;
    }
    std::optional<Tensor> primary;
    std::vector<DiagramTensorSpec> others;
    for (const auto& [tensorName, tensor] : workspace.tensors()) {
        if (tensorName == name)
            primary = tensor;
    }
    if (!primary) {
        err << "stridescope render: '" << name << "' is not a tensor; nothing to draw\n";
        return 1;
    }
    auto spec = [&](const std::string& tensorName, const Tensor& tensor) {
        DiagramTensorSpec s;
        s.name = QString::fromStdString(tensorName);
        const auto it = expressions.find(tensorName);
        if (it != expressions.end())
            s.expression = QString::fromStdString(it->second);
        s.tensor = tensor;
        return s;
    };
    for (const auto& [tensorName, tensor] : workspace.tensors())
        if (tensorName != name && tensor.sharesStorageWith(*primary))
            others.push_back(spec(tensorName, tensor));

    // ---- the picture ----
    const auto application = ensureGuiApplication();
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
        err << "stridescope render: drawing needs a QGuiApplication, but this process runs a "
               "QCoreApplication\n";
        return 1;
    }
    const DiagramModel model = DiagramModel::build(spec(name, *primary), others);
    const QString problem = writeDiagram(outFile, *format, model, *theme, scale);
    if (!problem.isEmpty()) {
        err << "stridescope render: " << problem.toStdString() << "\n";
        return 1;
    }
    return 0;
}

} // namespace stridescope::app
