#include "app/commands/EvalCommand.h"
#include "app/commands/CommandLine.h"
#include "app/commands/CommandText.h"
#include "app/commands/DeviceJson.h"
#include "app/commands/DeviceSetup.h"

#include "core/script/Interpreter.h"
#include "core/script/Repr.h"
#include "core/script/Session.h"

#include <algorithm>
#include <iostream>
#include <map>

namespace stridescope::app {

namespace {

using script::StatementOutcome;
using script::StatementResult;

constexpr const char* kSynopsis = "stridescope eval [--json] [--values] [--no-simulated-gpu] FILE|-";
constexpr const char* kDescription =
    "Runs a StrideScope script (PyTorch code: import torch, then views, copies and in-place writes)\n"
    "and prints what a Python prompt would print, stopping at the first error. torch is imported\n"
    "already.";
constexpr const char* kEpilogue =
    "Every --json line is strict JSON: the floats nan, inf and -inf in \"values\" are the strings\n"
    "\"nan\", \"inf\" and \"-inf\".\n"
    "\n"
    "Exit status: 0 when the script ran, 1 when a statement failed, 2 for bad arguments or an\n"
    "unreadable file.\n";

// A logical element as Python's json.dumps(tensor.tolist()) writes it, except that the
// non-finite floats are the strings "nan", "inf", "-inf" (strict JSON has no NaN or Infinity).
std::string jsonScalar(const Scalar& value) {
    switch (value.kind) {
    case Scalar::Kind::Bool:
        return value.intValue ? "true" : "false";
    case Scalar::Kind::Int:
        return std::to_string(value.intValue);
    case Scalar::Kind::Float:
        return jsonFloat(value.floatValue);
    case Scalar::Kind::Complex:
        // A complex element is the pair [real, imag], each part spelt as a float element.
        return "[" + jsonFloat(value.floatValue) + "," + jsonFloat(value.imagValue) + "]";
    }
    return "null";
}

// "values": the logical elements in row-major order, or null when they are not kept.
std::string jsonValues(const Tensor& t) {
    // A view can repeat its storage's elements far beyond what could be printed
    // (torch.zeros(1).expand(2**40)): beyond Storage::kMaxValueElements, no values either.
    if (!t.hasValues() || t.numel() > Storage::kMaxValueElements)
        return "null";
    std::string text = "[";
    bool first = true;
    for (const Scalar& v : t.values()) {
        if (!first)
            text += ',';
        text += jsonScalar(v);
        first = false;
    }
    return text + "]";
}

QJsonValue nameValue(const std::optional<std::string>& name) {
    return name ? jsonStringValue(*name) : QJsonValue(QJsonValue::Null);
}

class EvalPrinter {
public:
    EvalPrinter(std::ostream& out, std::ostream& err, bool json, bool values, std::string fileLabel)
        : m_out(out), m_err(err), m_json(json), m_values(values), m_fileLabel(std::move(fileLabel)) {}

    // Prints one outcome; returns false when it was an error.
    bool print(const StatementOutcome& outcome) {
        if (m_json)
            printJson(outcome);
        else
            printText(outcome);
        m_out.flush();
        return outcome.ok();
    }

    // The host<->device copies of the statement about to be printed (Device.h's log).
    void setTransfers(std::vector<TransferRecord> transfers) { m_transfers = std::move(transfers); }

private:
    // "device" (and "pinned", "transfer"): the one place eval's JSON learns about devices.
    void addDevice(JsonLine& json, const Tensor& t) {
        const TransferRecord* transfer = nullptr;
        for (const TransferRecord& r : m_transfers)
            if (r.destinationStorage == t.storage()->id())
                transfer = &r;
        if (transfer)
            m_reportedTransfers.push_back(transfer);
        addDeviceFields(json, t.storage()->placement(), transfer);
    }

    // Copies whose destination no printed tensor holds (a temporary's) get a line of their own.
    void printUnreportedTransfers(int line) {
        for (const TransferRecord& r : m_transfers)
            if (std::find(m_reportedTransfers.begin(), m_reportedTransfers.end(), &r) == m_reportedTransfers.end())
                printLine(JsonLine().add("line", line).add("transfer", transferJson(r)));
        m_reportedTransfers.clear();
    }

    int storageNumber(const Tensor& tensor) {
        const StoragePtr& storage = tensor.storage();
        const auto it = m_storageNumbers.find(storage.get());
        if (it != m_storageNumbers.end())
            return it->second;
        // Kept alive for the whole run so that no address is reused by a later storage.
        m_keepAlive.push_back(storage);
        const int number = static_cast<int>(m_storageNumbers.size());
        m_storageNumbers.emplace(storage.get(), number);
        return number;
    }

    // One line per tensor, keys in the contract's order; a new field is one add() here.
    JsonLine tensorLine(int line, const std::optional<std::string>& name, const Tensor& t) {
        JsonLine json;
        json.add("line", line)
            .add("name", nameValue(name))
            .add("shape", jsonIntArray(t.sizes()))
            .add("stride", jsonIntArray(t.strides()))
            .add("storage_offset", jsonInteger(t.storageOffset()))
            .add("dtype", jsonStringValue(dtypeShortName(t.dtype())))
            .add("is_contiguous", t.isContiguous())
            .add("storage", storageNumber(t))
            .add("storage_nbytes", jsonInteger(t.storage()->nbytes()));
        addDevice(json, t);
        // The lazy bits, only where set (as "pinned"): "values" are read through them.
        if (t.isConj())
            json.add("is_conj", true);
        if (t.isNeg())
            json.add("is_neg", true);
        if (m_values)
            json.addJson("values", jsonValues(t));
        return json;
    }

    void printLine(const JsonLine& json) { m_out << json.text() << "\n"; }

    void printJson(const StatementOutcome& o) {
        if (!o.printed.empty()) {
            std::string text = o.printed;
            if (text.back() == '\n')
                text.pop_back();
            printLine(JsonLine().add("line", o.line).add("value", jsonStringValue(text)));
        }
        if (o.error) {
            printLine(JsonLine()
                          .add("line", o.line)
                          .add("error", jsonStringValue(o.error->message()))
                          .add("kind", jsonStringValue(errorKindName(o.error->kind()))));
            return;
        }
        for (const StatementResult& r : o.results) {
            if (r.tensor) {
                printLine(tensorLine(o.line, r.name, *r.tensor));
                continue;
            }
            JsonLine json;
            json.add("line", o.line);
            if (r.name)
                json.add("name", jsonStringValue(*r.name));
            printLine(json.add("value", jsonStringValue(r.repr)));
        }
        // A bare expression whose value is None (and that printed nothing) still says so.
        if (o.kind == script::StatementKind::Expression && o.results.empty() && o.printed.empty())
            printLine(JsonLine().add("line", o.line).add("value", QStringLiteral("None")));
        printUnreportedTransfers(o.line);
    }

    void printText(const StatementOutcome& o) {
        m_out << o.printed;
        if (o.error) {
            m_out.flush();
            printTraceback(m_err, m_fileLabel, o);
            return;
        }
        if (o.echo)
            m_out << *o.echo << "\n";
    }

    std::ostream& m_out;
    std::ostream& m_err;
    bool m_json;
    bool m_values;
    std::string m_fileLabel;
    std::vector<TransferRecord> m_transfers;
    std::vector<const TransferRecord*> m_reportedTransfers;
    std::map<const Storage*, int> m_storageNumbers;
    std::vector<StoragePtr> m_keepAlive;
};

} // namespace

int runEvalCommand(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                   std::ostream& err) {
    CommandLine cli("stridescope eval", kSynopsis, kDescription);
    const QCommandLineOption jsonOption = cli.addFlag(
        QStringLiteral("json"),
        QStringLiteral("Print one JSON line per result: the layout of every tensor a statement produces "
                       "(shape, stride, storage_offset, dtype, is_contiguous, storage, storage_nbytes), "
                       "the repr of other values, and the first error."));
    const QCommandLineOption valuesOption = cli.addFlag(
        QStringLiteral("values"), QStringLiteral("With --json, add the logical elements of each tensor (\"values\")."));
    const QCommandLineOption noSimulatedGpuOption = cli.addFlag(
        QStringLiteral("no-simulated-gpu"),
        QStringLiteral("Without a CUDA device, behave like a CPU-only PyTorch (no simulated cuda:0)."));
    cli.addPositional(QStringLiteral("FILE|-"), QStringLiteral("The script; '-' reads standard input."));
    cli.setEpilogue(kEpilogue);
    if (const auto status = cli.parse(args, out, err))
        return *status;

    const std::vector<std::string> files = cli.positional();
    if (files.size() > 1)
        return cli.usageError(err, "one script at a time (got '" + files[0] + "' and '" + files[1] + "')");
    if (files.empty()) {
        // Reading standard input silently would look like a hang to someone who forgot the file.
        return cli.usageError(err, "no script given (a FILE, or - for standard input)");
    }

    const auto script = loadScript("stridescope eval", files.front(), in, err);
    if (!script)
        return 2;
    const bool json = cli.isSet(jsonOption);
    const bool values = cli.isSet(valuesOption);
    setUpDevices(!cli.isSet(noSimulatedGpuOption));
    resetCudaUsed();
    takeTransfers(); // none from before this script

    // `torch` is there from the start (a session begins with `import torch`), as in a workshop
    // notebook whose first cell imported it: snippets pasted without it run as meant.
    script::Session session;
    EvalPrinter printer(out, err, json, values, script->label);
    bool failed = false;
    bool noticed = false;
    (void)session.runScript(script->source, [&](const StatementOutcome& outcome) {
        printer.setTransfers(session.statementTransfers());
        failed = !printer.print(outcome) || failed;
        // Said once, as soon as the script touches the simulated device (plain scripts stay quiet).
        if (!noticed && cudaWasUsed() && cudaSimulated()) {
            err << simulatedGpuNotice() << "\n";
            err.flush();
            noticed = true;
        }
        return true;
    });
    return failed ? 1 : 0;
}

} // namespace stridescope::app
