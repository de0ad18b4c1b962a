#include "app/commands/HandoutCommand.h"

#include "app/commands/HeadlessGui.h"
#include "app/commands/CommandLine.h"
#include "app/commands/DeviceSetup.h"
#include "app/diagram/DiagramTheme.h"
#include "app/diagram/HandoutExport.h"
#include "app/window/Lesson.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <ostream>

namespace stridescope::app {

namespace {

constexpr const char* kUsage =
    "usage: stridescope handout LESSON.py --out FILE.pdf [--lang en|zh_CN] [--theme NAME]\n"
    "\n"
    "Prints a lesson as an A4 handout: a title page, then each step with its statement, its\n"
    "comment, its result and the figure of the tensor it yields; page numbers on every page.\n"
    "\n"
    "  LESSON.py     a lesson script, or the name of a bundled one (e.g. 02_transpose_non_contiguous)\n"
    "  --out FILE    the PDF to write\n"
    "  --lang L      the handout's and the figures' words in en (default) or zh_CN\n"
    "  --theme NAME  print (default), light, dark or presentation\n"
    "\n"
    "Exit status: 0 when the handout was written, 1 when it could not be written, 2 for bad\n"
    "arguments or an unreadable lesson.\n";

int usageError(std::ostream& err, const std::string& message) {
    return commandUsageError(err, "stridescope handout", message, kUsage);
}

// A file, else a bundled lesson by its file name with or without ".py".
QString lessonPath(const QString& given) {
    if (QFileInfo::exists(given))
        return given;
    const QString name = QFileInfo(given).fileName();
    for (const QString& bundled : Lesson::bundledPaths()) {
        const QFileInfo info(bundled);
        if (info.fileName() == name || info.completeBaseName() == name)
            return bundled;
    }
    return given;
}

} // namespace

int runHandoutCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption outOption({QStringLiteral("o"), QStringLiteral("out")}, {}, QStringLiteral("FILE"));
    const QCommandLineOption langOption(QStringLiteral("lang"), {}, QStringLiteral("L"), QStringLiteral("en"));
    const QCommandLineOption themeOption(QStringLiteral("theme"), {}, QStringLiteral("NAME"), QStringLiteral("print"));
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")}, {});
    parser.addOptions({outOption, langOption, themeOption, helpOption});
    if (const auto status = parseCommandArguments(parser, "stridescope handout", args, helpOption, kUsage, out, err))
        return *status;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return usageError(err, "which lesson? give a LESSON.py");
    if (positional.size() > 1)
        return usageError(err, "one lesson at a time (got '" + positional[0].toStdString() + "' and '" +
                                   positional[1].toStdString() + "')");
    const QString outPath = parser.value(outOption);
    if (outPath.isEmpty())
        return usageError(err, "--out FILE.pdf is required");
    if (QFileInfo(outPath).suffix().toLower() != u"pdf")
        return usageError(err, "a handout is a PDF: give --out a file name ending in .pdf, not '" +
                                   outPath.toStdString() + "'");
    const auto theme = DiagramTheme::byName(parser.value(themeOption));
    if (!theme)
        return usageError(err, "unknown theme '" + parser.value(themeOption).toStdString() +
                                   "' (light, dark, print or presentation)");
    const QString language = parser.value(langOption);
    if (language != u"en" && language != u"zh_CN")
        return usageError(err, "unknown --lang '" + language.toStdString() + "' (" + knownLanguages().toStdString() + ")");

    const auto application = ensureGuiApplication();
    if (!guiUsable()) {
        err << "stridescope handout: drawing needs a QGuiApplication, but this process runs a QCoreApplication\n";
        return 1;
    }
    QString problem;
    const auto lesson = Lesson::load(lessonPath(positional.front()), &problem);
    if (!lesson) {
        err << "stridescope handout: cannot read '" << positional.front().toStdString() << "': "
            << problem.toStdString() << "\n";
        return 2;
    }
    if (!useLanguage(language)) {
        err << "stridescope handout: no " << language.toStdString() << " translation is built into this program\n";
        return 1;
    }
    setUpDevices(true); // a real GPU is named as such, else cuda:0 is simulated
    problem = Handout::write(*lesson, outPath, *theme);
    if (language != u"en")
        useLanguage(QStringLiteral("en"));
    if (!problem.isEmpty()) {
        err << "stridescope handout: " << problem.toStdString() << "\n";
        return 1;
    }
    return 0;
}

} // namespace stridescope::app
