#pragma once
#include <optional>
#include <string_view>

namespace orrery::appgen {

//! The input parameter of a segment that an instability scenario of seed 001 Insight 5.2
//! changes (file size, scanned table size, operation count, image dimension, JSON text size,
//! matrix dimension), or None for a segment no payload scenario touches.
enum class PayloadParameter { None, FileSize, TableRows, OpCount, ImageDimension, TextSize, MatrixDimension };

//! The YAML spelling: none, file-size, table-rows, op-count, image-dimension, text-size, matrix-dimension.
std::string_view toString(PayloadParameter parameter);
std::optional<PayloadParameter> parsePayloadParameter(std::string_view text);

} // namespace orrery::appgen
