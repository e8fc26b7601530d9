#pragma once
#include <optional>
#include <string>

namespace orrery::live_experiment {

//! The SLO guard's state machine: it trips when the watched value is above the threshold for
//! `consecutive` checks in a row; a value at or below it (or a missing one) starts the count
//! again. Once tripped it stays tripped.
class SloGuard {
public:
    SloGuard(double threshold, int consecutive) : m_threshold(threshold), m_consecutive(consecutive < 1 ? 1 : consecutive) {}

    //! Feeds one check's value (nullopt: the query returned nothing). Returns tripped().
    bool check(std::optional<double> value);
    [[nodiscard]] bool tripped() const { return m_tripped; }
    [[nodiscard]] double threshold() const { return m_threshold; }
    [[nodiscard]] double lastValue() const { return m_last; }
    //! "guard tripped: 812.4 > 500 for 2 checks in a row".
    [[nodiscard]] std::string reason() const;

private:
    double m_threshold;
    int m_consecutive;
    int m_run = 0;
    double m_last = 0;
    bool m_tripped = false;
};

} // namespace orrery::live_experiment
