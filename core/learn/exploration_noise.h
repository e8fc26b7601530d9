#pragma once
#include <cstddef>
#include <vector>

namespace orrery::learn {

//! Exploration noise N_t added to DDPG's actions (seed 001 Alg. 3.3 line 8), scaled by an
//! exploration factor ε that decays linearly per draw (Table 3.3: ε = 1.0, decay 10^-6), as the
//! FIRM implementation (after ghliu/pytorch-ddpg) does: a = π(s) + max(ε, 0)·N_t; ε -= decay.
class ExplorationNoise {
public:
    ExplorationNoise(std::size_t dim, double epsilon, double epsilonDecay)
        : m_dim(dim), m_epsilon(epsilon), m_epsilonDecay(epsilonDecay) {}
    virtual ~ExplorationNoise() = default;
    ExplorationNoise(const ExplorationNoise&) = delete;
    ExplorationNoise& operator=(const ExplorationNoise&) = delete;

    //! ε·N_t for one action, then ε decays (never below 0).
    std::vector<float> sample();
    //! Starts a new episode (the OU process returns to its mean); ε keeps decaying across episodes.
    virtual void reset() {}

    [[nodiscard]] std::size_t dim() const { return m_dim; }
    [[nodiscard]] double epsilon() const { return m_epsilon; }
    void setEpsilon(double epsilon) { m_epsilon = epsilon; }

protected:
    //! One unscaled draw of the process into `out` (dim values).
    virtual void draw(std::vector<double>& out) = 0;

private:
    std::size_t m_dim;
    double m_epsilon;
    double m_epsilonDecay;
    std::vector<double> m_draw;
};

} // namespace orrery::learn
