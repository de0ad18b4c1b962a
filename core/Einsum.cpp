#include "Einsum.h"

#include "Arithmetic.h"
#include "Error.h"
#include "Ops.h"

#include <array>
#include <cctype>
#include <numeric>
#include <string>
#include <vector>

namespace stridescope::ops {

namespace {

// Labels A-Z are 0-25 and a-z 26-51, as in ATen; the implicit output lists them in that order.
constexpr int kLetters = 26;
constexpr int kTotalLabels = 2 * kLetters;
constexpr int kEllipsis = kTotalLabels;

int labelIndex(unsigned char label) { return std::isupper(label) ? label - 'A' : label - 'a' + kLetters; }

char labelOf(int index) { return static_cast<char>(index < kLetters ? 'A' + index : 'a' + index - kLetters); }

// What at::einsum says about the ellipses of one side of the equation.
struct EllipsisMessages {
    const char* secondOne;
    const char* broken;
};

// One side of the equation as at::einsum reads it: spaces skipped, one "..." at most (onEllipsis),
// every other character to onLabel(character, its index in the side).
template <typename OnEllipsis, typename OnLabel>
void readSide(std::string_view side, const EllipsisMessages& messages, OnEllipsis onEllipsis,
              OnLabel onLabel) {
    bool ellipsisSeen = false;
    for (std::size_t i = 0; i < side.size(); ++i) {
        const auto label = static_cast<unsigned char>(side[i]);
        if (label == ' ')
            continue;
        if (label != '.') {
            onLabel(label, i);
            continue;
        }
        SS_CHECK(!ellipsisSeen, RuntimeError, messages.secondOne);
        SS_CHECK(i + 2 < side.size() && side[++i] == '.' && side[++i] == '.', RuntimeError, messages.broken);
        ellipsisSeen = true;
        onEllipsis();
    }
}

void checkSubscript(unsigned char label, std::size_t index) {
    SS_CHECK(std::isalpha(label), RuntimeError, "einsum(): invalid subscript given at index ", index,
             " in the equation string, subscripts must be in [a-zA-Z]");
}

} // namespace

Tensor einsum(std::string_view equation, const Tensor& operand) {
    const auto arrow = equation.find("->");
    const std::string_view lhs = equation.substr(0, arrow);

    // The operand's labels (one operand: a ',' means the equation names more).
    std::vector<int> labels;
    bool ellipsisInInput = false;
    readSide(
        lhs,
        {"einsum(): found '.' for operand 0 for which an ellipsis was already found",
         "einsum(): found '.' for operand 0 that is not part of any ellipsis"},
        [&] {
            labels.push_back(kEllipsis);
            ellipsisInInput = true;
        },
        [&](unsigned char label, std::size_t i) {
            SS_CHECK(label != ',', RuntimeError,
                     "einsum(): fewer operands were provided than specified in the equation");
            checkSubscript(label, i);
            labels.push_back(labelIndex(label));
        });

    std::array<std::int64_t, kTotalLabels> labelCount{};
    const std::int64_t ndims = operand.dim();
    auto nlabels = static_cast<std::int64_t>(labels.size());
    std::int64_t ellipsisDims = 0;
    for (const int label : labels) {
        if (label == kEllipsis) {
            --nlabels;
            ellipsisDims = std::max<std::int64_t>(ellipsisDims, ndims - nlabels);
        } else {
            ++labelCount[static_cast<std::size_t>(label)];
        }
    }
    SS_CHECK(ellipsisInInput ? nlabels <= ndims : nlabels == ndims, RuntimeError,
             "einsum(): the number of subscripts in the equation (", nlabels,
             ellipsisInInput ? ") is more than the number of dimensions ("
                             : ") does not match the number of dimensions (",
             ndims, ") for operand 0", ellipsisInInput ? "" : " and no ellipsis was given");

    // Each label's place in the permuted operand: the output's first, then the contracted ones.
    std::array<std::int64_t, kTotalLabels> permIndex;
    permIndex.fill(-1);
    std::int64_t next = 0;
    std::int64_t ellipsisIndex = 0;
    bool ellipsisInOutput = false;
    if (arrow == std::string_view::npos) {
        // Implicit output: the ellipsis, then every label seen once, in label order.
        next = ellipsisDims;
        ellipsisInOutput = true;
        for (int label = 0; label < kTotalLabels; ++label)
            if (labelCount[static_cast<std::size_t>(label)] == 1)
                permIndex[static_cast<std::size_t>(label)] = next++;
    } else {
        readSide(
            equation.substr(arrow + 2),
            {"einsum(): found '.' for output but an ellipsis (...) was already found",
             "einsum(): found '.' for output that is not part of any ellipsis (...)"},
            [&] {
                ellipsisIndex = next;
                next += ellipsisDims;
                ellipsisInOutput = true;
            },
            [&](unsigned char label, std::size_t i) {
                checkSubscript(label, lhs.size() + 2 + i);
                const auto index = static_cast<std::size_t>(labelIndex(label));
                SS_CHECK(labelCount[index] > 0 && permIndex[index] == -1, RuntimeError,
                         "einsum(): output subscript ", static_cast<char>(label),
                         permIndex[index] > -1 ? " appears more than once in the output"
                                               : " does not appear in the equation for any input operand");
                permIndex[index] = next++;
            });
    }
    const std::int64_t outputDims = next;
    if (!ellipsisInOutput) {
        ellipsisIndex = next;
        next += ellipsisDims;
    }
    for (std::size_t label = 0; label < kTotalLabels; ++label)
        if (labelCount[label] > 0 && permIndex[label] == -1)
            permIndex[label] = next++;

    // Diagonals for repeated labels, then the permutation (no dims are missing with one operand).
    Tensor op = operand;
    Shape permutation(static_cast<std::size_t>(next), -1);
    std::int64_t dim = 0;
    for (const int label : labels) {
        if (label == kEllipsis) {
            const std::int64_t covered = ndims - (static_cast<std::int64_t>(labels.size()) - 1);
            for (std::int64_t j = ellipsisDims - covered; j < ellipsisDims; ++j)
                permutation[static_cast<std::size_t>(ellipsisIndex + j)] = dim++;
            continue;
        }
        std::int64_t& slot =
            permutation[static_cast<std::size_t>(permIndex[static_cast<std::size_t>(label)])];
        if (slot == -1) {
            slot = dim++;
            continue;
        }
        const std::int64_t previous = slot;
        SS_CHECK(op.size(dim) == op.size(previous), RuntimeError, "einsum(): subscript ", labelOf(label),
                 " is repeated for operand 0 but the sizes don't match, ", op.size(dim),
                 " != ", op.size(previous));
        op = movedim(diagonal(op, 0, previous, dim), {-1}, {previous});
    }
    op = permute(op, permutation);

    if (next > outputDims) {
        Shape summed(static_cast<std::size_t>(next - outputDims));
        std::iota(summed.begin(), summed.end(), outputDims);
        return reduce(ReductionKind::Sum, op, summed, false, std::nullopt);
    }
    return op;
}

} // namespace stridescope::ops
