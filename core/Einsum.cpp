#include "Einsum.h"

#include "Arithmetic.h"
#include "Error.h"
#include "MatrixProducts.h"
#include "Ops.h"

#include <array>
#include <cctype>
#include <deque>
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

// sumproduct_pair: (left * right).sum(sumDims, keepdim=true) of two operands with the same number
// of dims, by one bmm: both are permuted to (in both and the output, in left only, summed, in right
// only), reshaped to three dims, multiplied, and the product viewed back and permuted to the
// operands' dim order. So the result's strides are a permutation of the bmm's contiguous ones.
Tensor sumproductPair(Tensor left, Tensor right, const Shape& sumDims) {
    if (sumDims.empty())
        return binary(BinaryKind::Mul, Operand::of(left), Operand::of(right));
    const std::int64_t dims = left.dim();
    std::vector<bool> summed(static_cast<std::size_t>(dims), false);
    for (const std::int64_t d : sumDims)
        summed[static_cast<std::size_t>(d)] = true;
    Shape both, leftOnly, rightOnly; // output dims in both operands, in left only, in right only
    std::int64_t bothSize = 1, leftSize = 1, rightSize = 1, sumSize = 1;
    for (std::int64_t i = 0; i < dims; ++i) {
        const bool inLeft = left.size(i) != 1, inRight = right.size(i) != 1;
        if (summed[static_cast<std::size_t>(i)]) {
            if (inLeft && inRight) {
                SS_CHECK(left.size(i) == right.size(i), RuntimeError, "non-broadcast dimensions must match");
                sumSize *= left.size(i);
            } else if (inLeft) {
                left = reduce(ReductionKind::Sum, left, {i}, true, std::nullopt);
            } else if (inRight) {
                right = reduce(ReductionKind::Sum, right, {i}, true, std::nullopt);
            }
        } else if (inLeft && inRight) {
            SS_CHECK(left.size(i) == right.size(i), RuntimeError, "non-broadcast dimensions must match");
            both.push_back(i);
            bothSize *= left.size(i);
        } else if (inLeft) {
            leftOnly.push_back(i);
            leftSize *= left.size(i);
        } else {
            rightOnly.push_back(i);
            rightSize *= right.size(i);
        }
    }
    Shape outSize, leftPermutation, rightPermutation;
    for (const std::int64_t d : both)
        outSize.push_back(left.size(d));
    for (const std::int64_t d : leftOnly)
        outSize.push_back(left.size(d));
    outSize.insert(outSize.end(), sumDims.size(), 1);
    for (const std::int64_t d : rightOnly)
        outSize.push_back(right.size(d));
    const auto append = [](Shape& to, const Shape& from) { to.insert(to.end(), from.begin(), from.end()); };
    append(leftPermutation, both);
    append(leftPermutation, leftOnly);
    append(leftPermutation, sumDims);
    append(leftPermutation, rightOnly);
    append(rightPermutation, both);
    append(rightPermutation, sumDims);
    append(rightPermutation, rightOnly);
    append(rightPermutation, leftOnly);
    Shape outPermutation(static_cast<std::size_t>(dims), -1);
    std::int64_t position = 0;
    for (const Shape* group : std::initializer_list<const Shape*>{&both, &leftOnly, &sumDims, &rightOnly})
        for (const std::int64_t d : *group)
            outPermutation[static_cast<std::size_t>(d)] = position++;
    left = reshape(permute(left, leftPermutation), {bothSize, leftSize, sumSize});
    right = reshape(permute(right, rightPermutation), {bothSize, sumSize, rightSize});
    return permute(view(bmm(left, right), outSize), outPermutation);
}

} // namespace

Tensor einsum(std::string_view equation, const std::vector<Tensor>& operands) {
    SS_CHECK(!operands.empty(), RuntimeError, "einsum(): must provide at least one operand");
    const std::size_t numOperands = operands.size();
    const auto arrow = equation.find("->");
    const std::string_view lhs = equation.substr(0, arrow);

    // Each operand's labels, split at the commas.
    std::vector<std::vector<int>> labels(numOperands);
    std::size_t current = 0;
    bool ellipsisInInput = false;
    for (std::size_t i = 0; i < lhs.size(); ++i) {
        const auto label = static_cast<unsigned char>(lhs[i]);
        if (label == ' ')
            continue;
        if (label == '.') {
            SS_CHECK(!ellipsisInInput, RuntimeError, "einsum(): found '.' for operand ", current,
                     " for which an ellipsis was already found");
            SS_CHECK(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.', RuntimeError,
                     "einsum(): found '.' for operand ", current, " that is not part of any ellipsis");
            labels[current].push_back(kEllipsis);
            ellipsisInInput = true;
        } else if (label == ',') {
            ++current;
            SS_CHECK(current < numOperands, RuntimeError,
                     "einsum(): fewer operands were provided than specified in the equation");
            ellipsisInInput = false;
        } else {
            checkSubscript(label, i);
            labels[current].push_back(labelIndex(label));
        }
    }
    SS_CHECK(current == numOperands - 1, RuntimeError,
             "einsum(): more operands were provided than specified in the equation");

    std::array<std::int64_t, kTotalLabels> labelCount{};
    std::int64_t ellipsisDims = 0; // the most dims any ellipsis covers
    for (std::size_t i = 0; i < numOperands; ++i) {
        const std::int64_t ndims = operands[i].dim();
        auto nlabels = static_cast<std::int64_t>(labels[i].size());
        bool hasEllipsis = false;
        for (const int label : labels[i]) {
            if (label == kEllipsis) {
                --nlabels;
                hasEllipsis = true;
                ellipsisDims = std::max<std::int64_t>(ellipsisDims, ndims - nlabels);
            } else {
                ++labelCount[static_cast<std::size_t>(label)];
            }
        }
        SS_CHECK(hasEllipsis ? nlabels <= ndims : nlabels == ndims, RuntimeError,
                 "einsum(): the number of subscripts in the equation (", nlabels,
                 hasEllipsis ? ") is more than the number of dimensions ("
                             : ") does not match the number of dimensions (",
                 ndims, ") for operand ", i, hasEllipsis ? "" : " and no ellipsis was given");
    }

    // Each label's place in the permuted operands: the output's first, then the contracted ones.
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

    // Sizes checked, diagonals taken for repeated labels, missing dims unsqueezed, and every
    // operand permuted to the same dim order; dimCounts counts the operands in which a dim is not 1.
    std::array<std::int64_t, kTotalLabels> labelSize;
    labelSize.fill(1);
    Shape ellipsisSizes(static_cast<std::size_t>(ellipsisDims), 1);
    std::vector<std::int64_t> dimCounts(static_cast<std::size_t>(next), 0);
    std::deque<Tensor> permuted;
    for (std::size_t i = 0; i < numOperands; ++i) {
        Tensor op = operands[i];
        Shape permutation(static_cast<std::size_t>(next), -1);
        std::int64_t dim = 0;
        for (const int label : labels[i]) {
            if (label == kEllipsis) {
                const std::int64_t covered =
                    operands[i].dim() - (static_cast<std::int64_t>(labels[i].size()) - 1);
                for (std::int64_t j = ellipsisDims - covered; j < ellipsisDims; ++j) {
                    if (op.size(dim) != 1) {
                        std::int64_t& seen = ellipsisSizes[static_cast<std::size_t>(j)];
                        // (PyTorch's message has no space before "has size".)
                        SS_CHECK(seen == 1 || seen == op.size(dim), RuntimeError, "einsum(): dimension ", dim,
                                 " covered by ellipsis in operand ", i, "has size ", op.size(dim),
                                 " which does not broadcast with previously seen ellipsis with size ", seen,
                                 " for the respective dimension");
                        seen = op.size(dim);
                        ++dimCounts[static_cast<std::size_t>(ellipsisIndex + j)];
                    }
                    permutation[static_cast<std::size_t>(ellipsisIndex + j)] = dim++;
                }
                continue;
            }
            const auto labelAt = static_cast<std::size_t>(label);
            std::int64_t& slot = permutation[static_cast<std::size_t>(permIndex[labelAt])];
            if (slot == -1) {
                if (op.size(dim) != 1) {
                    SS_CHECK(labelSize[labelAt] == 1 || labelSize[labelAt] == op.size(dim), RuntimeError,
                             "einsum(): subscript ", labelOf(label), " has size ", op.size(dim),
                             " for operand ", i, " which does not broadcast with previously seen size ",
                             labelSize[labelAt]);
                    labelSize[labelAt] = op.size(dim);
                    ++dimCounts[static_cast<std::size_t>(permIndex[labelAt])];
                }
                slot = dim++;
                continue;
            }
            const std::int64_t previous = slot;
            SS_CHECK(op.size(dim) == op.size(previous), RuntimeError, "einsum(): subscript ", labelOf(label),
                     " is repeated for operand ", i, " but the sizes don't match, ", op.size(dim),
                     " != ", op.size(previous));
            op = movedim(diagonal(op, 0, previous, dim), {-1}, {previous});
        }
        for (std::int64_t& slot : permutation)
            if (slot == -1) {
                op = unsqueeze(op, dim);
                slot = dim++;
            }
        permuted.push_back(permute(op, permutation));
    }

    // Contract left to right: each pair sums the dims no later operand has, by one bmm.
    while (permuted.size() > 1) {
        Tensor a = permuted[0], b = permuted[1];
        permuted.erase(permuted.begin(), permuted.begin() + 2);
        Shape sumDims, aDimsToSum, bDimsToSum;
        for (std::int64_t dim = outputDims; dim < next; ++dim) {
            std::int64_t& count = dimCounts[static_cast<std::size_t>(dim)];
            if (a.size(dim) != 1 && b.size(dim) != 1) {
                if (--count == 1) {
                    sumDims.push_back(dim);
                    count = 0;
                }
            } else if (count == 1) {
                if (a.size(dim) != 1) {
                    aDimsToSum.push_back(dim);
                    count = 0;
                } else if (b.size(dim) != 1) {
                    bDimsToSum.push_back(dim);
                    count = 0;
                }
            }
        }
        if (!aDimsToSum.empty())
            a = reduce(ReductionKind::Sum, a, aDimsToSum, true, std::nullopt);
        if (!bDimsToSum.empty())
            b = reduce(ReductionKind::Sum, b, bDimsToSum, true, std::nullopt);
        permuted.push_front(sumproductPair(a, b, sumDims));
    }

    // The contracted dims: summed out of a single operand; after products they are all 1 and
    // are viewed away.
    if (next > outputDims) {
        if (numOperands > 1) {
            Shape sizes = permuted[0].sizes();
            sizes.erase(sizes.begin() + outputDims, sizes.end());
            return view(permuted[0], sizes);
        }
        Shape summed(static_cast<std::size_t>(next - outputDims));
        std::iota(summed.begin(), summed.end(), outputDims);
        return reduce(ReductionKind::Sum, permuted[0], summed, false, std::nullopt);
    }
    return permuted[0];
}

} // namespace stridescope::ops
