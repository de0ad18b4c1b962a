#pragma once
// Tensors the diagram tests draw, written as scripts (the way users build them), and the one
// helper that runs a script and builds the DiagramModel of its last tensor with lanes for the
// other named tensors on the same storage, as `stridescope render` does.
#include "app/diagram/DiagramModel.h"
#include "core/script/Interpreter.h"

#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace diagram_cases {

struct Case {
    const char* sentence; // the test row's name
    const char* script;
};

// Every edge the picture must survive. The last assignment is the tensor drawn.
inline const std::vector<Case>& all() {
    static const std::vector<Case> cases = {
        {"a contiguous 2x3x4 arange", "x = torch.arange(24).reshape(2, 3, 4)"},
        {"its transpose, sharing the storage",
         "x = torch.arange(24).reshape(2, 3, 4)\ny = x.transpose(0, 1)"},
        {"a narrow that moves the offset", "m = torch.arange(24).reshape(4, 6)\nn = m.narrow(0, 1, 2)"},
        {"an expand with a stride-0 dim", "v = torch.arange(3.)\ne = v.expand(4, 3)"},
        {"an overlapping as_strided", "b = torch.arange(10.)\nw = b.as_strided((4, 4), (2, 1))"},
        {"a channels-last 4-D tensor",
         "x = torch.arange(96).reshape(2, 3, 4, 4)\nc = x.contiguous(memory_format=torch.channels_last)"},
        {"two views after an in-place write",
         "a = torch.arange(12).reshape(3, 4)\nt = a.t()\nc = a[:, 1::2]\nc.mul_(10)"},
        {"a 0-dim tensor", "x = torch.arange(24).reshape(2, 3, 4)\ns = x[1, 2, 3]"},
        {"a 1-D float tensor", "r = torch.arange(8.)"},
        {"a size-0 tensor", "z = torch.empty(2, 0, 3)"},
        {"a 5-D tensor", "f = torch.arange(32).reshape(2, 2, 2, 2, 2)"},
        {"a layout-only huge tensor", "h = torch.empty(1048576, 1048576)"},
        {"a transposed layout-only huge tensor", "h = torch.empty(1048576, 1048576).t()"},
        {"a strided view of a million elements",
         "big = torch.arange(1048576.).reshape(1024, 1024)\ng = big[::2, 100:300]"},
        {"a window into a large storage", "x = torch.arange(100000.)\ns = x[5000:5040:3]"},
        {"a transposed 64x64 (4,096 cells)", "k = torch.arange(4096.).reshape(64, 64).t()"},
        {"a bool tensor", "b = torch.tensor([True, False, True, False, True, False]).reshape(2, 3)"},
    };
    return cases;
}

struct Built {
    std::string error; // the script's error, empty when it ran
    stridescope::app::DiagramModel model;
    std::vector<std::pair<std::string, stridescope::Tensor>> tensors; // the workspace's, in order
};

// Runs `script` (with `import torch` in front) and builds the model of its last bound tensor.
// A script error is reported in `error` (use BUILD_DIAGRAM, which fails the test).
inline Built build(const std::string& script, const stridescope::app::DiagramOptions& options = {}) {
    using namespace stridescope;
    script::Workspace workspace;
    script::Interpreter interpreter(workspace);
    std::string last;
    std::string failure;
    interpreter.run("import torch\n" + script, [&](const script::StatementOutcome& outcome) {
        if (outcome.error) {
            failure = outcome.error->describe();
            return false;
        }
        for (const auto& result : outcome.results)
            if (result.name && result.tensor)
                last = *result.name;
        return true;
    });
    Built built;
    if (!failure.empty()) {
        built.error = "script failed: " + failure;
        return built;
    }
    built.tensors = workspace.tensors();
    app::DiagramTensorSpec primary;
    std::vector<app::DiagramTensorSpec> others;
    for (const auto& [name, tensor] : built.tensors)
        if (name == last)
            primary = {QString::fromStdString(name), QString(), tensor};
    for (const auto& [name, tensor] : built.tensors)
        if (name != last && tensor.sharesStorageWith(primary.tensor))
            others.push_back({QString::fromStdString(name), QString(), tensor});
    built.model = app::DiagramModel::build(primary, others, options);
    return built;
}

} // namespace diagram_cases

// Declares `name` as the built diagram of `script`, failing the test when the script fails.
#define BUILD_DIAGRAM(name, ...)                                                                             \
    const auto name = diagram_cases::build(__VA_ARGS__);                                                     \
    QVERIFY2(name.error.empty(), name.error.c_str())
