#include "core/script/Repr.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/Error.h"

namespace stridescope::script {

std::string storageRepr(const StorageValue& s) {
    // torch/storage.py, TypedStorage.__str__ (UntypedStorage prints the same way in PyTorch 2.x):
    // one element per line, str() of the Python number, then the type line.
    const std::int64_t size = s.storage->nbytes() / itemSize(s.dtype);
    const std::string info = s.untyped ? "[torch.storage.UntypedStorage(device=cpu) of size " + std::to_string(size) + "]"
                                       : "[torch.storage.TypedStorage(dtype=" + dtypeName(s.dtype) +
                                             ", device=cpu) of size " + std::to_string(size) + "]";
    if (!s.storage->hasValues())
        return " <layout only: values not kept>\n" + info;
    SS_CHECK(size <= kMaxStoragePrintElements, RuntimeError, "printing a storage of ", size,
             " elements is more than StrideScope prints (at most ", kMaxStoragePrintElements, ")");
    std::string out = " ";
    for (std::int64_t i = 0; i < size; ++i) {
        if (i)
            out += "\n ";
        out += repr(Value::fromScalar(s.storage->load(s.dtype, i)));
    }
    return out + "\n" + info;
}

std::string complexRepr(double real, double imag) {
    // complex_repr: the parts as repr() writes floats but without a ".0" (1+2j, 1.5-0j), and
    // only the imaginary part when the real one is +0.
    auto part = [](double v) {
        std::string text = floatRepr(v);
        if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0)
            text.resize(text.size() - 2);
        return text;
    };
    if (real == 0.0 && !std::signbit(real))
        return part(imag) + "j";
    std::string imagText = part(imag);
    if (imagText[0] != '-')
        imagText = "+" + imagText;
    return "(" + part(real) + imagText + "j)";
}

std::string floatRepr(double value) {
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    // Shortest round-trip digits in scientific form, e.g. "1.2345e-05", then Python's layout
    // (float_repr_style 'short'): fixed notation when -4 < decimal exponent + 1 <= 16.
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    std::string text(buffer, result.ptr);
    const bool negative = text[0] == '-';
    if (negative)
        text.erase(0, 1);
    const auto e = text.find('e');
    const int exponent = std::stoi(text.substr(e + 1));
    std::string digits;
    for (char c : text.substr(0, e))
        if (c != '.')
            digits += c;
    const int decimalPoint = exponent + 1; // digits d1d2... mean 0.d1d2... x 10^decimalPoint
    std::string out;
    if (decimalPoint > -4 && decimalPoint <= 16) {
        if (decimalPoint <= 0) {
            out = "0." + std::string(static_cast<std::size_t>(-decimalPoint), '0') + digits;
        } else if (static_cast<std::size_t>(decimalPoint) >= digits.size()) {
            out = digits + std::string(static_cast<std::size_t>(decimalPoint) - digits.size(), '0') + ".0";
        } else {
            out = digits.substr(0, static_cast<std::size_t>(decimalPoint)) + "." +
                  digits.substr(static_cast<std::size_t>(decimalPoint));
        }
    } else {
        out = digits.substr(0, 1);
        if (digits.size() > 1)
            out += "." + digits.substr(1);
        const int shown = decimalPoint - 1;
        char exponentText[16];
        std::snprintf(exponentText, sizeof exponentText, "e%c%02d", shown < 0 ? '-' : '+', std::abs(shown));
        out += exponentText;
    }
    return negative ? "-" + out : out;
}

std::string stringRepr(std::string_view text) {
    const bool hasSingle = text.find('\'') != std::string_view::npos;
    const bool hasDouble = text.find('"') != std::string_view::npos;
    const char quote = hasSingle && !hasDouble ? '"' : '\'';
    std::string out(1, quote);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        char escaped[16];
        if (c == '\\') {
            out += "\\\\";
        } else if (c == static_cast<unsigned char>(quote)) {
            out += '\\';
            out += quote;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c == 0x7F) {
            std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
            out += escaped;
        } else if (c < 0x80) {
            out += static_cast<char>(c);
        } else {
            // Decode the UTF-8 sequence; Python escapes the non-printable code points.
            char32_t cp = 0;
            int length = 1;
            if ((c & 0xE0) == 0xC0) {
                cp = c & 0x1F;
                length = 2;
            } else if ((c & 0xF0) == 0xE0) {
                cp = c & 0x0F;
                length = 3;
            } else {
                cp = c & 0x07;
                length = 4;
            }
            for (int k = 1; k < length && i + static_cast<std::size_t>(k) < text.size(); ++k)
                cp = (cp << 6) | (static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0x3F);
            if (cp <= 0xA0 || cp == 0xAD) {
                std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned>(cp));
                out += escaped;
            } else if (cp == 0x2028 || cp == 0x2029 || (cp >= 0x200B && cp <= 0x200F) || cp == 0xFEFF) {
                std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(cp));
                out += escaped;
            } else {
                out.append(text.substr(i, static_cast<std::size_t>(length)));
            }
            i += static_cast<std::size_t>(length) - 1;
        }
    }
    out += quote;
    return out;
}

std::string shapeTupleRepr(const Shape& shape) {
    std::string out = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        out += (i ? ", " : "") + std::to_string(shape[i]);
    if (shape.size() == 1)
        out += ",";
    return out + ")";
}

namespace {

// torch/_tensor_str.py's PRINT_OPTS defaults.
constexpr int kPrecision = 4;
constexpr std::int64_t kThreshold = 1000;
constexpr std::int64_t kEdgeItems = 3;
constexpr int kLineWidth = 80;
constexpr std::int64_t kMaxPrintedDims = 1000;

// Python's "{:.Nf}" / "{:.Ne}" of a double: glibc's printf rounds the exact binary value like
// Python does; only the spelling of non-finite values differs ("-nan" vs "nan").
std::string formatFixed(double v, int precision) {
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, "%.*f", precision, v);
    return buffer;
}

std::string formatExponent(double v, int precision) {
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v > 0 ? "inf" : "-inf";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*e", precision, v);
    return buffer;
}

std::string padLeft(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

// torch._tensor_str._Formatter: decides int mode / scientific mode and the common width from
// the elements that will be shown.
class ElementFormatter {
public:
    ElementFormatter(DType dtype, const std::vector<Scalar>& shown) : m_floating(isFloating(dtype)) {
        if (!m_floating) {
            for (const Scalar& s : shown)
                m_width = std::max(m_width, plainText(s).size());
            return;
        }
        std::vector<double> finiteNonZero;
        for (const Scalar& s : shown) {
            const double v = s.toDouble();
            if (std::isfinite(v) && v != 0.0)
                finiteNonZero.push_back(v);
        }
        if (finiteNonZero.empty())
            return;
        double minAbs = std::abs(finiteNonZero[0]);
        double maxAbs = minAbs;
        for (double v : finiteNonZero) {
            minAbs = std::min(minAbs, std::abs(v));
            maxAbs = std::max(maxAbs, std::abs(v));
            if (v != std::ceil(v))
                m_intMode = false;
        }
        if (m_intMode) {
            if (maxAbs / minAbs > 1000.0 || maxAbs > 1.0e8) {
                m_sciMode = true;
                for (double v : finiteNonZero)
                    m_width = std::max(m_width, formatExponent(v, kPrecision).size());
            } else {
                for (double v : finiteNonZero)
                    m_width = std::max(m_width, formatFixed(v, 0).size() + 1);
            }
        } else if (maxAbs / minAbs > 1000.0 || maxAbs > 1.0e8 || minAbs < 1.0e-4) {
            m_sciMode = true;
            for (double v : finiteNonZero)
                m_width = std::max(m_width, formatExponent(v, kPrecision).size());
        } else {
            for (double v : finiteNonZero)
                m_width = std::max(m_width, formatFixed(v, kPrecision).size());
        }
    }

    std::size_t width() const { return m_width; }

    std::string format(const Scalar& s) const {
        std::string text;
        if (!m_floating) {
            text = plainText(s);
        } else {
            const double v = s.toDouble();
            if (m_sciMode) {
                text = formatExponent(v, kPrecision);
            } else if (m_intMode) {
                text = formatFixed(v, 0);
                if (std::isfinite(v))
                    text += ".";
            } else {
                text = formatFixed(v, kPrecision);
            }
        }
        return padLeft(text, m_width);
    }

private:
    static std::string plainText(const Scalar& s) {
        if (s.kind == Scalar::Kind::Bool)
            return s.intValue ? "True" : "False";
        return std::to_string(s.intValue);
    }

    bool m_floating;
    bool m_intMode = true;
    bool m_sciMode = false;
    std::size_t m_width = 1;
};

// _vector_str's _val_formatter: the real part padded, the imaginary part stripped of its padding
// and signed ("1.+2.j", "0.-3.j", "nan+infj").
std::string formatElement(const Scalar& value, const ElementFormatter& formatter,
                          const ElementFormatter* imag) {
    if (!imag)
        return formatter.format(value);
    const std::string real = formatter.format(Scalar::fromFloat(value.floatValue));
    std::string imagText = imag->format(Scalar::fromFloat(value.imagValue)) + "j";
    imagText.erase(0, imagText.find_first_not_of(' '));
    return imagText[0] == '+' || imagText[0] == '-' ? real + imagText : real + "+" + imagText;
}

// The indices printed along a dimension of size n: all of them, or the first and last
// kEdgeItems when summarizing (the elements between become "...").
std::vector<std::int64_t> shownIndices(std::int64_t n, bool summarize) {
    std::vector<std::int64_t> indices;
    if (summarize && n > 2 * kEdgeItems) {
        for (std::int64_t i = 0; i < kEdgeItems; ++i)
            indices.push_back(i);
        for (std::int64_t i = n - kEdgeItems; i < n; ++i)
            indices.push_back(i);
    } else {
        for (std::int64_t i = 0; i < n; ++i)
            indices.push_back(i);
    }
    return indices;
}

class TensorPrinter {
public:
    TensorPrinter(const Tensor& tensor, bool summarize) : m_tensor(tensor), m_summarize(summarize) {}

    // Every element the printout shows (get_summarized_data), for the formatter.
    void collectShown(Shape& index, std::size_t dim, std::vector<Scalar>& out) const {
        if (dim == index.size()) {
            out.push_back(m_tensor.valueAt(index));
            return;
        }
        for (std::int64_t i : shownIndices(m_tensor.sizes()[dim], m_summarize)) {
            index[dim] = i;
            collectShown(index, dim + 1, out);
        }
    }

    // _tensor_str_with_formatter on the sub-tensor at index[0..dim).
    // `imag` formats the imaginary parts of a complex tensor (formatter the real ones), else null.
    std::string body(Shape& index, std::size_t dim, int indent, const ElementFormatter& formatter,
                     const ElementFormatter* imag) const {
        const std::size_t rank = index.size();
        if (dim == rank)
            return formatElement(m_tensor.valueAt(index), formatter, imag);
        const std::int64_t n = m_tensor.sizes()[dim];
        const bool elided = m_summarize && n > 2 * kEdgeItems;
        if (rank - dim == 1) {
            std::vector<std::string> data;
            for (std::int64_t i : shownIndices(n, m_summarize)) {
                if (elided && i == n - kEdgeItems)
                    data.push_back(" ...");
                index[dim] = i;
                data.push_back(formatElement(m_tensor.valueAt(index), formatter, imag));
            }
            // _vector_str: a complex element also takes the imaginary width and the 'j'.
            const double elementLength =
                static_cast<double>(formatter.width() + 2 + (imag ? imag->width() + 1 : 0));
            const std::size_t perLine = static_cast<std::size_t>(
                std::max(1.0, std::floor(static_cast<double>(kLineWidth - indent) / elementLength)));
            std::string out = "[";
            for (std::size_t i = 0; i < data.size(); ++i) {
                if (i > 0)
                    out += i % perLine == 0 ? ",\n" + std::string(static_cast<std::size_t>(indent) + 1, ' ')
                                            : ", ";
                out += data[i];
            }
            return out + "]";
        }
        const std::string separator =
            "," + std::string(rank - dim - 1, '\n') + std::string(static_cast<std::size_t>(indent) + 1, ' ');
        std::string out = "[";
        bool first = true;
        for (std::int64_t i : shownIndices(n, m_summarize)) {
            if (!first)
                out += separator;
            if (elided && i == n - kEdgeItems)
                out += "..." + separator;
            first = false;
            index[dim] = i;
            out += body(index, dim + 1, indent + 1, formatter, imag);
        }
        return out + "]";
    }

private:
    const Tensor& m_tensor;
    bool m_summarize;
};

// _str_intern's has_default_dtype: the default dtype, the default complex dtype (complex64 next
// to float32), int64 and bool go unsaid.
bool hasDefaultDType(DType dtype) {
    return dtype == DType::Float32 || dtype == DType::ComplexFloat || dtype == DType::Int64 ||
           dtype == DType::Bool;
}

// torch._tensor_str._add_suffixes: a suffix moves to its own line when the line would pass 80.
std::string addSuffixes(const std::string& text, const std::vector<std::string>& suffixes, int indent) {
    std::string out = text;
    const auto newline = text.rfind('\n');
    std::size_t lastLineLength = newline == std::string::npos ? text.size() + 2 : text.size() - newline + 1;
    for (const std::string& suffix : suffixes) {
        if (lastLineLength + suffix.size() + 2 > static_cast<std::size_t>(kLineWidth)) {
            out += ",\n" + std::string(static_cast<std::size_t>(indent), ' ') + suffix;
            lastLineLength = static_cast<std::size_t>(indent) + suffix.size();
        } else {
            out += ", " + suffix;
            lastLineLength += suffix.size() + 2;
        }
    }
    return out + ")";
}

} // namespace

std::string tensorRepr(const Tensor& tensor) {
    const std::string prefix = "tensor(";
    const int indent = static_cast<int>(prefix.size());
    std::vector<std::string> suffixes;
    // _tensor_str: a tensor off the default (cpu) device names it first.
    if (tensor.storage()->device().isCuda())
        suffixes.push_back("device='" + tensor.storage()->device().str() + "'");
    if (!tensor.hasValues()) {
        // Layout-only storages keep no values (Storage::kMaxValueElements); say so in the place
        // where the values would be.
        std::string out = prefix + "<layout only: " + std::to_string(tensor.numel()) +
                          " elements, values not kept>, size=" + shapeTupleRepr(tensor.sizes());
        for (const std::string& suffix : suffixes)
            out += ", " + suffix;
        if (!hasDefaultDType(tensor.dtype()))
            out += ", dtype=" + dtypeName(tensor.dtype());
        return out + ")";
    }
    if (tensor.numel() == 0) {
        if (tensor.dim() != 1)
            suffixes.push_back("size=" + shapeTupleRepr(tensor.sizes()));
        // An empty tensor has no elements to infer int64 from, so only float32 goes unsaid.
        if (tensor.dtype() != DType::Float32)
            suffixes.push_back("dtype=" + dtypeName(tensor.dtype()));
        return addSuffixes(prefix + "[]", suffixes, indent);
    }
    if (!hasDefaultDType(tensor.dtype()))
        suffixes.push_back("dtype=" + dtypeName(tensor.dtype()));

    // The printer recurses once per dimension; nobody reads a printout this deep anyway.
    SS_CHECK(tensor.dim() <= kMaxPrintedDims, RuntimeError, "cannot print a tensor of ", tensor.dim(),
             " dimensions (StrideScope prints at most ", kMaxPrintedDims, ")");
    const bool summarize = tensor.numel() > kThreshold;
    // Summarizing keeps 2 * kEdgeItems elements per dimension, which still multiplies up: an
    // expanded view of 22 dimensions of size 7 would show 6**22 of them.
    constexpr std::int64_t kMaxShownElements = std::int64_t(1) << 19;
    std::int64_t shownElements = 1;
    for (const std::int64_t size : tensor.sizes()) {
        const std::int64_t shownHere = summarize ? std::min(size, 2 * kEdgeItems) : size;
        shownElements = std::min(shownElements * shownHere, kMaxShownElements + 1);
    }
    SS_CHECK(shownElements <= kMaxShownElements, RuntimeError,
             "cannot print a tensor whose printout shows more than ", kMaxShownElements, " elements");
    TensorPrinter printer(tensor, summarize);
    Shape index(static_cast<std::size_t>(tensor.dim()), 0);
    std::vector<Scalar> shown;
    printer.collectShown(index, 0, shown);
    if (isComplex(tensor.dtype())) {
        // _tensor_str: one _Formatter over the real parts (self.real) and one over the imaginary
        // parts (self.imag), of the real dtype; the conj bit is resolved by valueAt().
        std::vector<Scalar> realParts, imagParts;
        for (const Scalar& s : shown) {
            realParts.push_back(Scalar::fromFloat(s.floatValue));
            imagParts.push_back(Scalar::fromFloat(s.imagValue));
        }
        const DType partType = toRealValueType(tensor.dtype());
        const ElementFormatter realFormatter(partType, realParts), imagFormatter(partType, imagParts);
        return addSuffixes(prefix + printer.body(index, 0, indent, realFormatter, &imagFormatter), suffixes,
                           indent);
    }
    const ElementFormatter formatter(tensor.dtype(), shown);
    const std::string body = printer.body(index, 0, indent, formatter, nullptr);
    return addSuffixes(prefix + body, suffixes, indent);
}

std::string repr(const Value& value) {
    auto join = [](const std::vector<Value>& items) {
        std::string out;
        for (std::size_t i = 0; i < items.size(); ++i)
            out += (i ? ", " : "") + repr(items[i]);
        return out;
    };
    switch (value.kind()) {
    case Value::Kind::None:
        return "None";
    case Value::Kind::Bool:
        return value.asBool() ? "True" : "False";
    case Value::Kind::Int:
        return std::to_string(value.asInt());
    case Value::Kind::Float:
        return floatRepr(value.asFloat());
    case Value::Kind::Complex:
        return complexRepr(value.asComplex().real, value.asComplex().imag);
    case Value::Kind::String:
        return stringRepr(value.asString());
    case Value::Kind::Tensor:
        return tensorRepr(value.asTensor());
    case Value::Kind::DType:
        return dtypeName(value.asDType());
    case Value::Kind::TorchLayout:
        return std::string("torch.") + torchLayoutName(value.asTorchLayout());
    case Value::Kind::MemoryFormat:
        switch (value.asMemoryFormat()) {
        case MemoryFormat::Contiguous:
            return "torch.contiguous_format";
        case MemoryFormat::ChannelsLast:
            return "torch.channels_last";
        case MemoryFormat::ChannelsLast3d:
            return "torch.channels_last_3d";
        case MemoryFormat::Preserve:
            return "torch.preserve_format";
        }
        return "torch.contiguous_format";
    case Value::Kind::Size: {
        std::string out = "torch.Size([";
        const Shape& dims = value.asSize();
        for (std::size_t i = 0; i < dims.size(); ++i)
            out += (i ? ", " : "") + std::to_string(dims[i]);
        return out + "])";
    }
    case Value::Kind::Tuple: {
        const auto& items = value.asTuple();
        if (const NamedTupleType* named = value.namedTupleType()) {
            // structseq's repr: "torch.return_types.max(\nvalues=tensor(...),\nindices=tensor(...))"
            std::string out = named->name + "(";
            for (std::size_t i = 0; i < items.size() && i < named->fields.size(); ++i)
                out += "\n" + named->fields[i] + "=" + repr(items[i]) + (i + 1 < items.size() ? "," : "");
            return out + ")";
        }
        return "(" + join(items) + (items.size() == 1 ? ",)" : ")");
    }
    case Value::Kind::List:
        return "[" + join(value.asList()) + "]";
    case Value::Kind::Range: {
        const RangeValue& r = value.asRange();
        std::string out = "range(" + std::to_string(r.start) + ", " + std::to_string(r.stop);
        if (r.step != 1)
            out += ", " + std::to_string(r.step);
        return out + ")";
    }
    case Value::Kind::Ellipsis:
        return "Ellipsis";
    case Value::Kind::Module:
        return "<module '" + value.asModule().name + "'>";
    case Value::Kind::Function: {
        const FunctionValue& f = value.asFunction();
        if (typeName(value) == "type")
            return "<class '" + f.name + "'>";
        const auto dot = f.name.rfind('.');
        const std::string shortName = dot == std::string::npos ? f.name : f.name.substr(dot + 1);
        if (f.self)
            return "<built-in method " + shortName + " of Tensor object>";
        if (f.name.rfind("torch.", 0) == 0)
            return "<built-in method " + shortName + " of type object>";
        return "<built-in function " + shortName + ">";
    }
    case Value::Kind::Generator:
        return "<torch._C.Generator object>";
    case Value::Kind::Storage:
        return storageRepr(value.asStorage());
    case Value::Kind::Device:
        return value.asDevice().repr();
    }
    return "?";
}

namespace {

struct FormatSpec {
    char fill = ' ';
    char align = 0; // '<', '>', '^', '=' or 0 for the type's default
    char sign = '-';
    bool alternate = false;
    std::size_t width = 0;
    char grouping = 0;
    int precision = -1;
    char type = 0;
};

FormatSpec parseFormatSpec(std::string_view spec) {
    FormatSpec f;
    std::size_t i = 0;
    auto isAlign = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
    if (spec.size() >= 2 && isAlign(spec[1])) {
        f.fill = spec[0];
        f.align = spec[1];
        i = 2;
    } else if (!spec.empty() && isAlign(spec[0])) {
        f.align = spec[0];
        i = 1;
    }
    if (i < spec.size() && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' '))
        f.sign = spec[i++];
    if (i < spec.size() && spec[i] == '#') {
        f.alternate = true;
        ++i;
    }
    if (i < spec.size() && spec[i] == '0') {
        if (f.align == 0) {
            f.fill = '0';
            f.align = '=';
        }
        ++i;
    }
    // Python reads these numbers as Py_ssize_t, then builds the padded text; the bound keeps
    // f"{x:99999999999}" from asking for gigabytes (or overflowing while it is read).
    constexpr std::size_t kMaxNumber = std::size_t(1) << 20;
    auto readNumber = [&](const char* what) {
        std::size_t number = 0;
        while (i < spec.size() && spec[i] >= '0' && spec[i] <= '9') {
            number = number * 10 + static_cast<std::size_t>(spec[i++] - '0');
            SS_CHECK(number <= kMaxNumber, ValueError, "a format ", what, " above ", kMaxNumber,
                     " is not supported in StrideScope scripts");
        }
        return number;
    };
    f.width = readNumber("width");
    if (i < spec.size() && (spec[i] == ',' || spec[i] == '_'))
        f.grouping = spec[i++];
    if (i < spec.size() && spec[i] == '.') {
        ++i;
        SS_CHECK(i < spec.size() && spec[i] >= '0' && spec[i] <= '9', ValueError,
                 "Format specifier missing precision");
        f.precision = static_cast<int>(readNumber("precision"));
    }
    if (i < spec.size())
        f.type = spec[i++];
    SS_CHECK(i == spec.size(), ValueError, "Invalid format specifier '", std::string(spec), "'");
    return f;
}

std::string groupDigits(const std::string& digits, char separator, std::size_t group) {
    std::string out;
    const std::size_t n = digits.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0 && (n - i) % group == 0)
            out += separator;
        out += digits[i];
    }
    return out;
}

std::string applyAlignment(const std::string& sign, const std::string& body, const FormatSpec& f,
                           char defaultAlign) {
    const char align = f.align ? f.align : defaultAlign;
    const std::size_t length = sign.size() + body.size();
    if (length >= f.width)
        return sign + body;
    const std::size_t pad = f.width - length;
    const std::string fill(pad, f.fill);
    switch (align) {
    case '<':
        return sign + body + fill;
    case '^':
        return std::string(pad / 2, f.fill) + sign + body + std::string(pad - pad / 2, f.fill);
    case '=':
        return sign + fill + body;
    default:
        return fill + sign + body;
    }
}

std::string signText(bool negative, const FormatSpec& f) {
    if (negative)
        return "-";
    return f.sign == '+' ? "+" : f.sign == ' ' ? " " : "";
}

std::string formatInteger(std::int64_t v, const FormatSpec& f) {
    const bool negative = v < 0;
    const std::uint64_t magnitude =
        negative ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    std::string digits;
    std::string prefix;
    int base = 10;
    switch (f.type) {
    case 'b':
        base = 2;
        prefix = "0b";
        break;
    case 'o':
        base = 8;
        prefix = "0o";
        break;
    case 'x':
        base = 16;
        prefix = "0x";
        break;
    case 'X':
        base = 16;
        prefix = "0X";
        break;
    case 'c': {
        // chr(v), encoded as UTF-8 like every string here.
        SS_CHECK(v >= 0 && v <= 0x10FFFF, OverflowError, "%c arg not in range(0x110000)");
        SS_CHECK(v < 0xD800 || v > 0xDFFF, ValueError, "surrogate characters are not supported");
        const auto c = static_cast<std::uint32_t>(v);
        std::string text;
        if (c < 0x80) {
            text += static_cast<char>(c);
        } else if (c < 0x800) {
            text += static_cast<char>(0xC0 | (c >> 6));
            text += static_cast<char>(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            text += static_cast<char>(0xE0 | (c >> 12));
            text += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            text += static_cast<char>(0x80 | (c & 0x3F));
        } else {
            text += static_cast<char>(0xF0 | (c >> 18));
            text += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            text += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            text += static_cast<char>(0x80 | (c & 0x3F));
        }
        return applyAlignment("", text, f, '<');
    }
    case 0:
    case 'd':
    case 'n':
        break;
    default:
        fail(ErrorKind::ValueError, "Unknown format code '", f.type, "' for object of type 'int'");
    }
    char buffer[80];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, magnitude, base);
    digits.assign(buffer, result.ptr);
    if (f.type == 'X')
        for (char& c : digits)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (f.grouping)
        digits = groupDigits(digits, f.grouping, base == 10 ? 3 : 4);
    return applyAlignment(signText(negative, f) + (f.alternate ? prefix : ""), digits, f, '>');
}

std::string formatFloat(double v, const FormatSpec& f) {
    const bool negative = std::signbit(v) && !std::isnan(v);
    const double magnitude = std::abs(v);
    std::string body;
    if (!std::isfinite(magnitude)) {
        body = std::isnan(magnitude) ? "nan" : "inf";
        if (f.type == 'E' || f.type == 'F' || f.type == 'G')
            for (char& c : body)
                c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return applyAlignment(signText(negative, f), body, f, '>');
    }
    const int precision = f.precision < 0 ? 6 : f.precision;
    // printf into a string of the length printf asks for: "%.400f" of 1e308 needs 710 bytes.
    auto print = [](const std::string& format, int digits, double value) {
        const int length = std::snprintf(nullptr, 0, format.c_str(), digits, value);
        std::string out(static_cast<std::size_t>(std::max(length, 0)) + 1, '\0');
        std::snprintf(out.data(), out.size(), format.c_str(), digits, value);
        out.resize(out.size() - 1);
        return out;
    };
    switch (f.type) {
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
        const std::string format = std::string("%") + (f.alternate ? "#" : "") + ".*" + f.type;
        body = print(format, precision, magnitude);
        break;
    }
    case '%':
        body = print("%.*f", precision, magnitude * 100.0) + "%";
        break;
    case 0:
    case 'n':
        if (f.precision < 0) {
            body = floatRepr(magnitude);
        } else {
            body = print("%.*g", std::max(precision, 1), magnitude);
            if (body.find_first_of(".e") == std::string::npos)
                body += ".0";
        }
        break;
    default:
        fail(ErrorKind::ValueError, "Unknown format code '", f.type, "' for object of type 'float'");
    }
    if (f.grouping) {
        const auto end = body.find_first_not_of("0123456789");
        body = groupDigits(body.substr(0, end), f.grouping, 3) +
               (end == std::string::npos ? "" : body.substr(end));
    }
    return applyAlignment(signText(negative, f), body, f, '>');
}

} // namespace

std::string formatValue(const Value& value, std::string_view spec) {
    if (value.isTensor()) {
        const Tensor& t = value.asTensor();
        if (t.dim() == 0 && t.hasValues())
            return formatValue(Value::fromScalar(t.valueAt({})), spec);
        SS_CHECK(spec.empty(), TypeError, "unsupported format string passed to Tensor.__format__");
        return str(value);
    }
    if (spec.empty())
        return str(value);
    const FormatSpec f = parseFormatSpec(spec);
    switch (value.kind()) {
    case Value::Kind::Bool:
        if (f.type == 0 || f.type == 's')
            return applyAlignment("", value.asBool() ? "True" : "False", f, '<');
        return formatInteger(value.asIntegral(), f);
    case Value::Kind::Int:
        if (f.type != 0 && std::string_view("eEfFgG%").find(f.type) != std::string_view::npos)
            return formatFloat(static_cast<double>(value.asInt()), f);
        return formatInteger(value.asInt(), f);
    case Value::Kind::Float:
        return formatFloat(value.asFloat(), f);
    case Value::Kind::String: {
        SS_CHECK(f.type == 0 || f.type == 's', ValueError, "Unknown format code '", f.type,
                 "' for object of type 'str'");
        std::string text = value.asString();
        if (f.precision >= 0 && text.size() > static_cast<std::size_t>(f.precision))
            text.resize(static_cast<std::size_t>(f.precision));
        return applyAlignment("", text, f, '<');
    }
    default:
        fail(ErrorKind::TypeError, "unsupported format string passed to ", typeName(value), ".__format__");
    }
}

std::string str(const Value& value) {
    if (value.is(Value::Kind::String))
        return value.asString();
    if (value.is(Value::Kind::Device))
        return value.asDevice().str(); // str(torch.device('cuda', 0)) is 'cuda:0'
    return repr(value);
}

} // namespace stridescope::script
