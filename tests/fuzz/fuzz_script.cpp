// libFuzzer target: arbitrary bytes as a StrideScope script. Each input runs on a fresh Workspace
// through Interpreter::run (lexer, parser, interpreter, every op, repr), and every tensor a
// statement produces goes through the layout analysis the diagram and the bandwidth model use
// (its coverage of the storage strip and the view-failure explanation included).
// Built with clang's -fsanitize=fuzzer,address,undefined against the core sources alone (see
// scripts/fuzz); any crash, sanitizer report, leak or hang is a bug. Inputs that found one are
// kept in tests/fuzz/regressions/ and replayed by tests/tst_fuzz_regressions.cpp.
#include "core/Analysis.h"
#include "core/CoalescingModel.h"
#include "core/Coverage.h"
#include "core/ValueWorkLimit.h"
#include "core/ViewFailure.h"
#include "core/script/Interpreter.h"
#include "core/script/Lexer.h"
#include "core/script/Session.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

// Scripts people write are far shorter; longer inputs only make each run slower. scripts/fuzz
// also passes -max_len, this guards runs on files given by hand.
constexpr std::size_t kMaxInputBytes = 8192;

// Cheap passes over a layout: they must hold for every layout the interpreter can produce.
void analyseLayout(const stridescope::Tensor& tensor) {
    using namespace stridescope;
    const Layout& layout = tensor.layout();
    (void)isContiguous(layout);
    (void)isChannelsLastContiguous(layout);
    (void)isStridesLikeChannelsLast(layout);
    (void)internalOverlap(layout);
    (void)extentOf(layout);
    (void)explainContiguity(layout);
    (void)logicalToStorage(layout, 64);
    (void)fanIn(layout, 64);
    (void)cpuLineTraffic(layout, tensor.elementSize());
    (void)gpuCoalescing(layout, tensor.elementSize(), {}, std::int64_t(1) << 14);
    if (tensor.numel() > 0) {
        Shape last(tensor.sizes());
        for (auto& index : last)
            index -= 1;
        (void)addressFormula(layout, last);
        (void)addressOf(tensor, last);
    }
    // The diagram strip's reach over the storage the layout needs, in at most 256 units, with
    // budgets small enough that both the count and the estimate run on small inputs.
    if (const auto needed = requiredStorageElements(layout)) {
        CoverageGrid grid{0, *needed, 1};
        while (grid.unitCount() > 256)
            grid.unitSize *= 2;
        (void)coverage(layout, grid, CoverageBudget{1 << 12, 1 << 12, 1 << 8});
    }
    // Why a view would be refused, for three shapes of its numel: flat, reversed, and the first
    // two dims merged.
    (void)explainViewFailure(layout, Shape{-1});
    (void)explainViewFailure(layout, Shape(layout.sizes.rbegin(), layout.sizes.rend()));
    if (layout.dim() >= 2) {
        Shape merged(layout.sizes.begin() + 1, layout.sizes.end());
        merged[0] = -1;
        (void)explainViewFailure(layout, merged);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > kMaxInputBytes)
        return -1; // not added to the corpus
    const std::string_view source(reinterpret_cast<const char*>(data), size);
    // Each statement is bounded by the interpreter; this bounds the whole input, so that a
    // script of hundreds of heavy statements is refused (an error, not a hang report).
    const stridescope::ValueWorkLimit limit(std::int64_t(1) << 21);
    // The tolerant comment scanner and the one-line writer take any text (the editor's lines).
    for (const auto& comment : stridescope::script::scanComments(source))
        if (comment.offset >= comment.endOffset || comment.endOffset > source.size())
            __builtin_trap();
    (void)stridescope::script::oneLine(source);
    (void)stridescope::script::isStatementText(source);
    stridescope::script::Workspace workspace;
    stridescope::script::Interpreter interpreter(workspace);
    interpreter.run(source, [](const stridescope::script::StatementOutcome& outcome) {
        for (const auto& [name, tensor] : outcome.tensors())
            analyseLayout(tensor);
        return true;
    });
    return 0;
}
