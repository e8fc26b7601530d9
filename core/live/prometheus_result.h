#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orrery::live {

//! One sample: Unix time in seconds (Prometheus' float timestamps) and the value.
struct PromSample {
    double timestampS = 0;
    double value = 0;
};

//! A labelled series: one sample for a vector, many for a matrix.
struct PromSeries {
    std::map<std::string, std::string> labels; //!< includes __name__ when present
    std::vector<PromSample> samples;
};

//! The `data` of a successful /api/v1/query or /api/v1/query_range answer.
struct PromResult {
    enum class Type { Vector, Matrix, Scalar, String };
    Type type = Type::Vector;
    std::vector<PromSeries> series;        //!< a scalar is one unlabelled series of one sample
    std::string stringValue;               //!< Type::String
    std::vector<std::string> warnings;
};

[[nodiscard]] const char* toString(PromResult::Type type);
//! The first finite value of the answer (series in order, samples in order); nullopt when none.
[[nodiscard]] std::optional<double> firstFiniteValue(const PromResult& result);

} // namespace orrery::live
