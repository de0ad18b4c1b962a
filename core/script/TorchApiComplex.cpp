// The complex surface of the op table: view_as_real / view_as_complex, real / imag, the lazy
// conjugate (conj, is_conj, resolve_conj, conj_physical, and the neg bit it leaves on imag),
// torch.complex and is_complex, plus Python's complex() builtin.
#include "core/ComplexOps.h"
#include "core/script/TorchRegistry.h"

namespace stridescope::script {

using namespace registry_detail;

namespace {

using P = const ParsedArguments&;
using T = const Tensor&;
using C = CallContext&;

Value tensorValue(const Tensor& t) { return Value::fromTensor(t); }

// A Python number's two parts (complex.__new__ reads a real number as (x, 0)).
ComplexNumber partsOf(const Value& v) {
    if (v.is(Value::Kind::Complex))
        return v.asComplex();
    return {v.asDouble(), 0.0};
}

Value pythonComplex(const CallArguments& args) {
    SS_CHECK(args.keywords.empty(), TypeError,
             "complex() with keywords (real=, imag=) is not supported in StrideScope scripts");
    SS_CHECK(args.positional.size() <= 2, TypeError, "complex() takes at most 2 arguments (",
             args.positional.size(), " given)");
    if (args.positional.empty())
        return Value::fromComplex(0.0, 0.0);
    Value first = args.positional[0];
    if (first.isTensor()) // Tensor.__complex__: item()
        first = Value::fromScalar(singleValue(first.asTensor()));
    SS_CHECK(first.isNumber(), TypeError, "complex() first argument must be a string or a number, not '",
             typeName(first), "'");
    const ComplexNumber re = partsOf(first);
    if (args.positional.size() == 1)
        return Value::fromComplex(re.real, re.imag);
    const Value& second = args.positional[1];
    SS_CHECK(second.isNumber(), TypeError, "complex() second argument must be a number, not '",
             typeName(second), "'");
    // complex_new: a complex b rotates its imaginary part into the real one, a complex a adds its
    // imaginary part to b (only then: complex(1.5, -0.0) keeps the -0.0).
    const ComplexNumber im = partsOf(second);
    double real = re.real, imag = im.real;
    if (second.is(Value::Kind::Complex))
        real -= im.imag;
    if (first.is(Value::Kind::Complex))
        imag += re.imag;
    return Value::fromComplex(real, imag);
}

} // namespace

namespace registry_detail {

void registerComplex(Registry& r) {
    r.torchFunction("view_as_real", {"view_as_real(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::viewAsReal(p.tensor(0))); });
    r.torchFunction("view_as_complex", {"view_as_complex(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::viewAsComplex(p.tensor(0))); });
    r.torchFunction("real", {"real(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::real(p.tensor(0))); });
    r.torchFunction("imag", {"imag(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::imag(p.tensor(0))); });
    r.property("real", [](T t) { return tensorValue(ops::real(t)); });
    r.property("imag", [](T t) { return tensorValue(ops::imag(t)); });

    r.noArgsMethod("conj", [](T self, C) { return tensorValue(ops::conj(self)); });
    r.torchFunction("conj", {"conj(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::conj(p.tensor(0))); });
    r.noArgsMethod("conj_physical", [](T self, C) { return tensorValue(ops::conjPhysical(self)); });
    r.torchFunction("conj_physical", {"conj_physical(Tensor input, *, Tensor out=None)"}, [](P p, C) {
        SS_CHECK(!p.has(1), RuntimeError, "conj_physical(out=) is not modelled by StrideScope");
        return tensorValue(ops::conjPhysical(p.tensor(0)));
    });
    r.noArgsMethod("resolve_conj", [](T self, C) { return tensorValue(ops::resolveConj(self)); });
    r.torchFunction("resolve_conj", {"resolve_conj(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::resolveConj(p.tensor(0))); });
    r.noArgsMethod("resolve_neg", [](T self, C) { return tensorValue(ops::resolveNeg(self)); });
    r.torchFunction("resolve_neg", {"resolve_neg(Tensor input)"},
                    [](P p, C) { return tensorValue(ops::resolveNeg(p.tensor(0))); });
    r.noArgsMethod("is_conj", [](T self, C) { return Value::fromBool(self.isConj()); });
    r.torchFunction("is_conj", {"is_conj(Tensor input)"},
                    [](P p, C) { return Value::fromBool(p.tensor(0).isConj()); });
    r.noArgsMethod("is_neg", [](T self, C) { return Value::fromBool(self.isNeg()); });
    r.torchFunction("is_neg", {"is_neg(Tensor input)"},
                    [](P p, C) { return Value::fromBool(p.tensor(0).isNeg()); });
    r.noArgsMethod("is_complex", [](T self, C) { return Value::fromBool(isComplex(self.dtype())); });
    r.torchFunction("is_complex", {"is_complex(Tensor input)"},
                    [](P p, C) { return Value::fromBool(isComplex(p.tensor(0).dtype())); });
    r.torchFunction("complex", {"complex(Tensor real, Tensor imag, *, Tensor out=None)"}, [](P p, C) {
        SS_CHECK(!p.has(2), RuntimeError, "torch.complex(out=) is not modelled by StrideScope");
        return tensorValue(ops::complexFromParts(p.tensor(0), p.tensor(1)));
    });

    r.custom("complex", [](const CallArguments& args, const Tensor*, C) { return pythonComplex(args); });
    r.builtins.push_back("complex");
}

} // namespace registry_detail

} // namespace stridescope::script
