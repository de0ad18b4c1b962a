#pragma once
// The one way the program and its subcommands read their arguments: Qt's QCommandLineParser, so
// that each of them understands the same things (-h/--help, --version, --opt value and
// --opt=value, -- before a file that starts with a dash) and refuses the same way: a usage error
// (an unknown option, a missing or unexpected value, one script too many) prints
//   stridescope eval: unknown option '--jsn'
//   usage: stridescope eval [--json] [--values] FILE|-
//   ...the help...
// on stderr and the command exits with status 2.
//
// It needs no QCoreApplication (QCommandLineParser::parse() works without one), so a command can
// parse before it decides which Qt it needs (render: an offscreen QGuiApplication; the window: a
// QApplication), and tests can call a command in process.
//
//   CommandLine cli("stridescope eval", "stridescope eval [--json] [--values] FILE|-", kAbout);
//   const QCommandLineOption json = cli.addFlag("json", "print one JSON line per result");
//   cli.addPositional("FILE|-", "the script; '-' reads standard input");
//   if (const auto status = cli.parse(args, out, err))
//       return *status; // --help, --version or a usage error
//   ... cli.isSet(json), cli.positional() ...
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QStringList>

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace stridescope::app {

class CommandLine {
public:
    // `command`: how errors name it ("stridescope eval"); `synopsis`: the usage line(s) after
    // "usage: "; `description`: what it does, printed under the synopsis by --help.
    CommandLine(std::string command, std::string synopsis, std::string description);

    // An option without a value (--json). `names` may hold a short and a long name ("h", "help").
    QCommandLineOption addFlag(const QStringList& names, const QString& description);
    QCommandLineOption addFlag(const QString& name, const QString& description);
    // An option that takes a value (--mib N or --mib=N); `valueName` is the N of the help text.
    QCommandLineOption addValueOption(const QString& name, const QString& valueName, const QString& description);
    // A positional argument as --help lists it.
    void addPositional(const QString& name, const QString& description, const QString& syntax = {});
    // Text printed after the options by --help (exit statuses, examples).
    void setEpilogue(std::string text);
    // For a program with subcommands: every argument after the first positional one is positional,
    // options included, so that `stridescope eval --json x.py` leaves `--json` to eval.
    void stopAtFirstPositional();

    // Parses `args` (the arguments after the command's name). Returns the exit status when the
    // command is done: 0 after printing the help (-h/--help) or the version (--version) on `out`,
    // 2 after a usage error on `err`; nothing when the command should run.
    std::optional<int> parse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

    bool isSet(const QCommandLineOption& option) const;
    // The option's value (the last one given), as UTF-8.
    std::string value(const QCommandLineOption& option) const;
    // Every value given to an option that may repeat (--var a --var b).
    std::vector<std::string> values(const QCommandLineOption& option) const;
    std::vector<std::string> positional() const;

    // The --help text: "usage: <synopsis>", the description, the options and positional arguments
    // as QCommandLineParser lays them out, then the epilogue.
    std::string usage() const;
    // Prints "<command>: <message>" and the usage on `err`; returns 2, the status of a usage error.
    int usageError(std::ostream& err, const std::string& message) const;

    QCommandLineParser& parser() { return m_parser; }

private:
    std::string errorMessage(const QStringList& arguments) const;

    QCommandLineParser m_parser;
    std::string m_command;
    std::string m_synopsis;
    std::string m_epilogue;
    QStringList m_valueOptionNames; // QCommandLineParser cannot list its options
    bool m_stopAtFirstPositional = false;
    QCommandLineOption m_help;
    QCommandLineOption m_version;
};

// "stridescope 0.1.0", as --version prints it (without the newline).
std::string versionText();

// For a command that lays out its own QCommandLineParser and usage text (render, handout):
// "stridescope render: <message>", a blank line and the usage on err; returns 2.
int commandUsageError(std::ostream& err, const std::string& command, const std::string& message,
                      const std::string& usage);
// Parses `args` (what follows the command's name) with `parser`. An unknown option is named as
// typed, any other parser error is Qt's text, both as a usage error; `help` prints the usage and
// --version (added here) the version.
// Returns the exit status when the command should stop there, nullopt to go on.
std::optional<int> parseCommandArguments(QCommandLineParser& parser, const std::string& command,
                                         const std::vector<std::string>& args, const QCommandLineOption& help,
                                         const std::string& usage, std::ostream& out, std::ostream& err);

} // namespace stridescope::app
