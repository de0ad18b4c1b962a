#pragma once
// The state behind torch.rand, randn, rand_like and randn_like, and what torch.manual_seed
// resets. Each script::Workspace owns one and copies it with its bindings, so a copy of a
// session (a preview, a probe) draws from its own copy and the session's stream is untouched,
// and a replay from a fresh workspace draws exactly the numbers the first run drew.
//
// A new generator is seeded 0, as the generator of a fresh process was before it moved here:
// the numbers of `stridescope eval` and of the window stay what they were. (They are not
// PyTorch's numbers: PyTorch's Philox/mt19937 transforms are not modelled, only the layout.)
#include <cstdint>
#include <random>

namespace stridescope {

class RandomGenerator {
public:
    explicit RandomGenerator(std::uint64_t seed = 0) : m_engine(seed) {}

    // torch.manual_seed(seed).
    void manualSeed(std::uint64_t seed) { m_engine.seed(seed); }
    std::mt19937_64& engine() { return m_engine; }

    bool operator==(const RandomGenerator& other) const { return m_engine == other.m_engine; }

private:
    std::mt19937_64 m_engine;
};

} // namespace stridescope
