#include "app/commands/CommandLine.h"

#include "stridescope_config.h"

#include <ostream>

namespace stridescope::app {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

} // namespace

std::string versionText() {
    return std::string("stridescope ") + STRIDESCOPE_VERSION;
}

CommandLine::CommandLine(std::string command, std::string synopsis, std::string description)
    : m_command(std::move(command)), m_synopsis(std::move(synopsis)),
      m_help(QStringList{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help.")),
      m_version(QStringLiteral("version"), QStringLiteral("Show the version.")) {
    // Not addHelpOption()/addVersionOption(): they add --help-all (Qt's own options, which a
    // headless command does not take) and -v, and their texts would name the executable.
    m_parser.addOption(m_help);
    m_parser.addOption(m_version);
    // A leading newline: QCommandLineParser puts the description right under the usage line,
    // which usage() replaces; the blank line keeps them apart.
    if (!description.empty())
        m_parser.setApplicationDescription(QLatin1Char('\n') + qs(description));
    // --foo is always a long option and -abc three short ones, as in most Unix tools.
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
}

QCommandLineOption CommandLine::addFlag(const QStringList& names, const QString& description) {
    QCommandLineOption option(names, description);
    m_parser.addOption(option);
    return option;
}

QCommandLineOption CommandLine::addFlag(const QString& name, const QString& description) {
    return addFlag(QStringList{name}, description);
}

QCommandLineOption CommandLine::addValueOption(const QString& name, const QString& valueName,
                                               const QString& description) {
    QCommandLineOption option(name, description, valueName);
    m_parser.addOption(option);
    m_valueOptionNames << name;
    return option;
}

void CommandLine::addPositional(const QString& name, const QString& description, const QString& syntax) {
    m_parser.addPositionalArgument(name, description, syntax);
}

void CommandLine::setEpilogue(std::string text) {
    m_epilogue = std::move(text);
}

void CommandLine::stopAtFirstPositional() {
    m_stopAtFirstPositional = true;
    m_parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
}

std::optional<int> CommandLine::parse(const std::vector<std::string>& args, std::ostream& out,
                                      std::ostream& err) {
    // parse() takes the program's name first and skips it.
    QStringList arguments{qs(m_command)};
    for (const std::string& arg : args)
        arguments << qs(arg);
    if (!m_parser.parse(arguments))
        return usageError(err, errorMessage(arguments));
    if (m_parser.isSet(m_help)) {
        out << usage();
        return 0;
    }
    if (m_parser.isSet(m_version)) {
        out << versionText() << "\n";
        return 0;
    }
    return std::nullopt;
}

// Qt's texts name an unknown option without its dashes ("Unknown option 'jsn'."); the argument as
// typed reads better and is what the commands printed before they used Qt's parser.
std::string CommandLine::errorMessage(const QStringList& arguments) const {
    const QStringList unknown = m_parser.unknownOptionNames();
    if (!unknown.isEmpty()) {
        auto takesValue = [&](const QString& name) { return m_valueOptionNames.contains(name); };
        for (qsizetype i = 1; i < arguments.size(); ++i) {
            const QString& arg = arguments[i];
            if (arg == QLatin1String("--"))
                break;
            if (arg.startsWith(QLatin1String("--"))) {
                const QString name = arg.mid(2).section(QLatin1Char('='), 0, 0);
                if (unknown.contains(name))
                    return "unknown option '" + arg.toStdString() + "'";
                if (!arg.contains(QLatin1Char('=')) && takesValue(name))
                    ++i; // its value, whatever it looks like
                continue;
            }
            if (arg.startsWith(QLatin1Char('-')) && arg.size() > 1) {
                for (qsizetype c = 1; c < arg.size(); ++c) {
                    const QString name(arg[c]);
                    if (unknown.contains(name))
                        return "unknown option '-" + name.toStdString() + "'" +
                               (arg.size() > 2 ? " (in '" + arg.toStdString() + "')" : std::string());
                    if (takesValue(name)) {
                        if (c + 1 == arg.size())
                            ++i;
                        break;
                    }
                }
                continue;
            }
            if (m_stopAtFirstPositional)
                break;
        }
    }
    // Qt's own sentence, in the style of the commands' other messages: lower case, no full stop.
    std::string text = m_parser.errorText().toStdString();
    if (!text.empty() && text.back() == '.')
        text.pop_back();
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z')
        text[0] = static_cast<char>(text[0] - 'A' + 'a');
    return text;
}

bool CommandLine::isSet(const QCommandLineOption& option) const {
    return m_parser.isSet(option);
}

std::string CommandLine::value(const QCommandLineOption& option) const {
    return m_parser.value(option).toStdString();
}

std::vector<std::string> CommandLine::values(const QCommandLineOption& option) const {
    std::vector<std::string> result;
    for (const QString& value : m_parser.values(option))
        result.push_back(value.toStdString());
    return result;
}

std::vector<std::string> CommandLine::positional() const {
    std::vector<std::string> result;
    for (const QString& arg : m_parser.positionalArguments())
        result.push_back(arg.toStdString());
    return result;
}

std::string CommandLine::usage() const {
    // helpText() begins "Usage: <executable> [options] ..." (the executable taken from
    // QCoreApplication, or a placeholder without one); the synopsis says more, in our words.
    const QString help = m_parser.helpText();
    const qsizetype firstLineEnd = help.indexOf(QLatin1Char('\n'));
    std::string text = "usage: " + m_synopsis + "\n";
    if (firstLineEnd >= 0)
        text += help.mid(firstLineEnd + 1).toStdString();
    if (!m_epilogue.empty())
        text += "\n" + m_epilogue;
    return text;
}

int CommandLine::usageError(std::ostream& err, const std::string& message) const {
    err << m_command << ": " << message << "\n" << usage();
    return 2;
}

int commandUsageError(std::ostream& err, const std::string& command, const std::string& message,
                      const std::string& usage) {
    err << command << ": " << message << "\n\n" << usage;
    return 2;
}

std::optional<int> parseCommandArguments(QCommandLineParser& parser, const std::string& command,
                                         const std::vector<std::string>& args, const QCommandLineOption& help,
                                         const std::string& usage, std::ostream& out, std::ostream& err) {
    // --version on every command, as CommandLine gives eval and bench.
    const QCommandLineOption version(QStringLiteral("version"));
    parser.addOption(version);
    QStringList arguments{QString::fromStdString(command)};
    for (const auto& arg : args)
        arguments << QString::fromStdString(arg);
    if (!parser.parse(arguments)) {
        if (!parser.unknownOptionNames().isEmpty()) {
            const QString name = parser.unknownOptionNames().front();
            return commandUsageError(err, command,
                                     "unknown option '" + std::string(name.size() == 1 ? "-" : "--") +
                                         name.toStdString() + "'",
                                     usage);
        }
        // "Missing value after '--out'."
        return commandUsageError(err, command, parser.errorText().toStdString(), usage);
    }
    if (parser.isSet(help)) {
        out << usage;
        return 0;
    }
    if (parser.isSet(version)) {
        out << versionText() << "\n";
        return 0;
    }
    return std::nullopt;
}

} // namespace stridescope::app
