#include "core/script/Interpreter.h"

#include "core/Arithmetic.h"
#include "core/ComplexOps.h"
#include "core/DeviceMemory.h"
#include "core/Ops.h"
#include "core/ValueWorkLimit.h"
#include "core/script/ArgumentParser.h"
#include "core/script/Operators.h"
#include "core/script/Parser.h"
#include "core/script/Repr.h"
#include "core/script/TorchApi.h"

#include <algorithm>
#include <new>

namespace stridescope::script {

std::vector<std::pair<std::optional<std::string>, Tensor>> StatementOutcome::tensors() const {
    std::vector<std::pair<std::optional<std::string>, Tensor>> out;
    for (const StatementResult& result : results)
        if (result.tensor)
            out.emplace_back(result.name, *result.tensor);
    return out;
}

namespace {

// One evaluated element of a subscript: a value, or a slice whose bounds are values.
struct IndexPart {
    bool isSlice = false;
    Value value;
    Value start, stop, step; // None when omitted
};

struct Subscript {
    std::vector<IndexPart> parts;
    bool isTuple = false; // x[a, b] (or x[t] with t a tuple), as opposed to x[a]
};

std::string nameOf(const IndexPart& part) { return part.isSlice ? "slice" : typeName(part.value); }

// Python's slice bounds: ints (bools too), objects with __index__, or None.
std::optional<std::int64_t> sliceBound(const Value& v) {
    if (v.isNone())
        return std::nullopt;
    if (v.is(Value::Kind::Int) || v.is(Value::Kind::Bool))
        return v.asIntegral();
    if (isIndexLikeTensor(v))
        return toPythonInt(v);
    fail(ErrorKind::TypeError, "slice indices must be integers or None or have an __index__ method");
}

// PySlice_Unpack + PySlice_AdjustIndices: where a slice starts and stops in a sequence of
// `length`, its step, and how many items it selects.
struct SliceBounds {
    std::int64_t start = 0;
    std::int64_t stop = 0;
    std::int64_t step = 1;
    std::int64_t count = 0;
};

SliceBounds sliceBounds(const IndexPart& part, std::int64_t length) {
    SliceBounds b;
    b.step = sliceBound(part.step).value_or(1);
    SS_CHECK(b.step != 0, ValueError, "slice step cannot be zero");
    auto adjust = [&](std::optional<std::int64_t> bound, std::int64_t defaultValue) {
        if (!bound)
            return defaultValue;
        std::int64_t v = *bound;
        if (v < 0) {
            v = v < -length ? (b.step < 0 ? -1 : 0) : v + length;
        } else if (v >= length) {
            v = b.step < 0 ? length - 1 : length;
        }
        return v;
    };
    b.start = adjust(sliceBound(part.start), b.step < 0 ? length - 1 : 0);
    b.stop = adjust(sliceBound(part.stop), b.step < 0 ? -1 : length);
    if (b.step > 0 && b.start < b.stop)
        b.count = (b.stop - b.start - 1) / b.step + 1;
    else if (b.step < 0 && b.stop < b.start)
        b.count = (b.start - b.stop - 1) / (-b.step) + 1;
    return b;
}

// r.start + index * r.step, refusing to wrap.
std::int64_t rangeElement(const RangeValue& r, std::int64_t index) {
    std::int64_t offset = 0;
    std::int64_t value = 0;
    SS_CHECK(!__builtin_mul_overflow(index, r.step, &offset) &&
                 !__builtin_add_overflow(r.start, offset, &value),
             OverflowError, "range slice does not fit in 64 bits (StrideScope integers are int64)");
    return value;
}

// Subscripting a tuple, list, torch.Size, str or range (Python's own rules and messages).
Value subscriptSequence(const Value& object, const Subscript& subscript) {
    const std::string kindName = object.is(Value::Kind::String)  ? "string"
                                 : object.is(Value::Kind::Range) ? "range object"
                                 : object.is(Value::Kind::List)  ? "list"
                                                                 : "tuple";
    const std::string indicesName = object.is(Value::Kind::String)  ? "string"
                                    : object.is(Value::Kind::Range) ? "range"
                                    : object.is(Value::Kind::List)  ? "list"
                                                                    : "tuple";
    auto wrongType = [&](const std::string& got) -> Value {
        if (object.is(Value::Kind::String))
            fail(ErrorKind::TypeError, "string indices must be integers, not '", got, "'");
        fail(ErrorKind::TypeError, indicesName, " indices must be integers or slices, not ", got);
    };
    if (subscript.isTuple)
        return wrongType("tuple");
    const IndexPart& part = subscript.parts[0];
    const std::int64_t length = pythonLength(object);
    if (part.isSlice) {
        const SliceBounds bounds = sliceBounds(part, length);
        if (object.is(Value::Kind::Range)) {
            // range(10)[2:8:3] is range(2, 8, 3): computed, never listed.
            const RangeValue& r = object.asRange();
            RangeValue out;
            out.start = rangeElement(r, bounds.start);
            out.stop = rangeElement(r, bounds.stop);
            SS_CHECK(!__builtin_mul_overflow(r.step, bounds.step, &out.step), OverflowError,
                     "range slice does not fit in 64 bits (StrideScope integers are int64)");
            return Value::range(out);
        }
        std::vector<std::int64_t> indices;
        for (std::int64_t k = 0; k < bounds.count; ++k)
            indices.push_back(bounds.start + k * bounds.step);
        const std::vector<Value> items = iterate(object);
        if (object.is(Value::Kind::String)) {
            std::string out;
            for (std::int64_t i : indices)
                out += items[static_cast<std::size_t>(i)].asString();
            return Value::fromString(out);
        }
        std::vector<Value> selected;
        for (std::int64_t i : indices)
            selected.push_back(items[static_cast<std::size_t>(i)]);
        if (object.is(Value::Kind::Size)) {
            Shape dims;
            for (const Value& v : selected)
                dims.push_back(v.asInt());
            return Value::fromSize(dims);
        }
        return object.is(Value::Kind::List) ? Value::list(std::move(selected))
                                            : Value::tuple(std::move(selected));
    }
    std::int64_t index = 0;
    if (part.value.is(Value::Kind::Int) || part.value.is(Value::Kind::Bool))
        index = part.value.asIntegral();
    else if (isIndexLikeTensor(part.value))
        index = toPythonInt(part.value);
    else
        return wrongType(nameOf(part));
    if (index < 0)
        index += length;
    SS_CHECK(index >= 0 && index < length, IndexError, kindName, " index out of range");
    if (object.is(Value::Kind::Range))
        return Value::fromInt(object.asRange().at(index));
    if (object.is(Value::Kind::Size))
        return Value::fromInt(object.asSize()[static_cast<std::size_t>(index)]);
    if (object.is(Value::Kind::String))
        return iterate(object)[static_cast<std::size_t>(index)];
    return object.sequenceItems()[static_cast<std::size_t>(index)];
}

[[noreturn]] void advancedIndexingUnsupported(const std::string& what) {
    fail(ErrorKind::IndexError, "indexing with ", what,
         " (advanced indexing) copies values and is not supported by StrideScope; use integers, slices, None "
         "and ...");
}

// Tensor basic indexing: the items ops::index takes.
std::vector<ops::IndexItem> tensorIndexItems(const Subscript& subscript) {
    std::vector<ops::IndexItem> items;
    for (const IndexPart& part : subscript.parts) {
        ops::IndexItem item;
        if (part.isSlice) {
            item.kind = ops::IndexItem::Kind::Slice;
            item.start = sliceBound(part.start);
            item.stop = sliceBound(part.stop);
            item.step = sliceBound(part.step);
            SS_CHECK(item.step.value_or(1) != 0, ValueError, "slice step cannot be zero");
        } else {
            const Value& v = part.value;
            switch (v.kind()) {
            case Value::Kind::Int:
                item.kind = ops::IndexItem::Kind::Integer;
                item.integer = v.asInt();
                break;
            case Value::Kind::None:
                item.kind = ops::IndexItem::Kind::None;
                break;
            case Value::Kind::Ellipsis:
                item.kind = ops::IndexItem::Kind::Ellipsis;
                break;
            case Value::Kind::Bool:
                advancedIndexingUnsupported("a bool");
            case Value::Kind::Tensor:
                // A 0-dim integer tensor indexes like an int (a view); other tensors are advanced.
                if (v.asTensor().dim() == 0 && isIntegral(v.asTensor().dtype(), false) && v.asTensor().hasValues()) {
                    item.kind = ops::IndexItem::Kind::Integer;
                    item.integer = v.asTensor().valueAt({}).intValue;
                    break;
                }
                advancedIndexingUnsupported("a tensor");
            case Value::Kind::List:
            case Value::Kind::Tuple:
            case Value::Kind::Size:
            case Value::Kind::Range:
                advancedIndexingUnsupported("a " + typeName(v));
            case Value::Kind::String:
                fail(ErrorKind::TypeError, "new(): invalid data type 'str'");
            default:
                fail(ErrorKind::IndexError,
                     "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                     "valid indices (got ",
                     typeName(v), ")");
            }
        }
        items.push_back(item);
    }
    return items;
}

// Whether a subscript part makes the indexing advanced (a copy): a tensor that is not a 0-dim
// integer, a bool, or a sequence (which becomes an index tensor).
bool isAdvancedPart(const IndexPart& part) {
    if (part.isSlice)
        return false;
    const Value& v = part.value;
    switch (v.kind()) {
    case Value::Kind::Bool:
    case Value::Kind::List:
    case Value::Kind::Tuple:
    case Value::Kind::Range:
    case Value::Kind::Size:
        return true;
    case Value::Kind::Tensor:
        return !(v.asTensor().dim() == 0 && isIntegral(v.asTensor().dtype(), false));
    default:
        return false;
    }
}

// x[[0, 2]]: a list of numbers is one index tensor, but a list holding slices, None, ...,
// tensors or sequences is read as a tuple of indices (treatSequenceAsTuple, kept by PyTorch 1.13
// for NumPy compatibility).
bool sequenceIsTuple(const Value& v) {
    if (!v.is(Value::Kind::List))
        return false;
    for (const Value& item : v.asList())
        if (item.isTensor() || item.isSequence() || item.isNone() || item.is(Value::Kind::Ellipsis) ||
            item.is(Value::Kind::Range))
            return true;
    return false;
}

class StatementRun final : public CallContext {
public:
    StatementRun(Workspace& workspace, StatementOutcome& outcome, WriteJournal* callerJournal)
        : m_workspace(workspace), m_outcome(outcome), m_callerJournal(callerJournal) {}

    void write(std::string_view text) override { m_outcome.printed += text; }

    void aboutToWrite(const Tensor& tensor) override {
        if (!tensor.storage())
            return;
        m_journal.record(tensor.storage());
        if (m_callerJournal)
            m_callerJournal->record(tensor.storage());
        // PyTorch bumps the version counter of every in-place op (shared by all views); the
        // journals put the old value back when the statement fails or a preview is undone.
        if (tensor.versionCounter()) {
            m_journal.recordVersion(tensor.versionCounter());
            if (m_callerJournal)
                m_callerJournal->recordVersion(tensor.versionCounter());
            tensor.bumpVersion();
        }
    }

    RandomGenerator& generator() override {
        // Kept lazily: most statements draw nothing, and the state is 2.5 KB.
        if (!m_generatorBefore)
            m_generatorBefore = m_workspace.generator();
        return m_workspace.generator();
    }

    void run(const Statement& statement) {
        switch (statement.kind) {
        case StatementKind::Expression:
            runExpression(statement);
            break;
        case StatementKind::Assign: {
            const Value value = evaluate(*statement.value);
            for (const ExprPtr& target : statement.targets)
                assign(*target, value);
            break;
        }
        case StatementKind::AugmentedAssign:
            runAugmented(statement);
            break;
        case StatementKind::Import:
            runImport(statement);
            break;
        case StatementKind::Delete:
            remove(*statement.targets[0]);
            break;
        case StatementKind::Pass:
            break;
        case StatementKind::Assert:
            runAssert(statement);
            break;
        }
    }

    void commit() {
        for (auto& [name, value] : m_staged) {
            if (value)
                m_workspace.set(name, *value);
            else
                m_workspace.remove(name);
        }
    }

    // Undoes the statement's in-place writes and forgets its results.
    void rollback() {
        m_journal.undo();
        if (m_generatorBefore) // a failed statement draws nothing: a replay would not have drawn
            m_workspace.generator() = *m_generatorBefore;
        m_outcome.results.clear();
        m_outcome.echo.reset();
    }

private:
    // ---- names ----------------------------------------------------------------------------
    std::optional<Value> lookupStaged(const std::string& name, bool& deleted) const {
        for (auto it = m_staged.rbegin(); it != m_staged.rend(); ++it) {
            if (it->first == name) {
                deleted = !it->second.has_value();
                return it->second;
            }
        }
        deleted = false;
        return std::nullopt;
    }

    Value lookup(const std::string& name) const {
        bool deleted = false;
        if (auto staged = lookupStaged(name, deleted))
            return *staged;
        if (!deleted) {
            if (const Value* value = m_workspace.find(name))
                return *value;
            if (auto function = builtin(name))
                return *function;
        }
        fail(ErrorKind::NameError, "name '", name, "' is not defined");
    }

    bool isBound(const std::string& name) const {
        bool deleted = false;
        if (lookupStaged(name, deleted))
            return true;
        return !deleted && m_workspace.contains(name);
    }

    void stage(const std::string& name, std::optional<Value> value) {
        m_staged.emplace_back(name, std::move(value));
    }

    // An in-place metadata op (t_, resize_, set_, x.data = y) gave the tensor object `before`
    // a new storage, dtype or layout: every name bound to that object (Python's `y = x` binds
    // the same object) now sees it, as in PyTorch. Views are other objects and keep theirs.
    void rebindIfChanged(const Tensor& before, const Tensor& after) {
        if (after.objectId() != before.objectId())
            return;
        if (after.storage() == before.storage() && after.layout() == before.layout() &&
            after.dtype() == before.dtype())
            return;
        std::vector<std::string> names;
        for (const auto& entry : m_workspace.entries())
            names.push_back(entry.first);
        for (const auto& entry : m_staged)
            names.push_back(entry.first);
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        for (const std::string& name : names) {
            if (!isBound(name))
                continue;
            const Value current = lookup(name);
            if (current.isTensor() && current.asTensor().objectId() == after.objectId())
                stage(name, Value::fromTensor(after));
        }
    }

    void addResult(std::optional<std::string> name, const Value& value) {
        StatementResult result;
        result.name = std::move(name);
        if (value.isTensor())
            result.tensor = value.asTensor();
        else
            result.repr = repr(value);
        m_outcome.results.push_back(std::move(result));
    }

    // ---- statements -----------------------------------------------------------------------
    void runExpression(const Statement& statement) {
        const Value value = evaluate(*statement.value);
        if (value.isNone())
            return;
        m_outcome.echo = repr(value);
        if ((value.is(Value::Kind::Tuple) || value.is(Value::Kind::List))) {
            const std::vector<Value> items = value.sequenceItems();
            const bool allTensors =
                !items.empty() &&
                std::all_of(items.begin(), items.end(), [](const Value& v) { return v.isTensor(); });
            if (allTensors) {
                for (const Value& item : items)
                    addResult(std::nullopt, item);
                return;
            }
        }
        addResult(std::nullopt, value);
    }

    void runAssert(const Statement& statement) {
        if (truthy(evaluate(*statement.value)))
            return;
        // Python evaluates the message only when the test fails; AssertionError prints str() of it.
        const std::string message = statement.targets.empty() ? std::string() : str(evaluate(*statement.targets[0]));
        throw TensorError(ErrorKind::AssertionError, message);
    }

    void runImport(const Statement& statement) {
        if (statement.moduleName != "torch")
            fail(ErrorKind::ModuleNotFoundError, "No module named '", statement.moduleName,
                 "' (StrideScope scripts can import only torch)");
        stage(statement.alias.empty() ? "torch" : statement.alias, Value::module("torch"));
    }

    void assign(const Expr& target, const Value& value) {
        switch (target.kind) {
        case ExprKind::Name:
            stage(target.text, value);
            addResult(target.text, value);
            return;
        case ExprKind::Tuple:
        case ExprKind::List: {
            const bool iterable = value.isSequence() || value.isTensor() || value.is(Value::Kind::String) ||
                                  value.is(Value::Kind::Range);
            SS_CHECK(iterable, TypeError, "cannot unpack non-iterable ", typeName(value), " object");
            const std::vector<Value> items = iterate(value);
            const std::size_t expected = target.children.size();
            SS_CHECK(items.size() <= expected, ValueError, "too many values to unpack (expected ", expected,
                     ")");
            SS_CHECK(items.size() >= expected, ValueError, "not enough values to unpack (expected ", expected,
                     ", got ", items.size(), ")");
            for (std::size_t i = 0; i < expected; ++i)
                assign(*target.children[i], items[i]);
            return;
        }
        case ExprKind::Subscript: {
            const Value object = evaluate(*target.children[0]);
            const Subscript subscript = evaluateSubscript(*target.children[1]);
            setItem(object, subscript, value);
            return;
        }
        case ExprKind::Attribute: {
            const Value object = evaluate(*target.children[0]);
            if (object.isTensor() && target.text == "data") {
                // x.data = y (set_data): x, the same object with its own version counter, now
                // reads y's storage through y's layout and dtype.
                SS_CHECK(value.isTensor(), TypeError, "Variable data has to be a tensor, but got ", typeName(value));
                const Tensor& self = object.asTensor();
                const Tensor& from = value.asTensor();
                rebindIfChanged(self, self.withMetadata(from.storage(), from.dtype(), from.layout()));
                return;
            }
            if (object.isTensor() && (target.text == "real" || target.text == "imag")) {
                // x.real = v (THPVariable_set_real / set_imag): v is copied into the view, as
                // x.real[...] = v writes it.
                const Tensor& self = object.asTensor();
                IndexPart everything;
                everything.value = Value::ellipsis();
                Subscript all;
                all.parts.push_back(everything);
                setItem(Value::fromTensor(target.text == "real" ? ops::real(self) : ops::imag(self)), all,
                        value,
                        /*reported=*/false);
                return;
            }
            if (object.isTensor() && target.text == "requires_grad") {
                SS_CHECK(value.is(Value::Kind::Bool), TypeError, "requires_grad must be a bool");
                SS_CHECK(!value.asBool(), RuntimeError,
                         "requires_grad=True is not supported: StrideScope does not model autograd");
                return;
            }
            fail(ErrorKind::AttributeError, "setting attributes ('", typeName(object), "' object attribute '",
                 target.text, "') is not supported in StrideScope scripts");
        }
        default:
            fail(ErrorKind::SyntaxError, "cannot assign to this expression");
        }
    }

    // s[i] on a storage: one int (a 0-dim integer tensor too), wrapped as TypedStorage does.
    std::int64_t storageIndex(const StorageValue& storage, const Subscript& subscript) {
        const bool single = subscript.parts.size() == 1 && !subscript.parts[0].isSlice && !subscript.isTuple;
        SS_CHECK(single && (subscript.parts[0].value.is(Value::Kind::Int) || subscript.parts[0].value.is(Value::Kind::Bool)),
                 RuntimeError, "StrideScope indexes a storage with one int only (slices of storages are not modelled)");
        return wrapStorageIndex(storage, subscript.parts[0].value.asIntegral());
    }

    // `reported` false: a write that prints no line (x.real = v is an attribute assignment).
    void setItem(const Value& object, const Subscript& subscript, const Value& value, bool reported = true) {
        if (object.is(Value::Kind::Storage)) {
            const StorageValue& storage = object.asStorage();
            const std::int64_t index = storageIndex(storage, subscript);
            SS_CHECK(value.isNumber(), TypeError, "can't assign a ", typeName(value), " to a storage");
            // A write through the storage changes the values of every tensor on it but, as in
            // PyTorch, no tensor's version counter.
            m_journal.record(storage.storage);
            if (m_callerJournal)
                m_callerJournal->record(storage.storage);
            setStorageItem(storage, index, value);
            return;
        }
        if (!object.isTensor()) {
            if (object.is(Value::Kind::List))
                fail(ErrorKind::TypeError,
                     "changing a list in place is not supported in StrideScope scripts");
            fail(ErrorKind::TypeError, "'", typeName(object), "' object does not support item assignment");
        }
        const Tensor& self = object.asTensor();
        const auto advanced = advancedItems(subscript);
        const std::vector<ops::IndexItem> items = advanced ? std::vector<ops::IndexItem>{} : tensorIndexItems(subscript);
        ops::Operand operand;
        if (value.isTensor()) {
            operand = ops::Operand::of(value.asTensor());
        } else if (value.isNumber()) {
            operand = ops::Operand::of(value.asScalar());
        } else if (value.isSequence()) {
            // x[0] = [1, 2]: PyTorch makes a tensor of self's dtype from the list.
            CallArguments arguments;
            arguments.positional.push_back(value);
            arguments.keywords.emplace_back("dtype", Value::fromDType(self.dtype()));
            operand = ops::Operand::of(
                callFunction(FunctionValue{"torch.tensor", std::nullopt}, arguments, *this).asTensor());
        } else {
            fail(ErrorKind::TypeError, "can't assign a ", typeName(value), " to a ",
                 legacyTensorTypeName(self.dtype()));
        }
        aboutToWrite(self);
        if (advanced)
            ops::advancedSetIndex(self, *advanced, operand);
        else
            ops::setIndex(self, items, operand);
        if (reported)
            addResult(std::nullopt, object);
    }

    void runAugmented(const Statement& statement) {
        const Expr& target = *statement.targets[0];
        const std::string symbol = binaryOperatorSymbol(statement.augmentedOp);
        auto combine = [&](const Value& current) {
            const Value rhs = evaluate(*statement.value);
            // Tensor has no __imatmul__ in PyTorch 1.13: Python falls back to a = a @ b, a new
            // tensor bound to the target (other names of the old one keep it).
            if (current.isTensor() && statement.augmentedOp != BinaryOp::MatMul)
                return Value::fromTensor(inplaceArithmetic(symbol, current.asTensor(), rhs, *this));
            return binaryOperation(statement.augmentedOp, current, rhs);
        };
        if (target.kind == ExprKind::Name) {
            const Value updated = combine(lookup(target.text));
            stage(target.text, updated);
            addResult(target.text, updated);
            return;
        }
        if (target.kind == ExprKind::Subscript) {
            const Value object = evaluate(*target.children[0]);
            const Subscript subscript = evaluateSubscript(*target.children[1]);
            const Value updated = combine(getItem(object, subscript));
            setItem(object, subscript, updated);
            return;
        }
        const Value object = evaluate(*target.children[0]);
        fail(ErrorKind::AttributeError, "setting attributes ('", typeName(object), "' object attribute '",
             target.text, "') is not supported in StrideScope scripts");
    }

    void remove(const Expr& target) {
        switch (target.kind) {
        case ExprKind::Name:
            SS_CHECK(isBound(target.text), NameError, "name '", target.text, "' is not defined");
            stage(target.text, std::nullopt);
            return;
        case ExprKind::Tuple:
        case ExprKind::List:
            for (const ExprPtr& child : target.children)
                remove(*child);
            return;
        default: {
            const Value object = evaluate(*target.children[0]);
            fail(ErrorKind::TypeError, "deleting items or attributes of a '", typeName(object),
                 "' is not supported in StrideScope scripts");
        }
        }
    }

    // ---- expressions ----------------------------------------------------------------------
    std::vector<Value> evaluateElements(const std::vector<ExprPtr>& children) {
        std::vector<Value> items;
        for (const ExprPtr& child : children) {
            if (child->kind == ExprKind::Starred) {
                for (Value& item : iterate(evaluate(*child->children[0])))
                    items.push_back(std::move(item));
            } else {
                items.push_back(evaluate(*child));
            }
        }
        return items;
    }

    IndexPart evaluateIndexPart(const Expr& expr) {
        IndexPart part;
        if (expr.kind == ExprKind::Slice) {
            part.isSlice = true;
            if (expr.children[0])
                part.start = evaluate(*expr.children[0]);
            if (expr.children[1])
                part.stop = evaluate(*expr.children[1]);
            if (expr.children[2])
                part.step = evaluate(*expr.children[2]);
            return part;
        }
        part.value = evaluate(expr);
        return part;
    }

    Subscript evaluateSubscript(const Expr& index) {
        Subscript subscript;
        if (index.kind == ExprKind::Tuple) {
            subscript.isTuple = true;
            for (const ExprPtr& child : index.children) {
                if (child->kind == ExprKind::Starred) {
                    for (Value& item : iterate(evaluate(*child->children[0]))) {
                        IndexPart part;
                        part.value = std::move(item);
                        subscript.parts.push_back(std::move(part));
                    }
                } else {
                    subscript.parts.push_back(evaluateIndexPart(*child));
                }
            }
            return subscript;
        }
        IndexPart part = evaluateIndexPart(index);
        // x[t] with t a tuple value indexes like x[t0, t1, ...].
        if (!part.isSlice && part.value.is(Value::Kind::Tuple)) {
            subscript.isTuple = true;
            for (const Value& item : part.value.asTuple()) {
                IndexPart element;
                element.value = item;
                subscript.parts.push_back(std::move(element));
            }
            return subscript;
        }
        subscript.parts.push_back(std::move(part));
        return subscript;
    }

    // The subscript as advanced items when some part copies, else nothing (basic indexing).
    std::optional<std::vector<ops::AdvancedItem>> advancedItems(Subscript subscript) {
        if (!subscript.isTuple && subscript.parts.size() == 1 && sequenceIsTuple(subscript.parts[0].value)) {
            const std::vector<Value> items = subscript.parts[0].value.asList();
            subscript.parts.clear();
            for (const Value& item : items) {
                IndexPart part;
                part.value = item;
                subscript.parts.push_back(part);
            }
        }
        if (std::none_of(subscript.parts.begin(), subscript.parts.end(), isAdvancedPart))
            return std::nullopt;
        std::vector<ops::AdvancedItem> items;
        for (const IndexPart& part : subscript.parts) {
            ops::AdvancedItem item;
            if (!isAdvancedPart(part)) {
                Subscript single;
                single.parts.push_back(part);
                item.basic = tensorIndexItems(single).front();
            } else if (part.value.isTensor()) {
                item.isTensor = true;
                item.tensor = part.value.asTensor();
            } else {
                // A bool or a sequence becomes a tensor as torch.tensor() would make it.
                CallArguments arguments;
                arguments.positional.push_back(part.value.is(Value::Kind::Size)
                                                   ? Value::list(part.value.sequenceItems())
                                                   : part.value);
                // An empty sequence indexes nothing: an empty int64 index (indexing_tensor_from_data).
                if (part.value.isSequence() && part.value.sequenceItems().empty())
                    arguments.keywords.emplace_back("dtype", Value::fromDType(DType::Int64));
                item.isTensor = true;
                item.tensor =
                    callFunction(FunctionValue{"torch.tensor", std::nullopt}, arguments, *this).asTensor();
                SS_CHECK(item.tensor.dim() == 0 || !isFloating(item.tensor.dtype()), IndexError,
                         "tensors used as indices must be long, int, byte or bool tensors");
            }
            items.push_back(item);
        }
        return items;
    }

    Value getItem(const Value& object, const Subscript& subscript) {
        if (object.isTensor()) {
            if (auto advanced = advancedItems(subscript))
                return Value::fromTensor(ops::advancedIndex(object.asTensor(), *advanced));
            return Value::fromTensor(ops::index(object.asTensor(), tensorIndexItems(subscript)));
        }
        if (object.isSequence() || object.is(Value::Kind::String) || object.is(Value::Kind::Range))
            return subscriptSequence(object, subscript);
        if (object.is(Value::Kind::Storage))
            return storageItem(object.asStorage(), storageIndex(object.asStorage(), subscript));
        fail(ErrorKind::TypeError, "'", typeName(object), "' object is not subscriptable");
    }

    Value attribute(const Value& object, const std::string& name) {
        switch (object.kind()) {
        case Value::Kind::Module:
            return moduleAttribute(object.asModule(), name);
        case Value::Kind::Device:
            return deviceAttribute(object.asDevice(), name);
        case Value::Kind::Tensor:
            return tensorAttribute(object.asTensor(), name);
        case Value::Kind::Storage:
            return storageAttribute(object.asStorage(), name);
        case Value::Kind::Tuple:
            if (const NamedTupleType* named = object.namedTupleType()) {
                const auto& fields = named->fields;
                for (std::size_t i = 0; i < fields.size() && i < object.asTuple().size(); ++i)
                    if (fields[i] == name)
                        return object.asTuple()[i];
            }
            break;
        case Value::Kind::Complex:
            if (name == "real")
                return Value::fromFloat(object.asComplex().real);
            if (name == "imag")
                return Value::fromFloat(object.asComplex().imag);
            break;
        case Value::Kind::DType:
            if (name == "is_floating_point")
                return Value::fromBool(isFloating(object.asDType()));
            if (name == "is_complex")
                return Value::fromBool(isComplex(object.asDType()));
            if (name == "is_signed")
                return Value::fromBool(object.asDType() != DType::Bool && object.asDType() != DType::UInt8);
            break;
        default:
            break;
        }
        // Python names the type by its full name here: 'torch.return_types.max' object has no attribute ...
        const NamedTupleType* named = object.namedTupleType();
        fail(ErrorKind::AttributeError, "'", named ? named->name : typeName(object), "' object has no attribute '",
             name, "'");
    }

    std::string formatFString(const Expr& expr) {
        std::string out;
        for (const FStringPart& part : expr.parts) {
            if (!part.expression) {
                out += part.literal;
                continue;
            }
            Value value = evaluate(*part.expression);
            if (part.conversion == 'r' || part.conversion == 'a')
                value = Value::fromString(repr(value));
            else if (part.conversion == 's')
                value = Value::fromString(str(value));
            const std::string text = formatValue(value, part.formatSpec);
            ValueWorkLimit::charge(static_cast<std::int64_t>(text.size())); // f"{s}{s}{s}..." adds up
            out += text;
        }
        return out;
    }

    Value evaluate(const Expr& expr) {
        switch (expr.kind) {
        case ExprKind::Name:
            return lookup(expr.text);
        case ExprKind::IntLiteral:
            if (expr.intTooLarge)
                fail(ErrorKind::OverflowError, "int literal ", expr.text,
                     " does not fit in 64 bits (StrideScope integers are int64)");
            return Value::fromInt(expr.intValue);
        case ExprKind::FloatLiteral:
            return Value::fromFloat(expr.floatValue);
        case ExprKind::ImaginaryLiteral:
            return Value::fromComplex(0.0, expr.floatValue);
        case ExprKind::StringLiteral:
            return Value::fromString(expr.text);
        case ExprKind::FString:
            return Value::fromString(formatFString(expr));
        case ExprKind::BoolLiteral:
            return Value::fromBool(expr.boolValue);
        case ExprKind::NoneLiteral:
            return Value::none();
        case ExprKind::EllipsisLiteral:
            return Value::ellipsis();
        case ExprKind::Attribute:
            return attribute(evaluate(*expr.children[0]), expr.text);
        case ExprKind::Call: {
            const Value callee = evaluate(*expr.children[0]);
            CallArguments arguments;
            for (std::size_t i = 1; i < expr.children.size(); ++i) {
                const Expr& child = *expr.children[i];
                if (child.kind == ExprKind::Starred) {
                    for (Value& item : iterate(evaluate(*child.children[0])))
                        arguments.positional.push_back(std::move(item));
                } else {
                    arguments.positional.push_back(evaluate(child));
                }
            }
            for (const KeywordArgument& keyword : expr.keywords)
                arguments.keywords.emplace_back(keyword.name, evaluate(*keyword.value));
            SS_CHECK(callee.is(Value::Kind::Function), TypeError, "'", typeName(callee),
                     "' object is not callable");
            Value result = callFunction(callee.asFunction(), arguments, *this);
            if (callee.asFunction().self && result.isTensor())
                rebindIfChanged(*callee.asFunction().self, result.asTensor());
            // out= of the wrong shape is resized (resize_output): the same object, rebound.
            for (const auto& keyword : arguments.keywords) {
                if (keyword.first != "out")
                    continue;
                if (keyword.second.isTensor() && result.isTensor())
                    rebindIfChanged(keyword.second.asTensor(), result.asTensor());
                // out=(values, indices) of median, mode, aminmax: each element, rebound in turn.
                if (keyword.second.isSequence() && result.is(Value::Kind::Tuple)) {
                    const std::vector<Value> given = keyword.second.sequenceItems();
                    const std::vector<Value> returned = result.sequenceItems();
                    for (std::size_t i = 0; i < given.size() && i < returned.size(); ++i)
                        if (given[i].isTensor() && returned[i].isTensor())
                            rebindIfChanged(given[i].asTensor(), returned[i].asTensor());
                }
            }
            return result;
        }
        case ExprKind::Subscript: {
            const Value object = evaluate(*expr.children[0]);
            return getItem(object, evaluateSubscript(*expr.children[1]));
        }
        case ExprKind::Tuple:
            return Value::tuple(evaluateElements(expr.children));
        case ExprKind::List:
            return Value::list(evaluateElements(expr.children));
        case ExprKind::Unary:
            return unaryOperation(expr.unaryOp, evaluate(*expr.children[0]));
        case ExprKind::Binary: {
            const Value lhs = evaluate(*expr.children[0]);
            const Value rhs = evaluate(*expr.children[1]);
            return binaryOperation(expr.binaryOp, lhs, rhs);
        }
        case ExprKind::Compare: {
            // a < b < c is (a < b) and (b < c): each link's value, the first falsy one ending it
            // (a tensor link of several elements then fails as bool() does).
            Value lhs = evaluate(*expr.children[0]);
            Value result = Value::fromBool(true);
            for (std::size_t i = 0; i < expr.compareOps.size(); ++i) {
                Value rhs = evaluate(*expr.children[i + 1]);
                result = comparisonValue(expr.compareOps[i], lhs, rhs);
                if (i + 1 < expr.compareOps.size() && !truthy(result))
                    return result;
                lhs = std::move(rhs);
            }
            return result;
        }
        case ExprKind::Conditional:
            return truthy(evaluate(*expr.children[1])) ? evaluate(*expr.children[0]) : evaluate(*expr.children[2]);
        case ExprKind::BoolOp: {
            // Python's and/or return the operand that decided, not a bool.
            Value value = evaluate(*expr.children[0]);
            for (std::size_t i = 1; i < expr.children.size(); ++i) {
                if (truthy(value) != expr.boolValue)
                    return value;
                value = evaluate(*expr.children[i]);
            }
            return value;
        }
        case ExprKind::Starred:
            throwSyntaxError("can't use starred expression here", expr.location);
        case ExprKind::Slice:
            throwSyntaxError("a slice is only valid inside []", expr.location);
        }
        fail(ErrorKind::RuntimeError, "internal error: unknown expression");
    }

    Workspace& m_workspace;
    StatementOutcome& m_outcome;
    std::vector<std::pair<std::string, std::optional<Value>>> m_staged; // nullopt: deletion
    WriteJournal m_journal;
    WriteJournal* m_callerJournal;
    std::optional<RandomGenerator> m_generatorBefore;
};

} // namespace

bool WriteJournal::recorded(const StoragePtr& storage) const {
    return std::any_of(m_snapshots.begin(), m_snapshots.end(),
                       [&](const auto& entry) { return entry.first == storage; });
}

void WriteJournal::record(const StoragePtr& storage) {
    if (!recorded(storage))
        m_snapshots.emplace_back(storage, *storage);
}

void WriteJournal::recordVersion(const std::shared_ptr<std::int64_t>& counter) {
    const bool known = std::any_of(m_versions.begin(), m_versions.end(),
                                   [&](const auto& entry) { return entry.first == counter; });
    if (!known)
        m_versions.emplace_back(counter, *counter);
}

void WriteJournal::undo() {
    for (auto& [storage, snapshot] : m_snapshots)
        *storage = snapshot;
    m_snapshots.clear();
    for (auto& [counter, value] : m_versions)
        *counter = value;
    m_versions.clear();
}

std::vector<Statement> Interpreter::parse(std::string_view source) { return parseProgram(source); }

StatementOutcome Interpreter::execute(const Statement& statement) {
    StatementOutcome outcome;
    outcome.line = statement.location.line;
    outcome.column = statement.location.column;
    outcome.source = statement.source;
    outcome.kind = statement.kind;
    StatementRun run(m_workspace, outcome, m_journal);
    try {
        // Bounds the statement's element loops (see ValueWorkLimit): 64M element values, a few
        // seconds at most, so that an expanded view or a long chain of ops cannot hang the program.
        const ValueWorkLimit limit(std::int64_t(1) << 26);
        run.run(statement);
        // What the statement computed into CUDA storages reaches device memory (DeviceMemory.h).
        syncStaleMemory();
        run.commit();
        return outcome;
    } catch (const TensorError& error) {
        outcome.error = error;
    } catch (const std::bad_alloc&) {
        outcome.error = TensorError(ErrorKind::RuntimeError, "out of memory while running this statement");
    } catch (const std::exception& error) {
        // Not a refusal PyTorch would make: a bug in StrideScope. Report it rather than crash.
        outcome.error = TensorError(ErrorKind::RuntimeError, std::string("internal error: ") + error.what());
    }
    run.rollback();
    try {
        syncStaleMemory(); // the restored values too
    } catch (const TensorError&) {
        // The statement's own error is the one to report; the blocks stay stale for the next sync.
    }
    return outcome;
}

std::vector<StatementOutcome>
Interpreter::run(std::string_view source, const std::function<bool(const StatementOutcome&)>& onStatement) {
    std::vector<StatementOutcome> outcomes;
    std::vector<Statement> statements;
    try {
        statements = parse(source);
    } catch (const ScriptSyntaxError& error) {
        StatementOutcome outcome;
        outcome.error = error;
        outcome.line = error.location().line;
        outcome.column = error.location().column;
        outcomes.push_back(outcome);
        if (onStatement)
            onStatement(outcomes.back());
        return outcomes;
    }
    for (const Statement& statement : statements) {
        outcomes.push_back(execute(statement));
        const bool keepGoing = !onStatement || onStatement(outcomes.back());
        if (!outcomes.back().ok() || !keepGoing)
            break;
    }
    return outcomes;
}

} // namespace stridescope::script
