#pragma once
// Python's repr() and str() of script values, exactly as a Python prompt with PyTorch 1.13 prints
// them: torch.Size([2, 3]), (1,), 0.1, torch.float32, and tensors as torch/_tensor_str.py lays
// them out (default print options: precision 4, threshold 1000, edgeitems 3, linewidth 80).
#include "core/Tensor.h"
#include "core/script/Value.h"

#include <string>
#include <string_view>

namespace stridescope::script {

std::string repr(const Value& value);
// str(): the same as repr() except for strings, which are not quoted.
std::string str(const Value& value);

// repr(float): the shortest digits that round-trip, laid out as Python does
// (1.0, 0.1, 1e-05, 1e+16, inf, nan).
std::string floatRepr(double value);
// repr(complex): (1+2j), 2j, (-0-1j), (nan+infj), as Python writes it.
std::string complexRepr(double real, double imag);
// repr(str): quoted with ' unless the text holds ' and no ", with Python's escapes.
std::string stringRepr(std::string_view text);
// "(2, 3)", "(5,)", "()" — a shape as str(tuple(x.shape)) prints it.
std::string shapeTupleRepr(const Shape& shape);

// format(value, spec): Python's format mini-language ([[fill]align][sign][#][0][width][,|_]
// [.precision][type]) for ints, floats and strings, as f"{x:>8.3f}" uses it. A 0-dim tensor
// formats its element; other tensors accept only an empty spec (Tensor.__format__).
std::string formatValue(const Value& value, std::string_view spec);

// print(x.storage()): the elements one per line, then "[torch.storage.TypedStorage(dtype=...,
// device=cpu) of size N]", as PyTorch 1.13 prints it.
inline constexpr std::int64_t kMaxStoragePrintElements = std::int64_t(1) << 16;
std::string storageRepr(const StorageValue& storage);

// repr(tensor). A layout-only tensor (no values kept, see Storage) prints
// "tensor(<layout only: N elements, values not kept>, size=(...))".
std::string tensorRepr(const Tensor& tensor);

} // namespace stridescope::script
