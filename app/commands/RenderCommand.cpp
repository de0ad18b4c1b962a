#include "app/commands/RenderCommand.h"
#include "app/commands/CommandText.h"

#include "app/commands/CommandLine.h"
#include "app/commands/DeviceSetup.h"
#include "app/commands/HeadlessGui.h"
#include "app/diagram/DiagramExport.h"
#include "app/diagram/DiagramModel.h"
#include "app/diagram/DiagramTheme.h"
#include "app/diagram/GatheredSource.h"
#include "app/diagram/GifExport.h"
#include "core/script/Interpreter.h"
#include "core/script/Session.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>

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
    "usage: stridescope render FILE|- --out PATH [--var NAME]... [--theme light|dark|print|presentation]\n"
    "       [--scale F] [--clean] [--each] [--title T] [--wrap N] [--width PX] [--transparent]\n"
    "       [--lang en|zh_CN] [--labels value|index|coord|none] [--addresses] [--lanes] [--legend]\n"
    "       [--text-as-paths] [--alt] [--fps N]\n"
    "\n"
    "Runs a StrideScope script and draws the diagram of one of its tensors: the storage strip with\n"
    "the stride arrows, the logical grid and a lane for every other named tensor on the same storage.\n"
    "\n"
    "  --out PATH      the picture; its extension picks the format: .png, .svg, .pdf, .tex (a\n"
    "                  standalone TikZ document for pdflatex) or .gif (the traversal animated, one\n"
    "                  frame per logical element); a .png PATH with {frame} writes the frames\n"
    "  --var NAME      the tensor to draw (default: the last tensor a statement yielded, named or\n"
    "                  bare); given more than once, one figure: the grids side by side over the\n"
    "                  first one's storage strip (they must share its storage)\n"
    "  --each          one picture per statement that yields a tensor; --out is then a pattern\n"
    "                  with {line} and/or {name} ('_' for a bare expression), e.g. 'fig/{line}-{name}.svg'\n"
    "  --clean         the figure a reader needs: values, stride arrows, offset flag, logical grid,\n"
    "                  title; no addresses, legends, footers or lanes\n"
    "  --labels WHAT   cell text: value, index (storage index), coord (logical index) or none\n"
    "  --addresses     with --clean: row addresses, data_ptr, alignment ticks and the extent\n"
    "  --lanes         with --clean: a lane per tensor on the storage\n"
    "  --legend        with --clean: the per-dim legend and the colour key\n"
    "  --title TEXT    the caption (wrapped, never cut) instead of 'name = expression'\n"
    "  --wrap N        storage cells per row (default: up to 24 in one row, else 16)\n"
    "  --width PX      the picture's width: the strip wraps to fit it\n"
    "  --transparent   no background (PNG with alpha, SVG without a backdrop)\n"
    "  --lang L        the diagram's words in en (default) or zh_CN\n"
    "  --text-as-paths SVG: glyphs as outlines (no fonts needed to view it)\n"
    "  --alt           also write PATH's alt text to a .txt file beside it\n"
    "  --fps N         frames a second of a .gif (default 4)\n"
    "  --theme NAME    light (default), dark, print or presentation\n"
    "  --scale F       device pixels per pixel of a PNG or GIF, e.g. 2 for hi-DPI (default 1)\n"
    "  FILE|-          the script; '-' reads standard input\n"
    "\n"
    "Exit status: 0 when the picture was written, 1 when the script failed or the picture could not\n"
    "be drawn or written, 2 for bad arguments or an unreadable script.\n";

constexpr double kMaxScale = 8.0;
constexpr int kMaxWrap = 4096;

int usageError(std::ostream& err, const std::string& message) {
    return commandUsageError(err, "stridescope render", message, kUsage);
}

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `x[0] = 5`, `x.add_(1)`, `x += 1`: the name the statement starts with, for a result the
// interpreter reports without one.
std::optional<std::string> leadingName(const std::string& statement) {
    std::size_t end = 0;
    while (end < statement.size() && isIdentifierChar(statement[end]))
        ++end;
    if (end == 0 || std::isdigit(static_cast<unsigned char>(statement[0])))
        return std::nullopt;
    return statement.substr(0, end);
}

// A number option: the whole text a finite number within [low, high].
std::optional<double> numberIn(const QString& text, double low, double high) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < low || value > high)
        return std::nullopt;
    return value;
}

// One tensor a statement yielded, as the figure names it.
struct Yielded {
    std::string name;       // the bound name; empty for a bare expression
    std::string expression; // the code ("x.t()"; the whole statement for a bare one)
    int line = 0;
    Tensor tensor;
};

struct RenderSettings {
    QString outPath;
    DiagramFormat format = DiagramFormat::Png;
    std::vector<std::string> vars;
    DiagramTheme theme;
    double scale = 1.0;
    double fps = 4.0;
    bool each = false;
    bool alt = false;
    bool frames = false; // a .png pattern with {frame}: the animation as a PNG sequence
    DiagramOptions options;
};

DiagramTensorSpec specOf(const std::string& name, const std::string& expression, const Tensor& tensor) {
    DiagramTensorSpec spec;
    spec.name = QString::fromStdString(name);
    spec.expression = QString::fromStdString(expression);
    spec.tensor = tensor;
    return spec;
}

// Writes the model in the settings' format; an empty string on success.
QString writeFigure(const QString& path, const DiagramModel& model, const RenderSettings& settings) {
    QString problem;
    if (settings.frames) // 'walk/{frame}.png': the folder is made, as for --each
        QDir().mkpath(QFileInfo(path).absolutePath());
    if (settings.frames)
        problem = writeTraversalFrames(path, model, settings.theme, settings.scale);
    else
        problem = writeDiagram(path, settings.format, model, settings.theme, settings.scale, settings.fps);
    if (!problem.isEmpty() || !settings.alt)
        return problem;
    const QFileInfo info(path);
    const QString altPath = info.dir().filePath(info.completeBaseName() + QStringLiteral(".txt"));
    QSaveFile alt(altPath);
    const QByteArray text = model.altText().toUtf8() + '\n';
    if (!alt.open(QIODevice::WriteOnly) || alt.write(text) != text.size() || !alt.commit())
        return QStringLiteral("cannot write %1: %2").arg(altPath, alt.errorString());
    return {};
}

// A file name part from a tensor name: what a file system takes everywhere.
QString fileNamePart(const std::string& name) {
    QString part = QString::fromStdString(name.empty() ? std::string("_") : name);
    for (auto& c : part)
        if (!c.isLetterOrNumber() && c != u'_' && c != u'-' && c != u'.')
            c = u'_';
    return part;
}

} // namespace

int runRenderCommand(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                     std::ostream& err) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption outOption({QStringLiteral("o"), QStringLiteral("out")}, {}, QStringLiteral("PATH"));
    const QCommandLineOption varOption(QStringLiteral("var"), {}, QStringLiteral("NAME"));
    const QCommandLineOption themeOption(QStringLiteral("theme"), {}, QStringLiteral("NAME"), QStringLiteral("light"));
    const QCommandLineOption scaleOption(QStringLiteral("scale"), {}, QStringLiteral("F"));
    const QCommandLineOption cleanOption(QStringLiteral("clean"), {});
    const QCommandLineOption eachOption(QStringLiteral("each"), {});
    const QCommandLineOption titleOption(QStringLiteral("title"), {}, QStringLiteral("T"));
    const QCommandLineOption wrapOption(QStringLiteral("wrap"), {}, QStringLiteral("N"));
    const QCommandLineOption widthOption(QStringLiteral("width"), {}, QStringLiteral("PX"));
    const QCommandLineOption transparentOption(QStringLiteral("transparent"), {});
    const QCommandLineOption langOption(QStringLiteral("lang"), {}, QStringLiteral("L"));
    const QCommandLineOption labelsOption(QStringLiteral("labels"), {}, QStringLiteral("WHAT"));
    const QCommandLineOption addressesOption(QStringLiteral("addresses"), {});
    const QCommandLineOption lanesOption(QStringLiteral("lanes"), {});
    const QCommandLineOption legendOption(QStringLiteral("legend"), {});
    const QCommandLineOption pathsOption(QStringLiteral("text-as-paths"), {});
    const QCommandLineOption altOption(QStringLiteral("alt"), {});
    const QCommandLineOption fpsOption(QStringLiteral("fps"), {}, QStringLiteral("N"));
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")}, {});
    parser.addOptions({outOption, varOption, themeOption, scaleOption, cleanOption, eachOption, titleOption,
                       wrapOption, widthOption, transparentOption, langOption, labelsOption, addressesOption,
                       lanesOption, legendOption, pathsOption, altOption, fpsOption, helpOption});
    if (const auto status = parseCommandArguments(parser, "stridescope render", args, helpOption, kUsage, out, err))
        return *status;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return usageError(err, "one script at a time (got '" + positional[0].toStdString() + "' and '" +
                                   positional[1].toStdString() + "')");
    if (positional.isEmpty())
        return usageError(err, "which script? give a FILE, or '-' for standard input");
    const std::string file = positional.front().toStdString();

    RenderSettings settings;
    settings.outPath = parser.value(outOption);
    if (!parser.isSet(outOption) || settings.outPath.isEmpty())
        return usageError(err, "--out PATH is required");
    const auto format = diagramFormatForPath(settings.outPath);
    if (!format)
        return usageError(err, "cannot tell the format of '" + settings.outPath.toStdString() + "': use a " +
                                   diagramExtensionsText().toStdString() + " file name");
    settings.format = *format;
    settings.each = parser.isSet(eachOption);
    settings.frames = settings.format == DiagramFormat::Png && settings.outPath.contains(QStringLiteral("{frame}"));
    if (settings.each && !settings.outPath.contains(QStringLiteral("{line}")) &&
        !settings.outPath.contains(QStringLiteral("{name}")))
        return usageError(err, "--each writes one file per statement: give --out a pattern with {line} "
                               "and/or {name}, e.g. 'fig/{line}-{name}.svg'");
    for (const auto& name : parser.values(varOption))
        settings.vars.push_back(name.toStdString());
    if (settings.each && settings.vars.size() > 1)
        return usageError(err, "--each draws one tensor a picture: give at most one --var with it");
    const QString themeName = parser.value(themeOption);
    const auto theme = DiagramTheme::byName(themeName);
    if (!theme)
        return usageError(err, "unknown theme '" + themeName.toStdString() + "' (light, dark, print or presentation)");
    settings.theme = *theme;
    if (parser.isSet(scaleOption)) {
        const auto scale = numberIn(parser.value(scaleOption), 1e-9, kMaxScale);
        if (!scale)
            return usageError(err, "--scale must be a number above 0 and at most 8, not '" +
                                       parser.value(scaleOption).toStdString() + "'");
        settings.scale = *scale;
    }
    if (parser.isSet(fpsOption)) {
        const auto fps = numberIn(parser.value(fpsOption), 0.1, 50);
        if (!fps)
            return usageError(err, "--fps must be a number from 0.1 to 50, not '" +
                                       parser.value(fpsOption).toStdString() + "'");
        settings.fps = *fps;
    }
    FigureOptions& figure = settings.options.figure;
    figure.clean = parser.isSet(cleanOption);
    figure.title = parser.value(titleOption);
    figure.transparent = parser.isSet(transparentOption);
    figure.textAsPaths = parser.isSet(pathsOption);
    if (parser.isSet(addressesOption))
        figure.addresses = true;
    if (parser.isSet(lanesOption))
        figure.lanes = true;
    if (parser.isSet(legendOption))
        figure.legend = true;
    settings.alt = parser.isSet(altOption);
    if (parser.isSet(wrapOption)) {
        const auto wrap = numberIn(parser.value(wrapOption), 1, kMaxWrap);
        if (!wrap || *wrap != std::floor(*wrap))
            return usageError(err, "--wrap must be a whole number of cells from 1 to 4096, not '" +
                                       parser.value(wrapOption).toStdString() + "'");
        figure.wrap = static_cast<int>(*wrap);
    }
    if (parser.isSet(widthOption)) {
        const auto width = numberIn(parser.value(widthOption), 200, 20000);
        if (!width)
            return usageError(err, "--width must be a number of pixels from 200 to 20000, not '" +
                                       parser.value(widthOption).toStdString() + "'");
        figure.width = *width;
    }
    if (parser.isSet(labelsOption)) {
        static const std::map<QString, CellLabels> labels = {{QStringLiteral("value"), CellLabels::Value},
                                                             {QStringLiteral("index"), CellLabels::Index},
                                                             {QStringLiteral("coord"), CellLabels::Coord},
                                                             {QStringLiteral("none"), CellLabels::None}};
        const auto it = labels.find(parser.value(labelsOption));
        if (it == labels.end())
            return usageError(err, "unknown --labels '" + parser.value(labelsOption).toStdString() +
                                       "' (value, index, coord or none)");
        figure.labels = it->second;
    }
    const QString language = parser.isSet(langOption) ? parser.value(langOption) : QStringLiteral("en");
    if (language != u"en" && language != u"zh_CN")
        return usageError(err, "unknown --lang '" + language.toStdString() + "' (" +
                                   knownLanguages().toStdString() + ")");
    if (language == u"zh_CN" && settings.format == DiagramFormat::Tex)
        return usageError(err, "--lang zh_CN cannot go to .tex: pdflatex with TikZ alone cannot set Chinese; "
                               "draw a .pdf or .svg instead");

    // ---- the script ----
    const auto script = loadScript("stridescope render", file, in, err);
    if (!script)
        return 2;

    // The application first: --each draws while the script runs, and the words need the language.
    const auto application = ensureGuiApplication();
    if (!guiUsable()) {
        err << "stridescope render: drawing needs a QGuiApplication, but this process runs a "
               "QCoreApplication\n";
        return 1;
    }
    if (!useLanguage(language)) {
        err << "stridescope render: no " << language.toStdString() << " translation is built into this program\n";
        return 1;
    }
    struct LanguageReset { // a later command in this process starts in English again
        bool active;
        ~LanguageReset() {
            if (active)
                useLanguage(QStringLiteral("en"));
        }
    } languageReset{language != u"en"};

    setUpDevices(true); // a real GPU is named as such, else cuda:0 is simulated
    script::Session session; // as `eval` does: snippets without `import torch` run
    const script::Workspace& workspace = session.workspace();
    std::optional<Yielded> last; // the default tensor: the last one yielded
    QString writeProblem;
    QSet<QString> written; // --each: paths already written, so that none is overwritten
    int eachCount = 0;
    // The host<->device copies the script made: a storage one of them made gets its arrow.
    auto withTransfer = [&](DiagramModel model) {
        model.transfer =
            DiagramTransfer::find(model.tensor, session.workspaceTransfers(), workspace.tensors());
        return model;
    };
    auto onStatement = [&](const script::StatementOutcome& outcome) {
        if (outcome.error) {
            printTraceback(err, script->label, outcome);
            return false;
        }
        const std::string statement = script::oneLine(outcome.source);
        for (const auto& result : outcome.results) {
            if (!result.tensor)
                continue;
            Yielded yielded;
            yielded.line = outcome.line;
            yielded.tensor = *result.tensor;
            // A nameless result that is a named tensor (`x[0] = 7`, `x.add_(1)`) is drawn as that
            // name; a new tensor from a bare expression (`y.t()`) keeps the statement as its title.
            std::optional<std::string> name = result.name;
            if (!name)
                if (const auto lead = leadingName(statement))
                    if (const auto* value = workspace.find(*lead); value && value->isTensor()) {
                        const Tensor& named = value->asTensor();
                        if (named.sharesStorageWith(yielded.tensor) && named.layout() == yielded.tensor.layout())
                            name = *lead;
                    }
            if (name) {
                yielded.name = *name;
                const std::string expression = session.expressionOf(*name);
                yielded.expression = expression.empty() ? statement : expression;
            } else {
                yielded.expression = statement;
            }
            last = yielded;
            if (!settings.each || !writeProblem.isEmpty())
                continue;
            // --each: the picture of this tensor as it is now (later statements may write into
            // it), '_' in the file name for a bare expression's new tensor, Python's last result.
            const std::string fileName = yielded.name;
            if (!settings.vars.empty() && fileName != settings.vars.front())
                continue;
            QString path = settings.outPath;
            path.replace(QStringLiteral("{line}"), QString::number(outcome.line))
                .replace(QStringLiteral("{name}"), fileNamePart(fileName));
            if (written.contains(path)) { // two tensors of one statement, a pattern without {name}
                const QFileInfo info(path);
                path = info.dir().filePath(info.completeBaseName() + QLatin1Char('-') + fileNamePart(fileName) +
                                           QLatin1Char('.') + info.suffix());
                for (int k = 2; written.contains(path); ++k)
                    path = info.dir().filePath(info.completeBaseName() + QStringLiteral("-%1.").arg(k) +
                                               info.suffix());
            }
            std::vector<DiagramTensorSpec> others;
            for (const script::ShownTensor& alias : session.aliasesOf(yielded.tensor, yielded.name))
                others.push_back(specOf(alias.name, alias.expression, alias.tensor));
            // A tensor written into (`x[0] = 99`) is titled with the statement that changed it.
            const std::string title = result.name || yielded.name.empty() ? yielded.expression : statement;
            DiagramOptions eachOptions = settings.options;
            eachOptions.gatheredSourceName = gatheredSourceName(yielded.tensor, workspace.tensors());
            const DiagramModel model = withTransfer(
                DiagramModel::build(specOf(yielded.name, title, yielded.tensor), others, eachOptions));
            QDir().mkpath(QFileInfo(path).absolutePath()); // 'fig/{line}.svg': the folder is made
            writeProblem = writeFigure(path, model, settings);
            written.insert(path);
            ++eachCount;
        }
        return true;
    };
    const script::SessionResult ran = session.runScript(script->source, onStatement);
    if (!ran)
        return 1;
    if (!writeProblem.isEmpty()) {
        err << "stridescope render: " << writeProblem.toStdString() << "\n";
        return 1;
    }
    if (settings.each) {
        if (eachCount == 0) {
            err << "stridescope render: no statement ";
            if (!settings.vars.empty())
                err << "of " << settings.vars.front() << " ";
            err << "yields a tensor; nothing to draw\n";
            return 1;
        }
        return 0;
    }

    // ---- which tensors ----
    auto findTensor = [&](const std::string& name) -> std::optional<Tensor> {
        for (const auto& [tensorName, tensor] : workspace.tensors())
            if (tensorName == name)
                return tensor;
        return std::nullopt;
    };
    std::vector<DiagramTensorSpec> drawn;
    for (const auto& name : settings.vars) {
        if (!workspace.find(name)) {
            err << "stridescope render: --var " << name << ": the script defines no name '" << name << "'";
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
        const auto tensor = findTensor(name);
        if (!tensor) {
            err << "stridescope render: '" << name << "' is not a tensor; nothing to draw\n";
            return 1;
        }
        drawn.push_back(specOf(name, session.expressionOf(name), *tensor));
    }
    if (drawn.empty()) {
        if (!last) {
            err << "stridescope render: the script yields no tensor; nothing to draw (end it with a "
                   "tensor, e.g. x = torch.arange(6) or x.t())\n";
            return 1;
        }
        // A named result is drawn as the tensor now bound to that name (a later in-place op
        // may have changed it); a bare one as it was yielded.
        drawn.push_back(specOf(last->name, last->expression, last->tensor));
    }
    const Tensor& primary = drawn.front().tensor;
    for (std::size_t i = 1; i < drawn.size(); ++i)
        if (!drawn[i].tensor.sharesStorageWith(primary)) {
            err << "stridescope render: --var " << drawn[i].name.toStdString() << " does not share the storage of "
                << drawn.front().name.toStdString()
                << ": one figure shows views of one storage; draw them in separate calls\n";
            return 1;
        }
    if (drawn.size() > 1 && (settings.format == DiagramFormat::Gif || settings.frames)) {
        err << "stridescope render: an animation walks one tensor: give one --var with a .gif\n";
        return 1;
    }
    std::vector<DiagramTensorSpec> others;
    for (const script::ShownTensor& alias : session.aliasesOf(primary, drawn.front().name.toStdString()))
        others.push_back(specOf(alias.name, alias.expression, alias.tensor));

    // ---- the picture ----
    settings.options.gatheredSourceName = gatheredSourceName(drawn.front().tensor, workspace.tensors());
    DiagramModel model = withTransfer(DiagramModel::build(drawn.front(), others, settings.options));
    for (std::size_t i = 1; i < drawn.size(); ++i) {
        DiagramOptions companionOptions = settings.options;
        companionOptions.figure.title.clear();
        model.companions.push_back(DiagramModel::build(drawn[i], {}, companionOptions));
    }
    const QString problem = writeFigure(settings.outPath, model, settings);
    if (!problem.isEmpty()) {
        err << "stridescope render: " << problem.toStdString() << "\n";
        return 1;
    }
    return 0;
}

} // namespace stridescope::app
