#include "app/commands/EvalCommand.h"
#include "app/commands/CommandText.h"
#include "app/commands/DeviceJson.h"
#include "app/commands/DeviceSetup.h"

#include "core/script/Interpreter.h"
#include "core/script/Repr.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

namespace stridescope::app {

namespace {

using script::StatementOutcome;
using script::StatementResult;

constexpr const char* kUsage =
    "usage: stridescope eval [--json] [--values] [--no-simulated-gpu] FILE|-\n"
    "\n"
    "Runs a StrideScope script (PyTorch code: import torch, then views, copies and in-place writes)\n"
    "and prints what a Python prompt would print, stopping at the first error.\n"
    "\n"
    "  --json     print one JSON line per result: the layout of every tensor a statement produces\n"
    "             (shape, stride, storage_offset, dtype, is_contiguous, storage, storage_nbytes),\n"
    "             the repr of other values, and the first error\n"
    "  --values   with --json, add the logical elements of each tensor (\"values\")\n"
    "  --no-simulated-gpu  without a CUDA device, behave like a CPU-only PyTorch (no simulated cuda:0)\n"
    "  FILE|-     the script; '-' or nothing reads standard input\n"
    "\n"
    "Exit status: 0 when the script ran, 1 when a statement failed, 2 for bad arguments or an\n"
    "unreadable file.\n";

// A logical element as Python's json.dumps(tensor.tolist()) writes it.
std::string jsonScalar(const Scalar& value) {
    switch (value.kind) {
    case Scalar::Kind::Bool:
        return value.intValue ? "true" : "false";
    case Scalar::Kind::Int:
        return std::to_string(value.intValue);
    case Scalar::Kind::Float:
        if (std::isnan(value.floatValue))
            return "NaN";
        if (std::isinf(value.floatValue))
            return value.floatValue > 0 ? "Infinity" : "-Infinity";
        return script::floatRepr(value.floatValue);
    }
    return "null";
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
    std::string deviceFields(const Tensor& t) {
        const TransferRecord* transfer = nullptr;
        for (const TransferRecord& r : m_transfers)
            if (r.destinationStorage == t.storage()->id())
                transfer = &r;
        if (transfer)
            m_reportedTransfers.push_back(transfer);
        return deviceJsonFields(t.storage()->placement(), transfer);
    }

    // Copies whose destination no printed tensor holds (a temporary's) get a line of their own.
    void printUnreportedTransfers(int line) {
        for (const TransferRecord& r : m_transfers)
            if (std::find(m_reportedTransfers.begin(), m_reportedTransfers.end(), &r) == m_reportedTransfers.end())
                m_out << "{\"line\":" << line << ",\"transfer\":" << transferJson(r) << "}\n";
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

    std::string tensorLine(int line, const std::optional<std::string>& name, const Tensor& t) {
        std::ostringstream s;
        s << "{\"line\":" << line << ",\"name\":" << (name ? jsonString(*name) : "null")
          << ",\"shape\":" << jsonIntList(t.sizes()) << ",\"stride\":" << jsonIntList(t.strides())
          << ",\"storage_offset\":" << t.storageOffset()
          << ",\"dtype\":" << jsonString(dtypeShortName(t.dtype()))
          << ",\"is_contiguous\":" << (t.isContiguous() ? "true" : "false")
          << ",\"storage\":" << storageNumber(t) << ",\"storage_nbytes\":" << t.storage()->nbytes()
          << deviceFields(t);
        if (m_values) {
            s << ",\"values\":";
            // A view can repeat its storage's elements far beyond what could be printed
            // (torch.zeros(1).expand(2**40)): beyond Storage::kMaxValueElements, no values either.
            if (!t.hasValues() || t.numel() > Storage::kMaxValueElements) {
                s << "null";
            } else {
                s << "[";
                bool first = true;
                for (const Scalar& v : t.values()) {
                    s << (first ? "" : ",") << jsonScalar(v);
                    first = false;
                }
                s << "]";
            }
        }
        s << "}";
        return s.str();
    }

    void printJson(const StatementOutcome& o) {
        if (!o.printed.empty()) {
            std::string text = o.printed;
            if (text.back() == '\n')
                text.pop_back();
            m_out << "{\"line\":" << o.line << ",\"value\":" << jsonString(text) << "}\n";
        }
        if (o.error) {
            m_out << "{\"line\":" << o.line << ",\"error\":" << jsonString(o.error->message())
                  << ",\"kind\":" << jsonString(errorKindName(o.error->kind())) << "}\n";
            return;
        }
        for (const StatementResult& r : o.results) {
            if (r.tensor) {
                m_out << tensorLine(o.line, r.name, *r.tensor) << "\n";
                continue;
            }
            m_out << "{\"line\":" << o.line;
            if (r.name)
                m_out << ",\"name\":" << jsonString(*r.name);
            m_out << ",\"value\":" << jsonString(r.repr) << "}\n";
        }
        // A bare expression whose value is None (and that printed nothing) still says so.
        if (o.kind == script::StatementKind::Expression && o.results.empty() && o.printed.empty())
            m_out << "{\"line\":" << o.line << ",\"value\":\"None\"}\n";
        printUnreportedTransfers(o.line);
    }

    void printText(const StatementOutcome& o) {
        m_out << o.printed;
        if (o.error) {
            m_out.flush();
            m_err << "Traceback (most recent call last):\n  File \"" << m_fileLabel << "\", line " << o.line
                  << "\n"
                  << errorKindName(o.error->kind()) << ": " << o.error->message() << "\n";
            m_err.flush();
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
    bool json = false;
    bool values = false;
    bool simulatedGpu = true;
    std::optional<std::string> file;
    for (const std::string& arg : args) {
        if (arg == "--json") {
            json = true;
        } else if (arg == "--values") {
            values = true;
        } else if (arg == "--no-simulated-gpu") {
            simulatedGpu = false;
        } else if (arg == "-h" || arg == "--help") {
            out << kUsage;
            return 0;
        } else if (arg.size() > 1 && arg[0] == '-') {
            err << "stridescope eval: unknown option '" << arg << "'\n" << kUsage;
            return 2;
        } else if (file) {
            err << "stridescope eval: one script at a time (got '" << *file << "' and '" << arg << "')\n"
                << kUsage;
            return 2;
        } else {
            file = arg;
        }
    }

    if (!file) {
        // Reading standard input silently would look like a hang to someone who forgot the file.
        err << "stridescope eval: no script given (a FILE, or - for standard input)\n" << kUsage;
        return 2;
    }

    std::string source;
    std::string label = "<stdin>";
    if (*file == "-") {
        if (!readAll(in, source)) {
            err << "stridescope eval: cannot read standard input\n";
            return 2;
        }
    } else {
        label = *file;
        std::error_code ec;
        if (std::filesystem::is_directory(*file, ec)) {
            err << "stridescope eval: cannot read '" << *file << "': Is a directory\n";
            return 2;
        }
        std::ifstream stream(*file, std::ios::binary);
        if (!stream) {
            err << "stridescope eval: cannot read '" << *file << "': " << std::strerror(errno) << "\n";
            return 2;
        }
        if (!readAll(stream, source)) {
            err << "stridescope eval: cannot read '" << *file << "'\n";
            return 2;
        }
    }

    setUpDevices(simulatedGpu);
    resetCudaUsed();
    takeTransfers(); // none from before this script
    script::Workspace workspace;
    // `torch` is there from the start, as in a workshop notebook whose first cell imported it:
    // snippets pasted without `import torch` run as their authors meant them to.
    workspace.importTorch();
    script::Interpreter interpreter(workspace);
    EvalPrinter printer(out, err, json, values, label);
    bool failed = false;
    bool noticed = false;
    interpreter.run(source, [&](const StatementOutcome& outcome) {
        printer.setTransfers(takeTransfers());
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
