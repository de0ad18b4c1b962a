#pragma once
// The named values of a session: what `x = ...` binds, in the order names were first bound
// (Python's dict order), which is the order the GUI lists them in. Values share tensors'
// storages, so copying a Workspace copies the bindings, not the memory. It also owns the random
// generator (copied with it): what a script draws depends only on the script.
#include "core/RandomGenerator.h"
#include "core/script/Value.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stridescope::script {

class Workspace {
public:
    // The value bound to `name`, or null. The pointer is valid until the workspace changes.
    const Value* find(std::string_view name) const;
    bool contains(std::string_view name) const { return find(name) != nullptr; }
    // Binds or rebinds; a rebound name keeps its place in the order.
    void set(const std::string& name, Value value);
    // Unbinds; false when the name was not bound.
    bool remove(std::string_view name);
    void clear() { m_entries.clear(); }

    std::size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }
    // Names in order of first binding.
    std::vector<std::string> names() const;
    // The names bound to tensors, with their tensors, in that order.
    std::vector<std::pair<std::string, Tensor>> tensors() const;
    const std::vector<std::pair<std::string, Value>>& entries() const { return m_entries; }

    // Binds `name` (default "torch") to the torch module, as `import torch` does.
    void importTorch(const std::string& name = "torch") { set(name, Value::module("torch")); }

    // What torch.rand and friends draw from and torch.manual_seed resets.
    RandomGenerator& generator() { return m_generator; }
    const RandomGenerator& generator() const { return m_generator; }

private:
    std::vector<std::pair<std::string, Value>> m_entries;
    RandomGenerator m_generator;
};

} // namespace stridescope::script
