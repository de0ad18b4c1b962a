#pragma once
// Scripts whose copies all touch a CUDA device: tst_cuda_storage runs them on a real GPU,
// tst_device_memory on the fake device, each checking every block against the core after each
// statement. The same list, so that the GPU run checks what CI already proved on the fake.
#include "core/DeviceMemory.h"
#include "core/script/Interpreter.h"
#include "core/script/Workspace.h"

#include <QString>
#include <QTest>

#include <utility>
#include <vector>

namespace stridescope::testing {

inline const std::vector<std::pair<const char*, const char*>>& cudaScriptCases() {
    static const std::vector<std::pair<const char*, const char*>> cases = {
        {"cuda contiguous, transposed, narrowed", "a = x.cuda()\nb = x.t().cuda()\nc = x[:, 1:4].cuda()\n"},
        {"pinned, non_blocking",
         "p = x.pin_memory()\na = p.cuda(non_blocking=True)\nb = x.to('cuda', non_blocking=True)\n"
         "q = torch.empty(4, 6, pin_memory=True)\nq.copy_(a, non_blocking=True)\n"
         "torch.cuda.synchronize()\n"},
        {"cpu back", "a = x.cuda()\nb = a.cpu()\nc = a.t().cpu()\nd = a[1:, ::2].cpu()\ne = a.to('cpu', "
                     "torch.float64)\n"},
        {"contiguous and clone on the device",
         "a = x.cuda()\nb = a.t().contiguous()\nc = a.clone()\nd = a[:, 1:].clone()\n"
         "e = a.t().clone(memory_format=torch.contiguous_format)\n"},
        {"copy_ across and within",
         "g = torch.zeros(6, 4, device='cuda')\ng.copy_(x.t())\n"
         "h = torch.zeros(4, 6, device='cuda').t()\nh.copy_(x.t())\ng[1] = torch.ones(4)\n"
         "g[2, 3] = 7\nx.copy_(g.t())\nh.copy_(g)\n"},
        {"in-place, elementwise, casts",
         "a = x.cuda()\na.add_(1)\nb = a * 2\nb.t().mul_(3)\nc = b.double()\nd = c.cpu()\n"
         "a.resize_(30)\ne = a.cpu()\n"},
        {"roll on the device",
         "a = x.cuda()\nb = a.roll(1, 0)\nc = a.t().roll((1, 2), (0, 1))\nd = a.roll(-5)\n"},
        {"new_*, type and torch.tensor of a device tensor",
         "a = x.cuda()\nb = a.new_zeros(3)\nc = a.new_tensor(x.t())\nd = x.type('torch.cuda.DoubleTensor')\n"
         "e = a.type('torch.FloatTensor')\nf = torch.tensor(a.t())\ng = a.new_full((2, 2), 5)\n"},
        {"dtypes",
         "a = torch.arange(10, dtype=torch.int8).cuda()\nb = torch.arange(10, dtype=torch.float16).cuda()\n"
         "c = torch.arange(10).cuda()[::3].cpu()\nd = (torch.arange(6) > 2).cuda().cpu()\n"
         "e = torch.arange(6.).view(2, 3).to('cuda', torch.bfloat16).t().contiguous().cpu()\n"},
    };
    return cases;
}

// Defines x for every case.
inline constexpr const char* kCudaScriptPrelude = "x = torch.arange(24.).view(4, 6)\n";

// Runs one of the scripts above statement by statement: each statement must run, leave no block
// stale, and leave every tensor's block equal to the core's bytes (`blockMatchesCore`, the real
// device's or the fake's check). A failure is recorded with the statement; the caller returns
// when QTest::currentTestFailed().
template <class BlockMatchesCore>
void runCheckingEveryBlock(const QString& script, BlockMatchesCore blockMatchesCore) {
    script::Workspace workspace;
    workspace.importTorch();
    script::Interpreter interpreter(workspace);
    for (const script::Statement& s : script::Interpreter::parse(script.toStdString())) {
        const script::StatementOutcome o = interpreter.execute(s);
        QVERIFY2(o.ok(), (s.source + ": " + (o.error ? o.error->what() : "")).c_str());
        QCOMPARE(staleMemoryCount(), std::size_t(0));
        for (const auto& [name, t] : workspace.tensors())
            QVERIFY2(blockMatchesCore(t), (s.source + ": " + name).c_str());
    }
}

} // namespace stridescope::testing
