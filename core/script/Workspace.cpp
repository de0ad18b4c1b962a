#include "core/script/Workspace.h"

#include <algorithm>

namespace stridescope::script {

// A linear search: a session binds tens of names, and keeping one vector keeps the order
// and the lookup in one place.
const Value* Workspace::find(std::string_view name) const {
    const auto it =
        std::find_if(m_entries.begin(), m_entries.end(), [&](const auto& e) { return e.first == name; });
    return it == m_entries.end() ? nullptr : &it->second;
}

void Workspace::set(const std::string& name, Value value) {
    const auto it =
        std::find_if(m_entries.begin(), m_entries.end(), [&](const auto& e) { return e.first == name; });
    if (it != m_entries.end())
        it->second = std::move(value);
    else
        m_entries.emplace_back(name, std::move(value));
}

bool Workspace::remove(std::string_view name) {
    const auto it =
        std::find_if(m_entries.begin(), m_entries.end(), [&](const auto& e) { return e.first == name; });
    if (it == m_entries.end())
        return false;
    m_entries.erase(it);
    return true;
}

std::vector<std::string> Workspace::names() const {
    std::vector<std::string> out;
    out.reserve(m_entries.size());
    for (const auto& [name, value] : m_entries)
        out.push_back(name);
    return out;
}

std::vector<std::pair<std::string, Tensor>> Workspace::tensors() const {
    std::vector<std::pair<std::string, Tensor>> out;
    for (const auto& [name, value] : m_entries)
        if (value.isTensor())
            out.emplace_back(name, value.asTensor());
    return out;
}

} // namespace stridescope::script
