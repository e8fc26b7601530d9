#include "appgen/payload_parameter.h"

#include <array>
#include <utility>

namespace orrery::appgen {
namespace {

constexpr std::array<std::pair<PayloadParameter, std::string_view>, 7> kNames{{
    {PayloadParameter::None, "none"},
    {PayloadParameter::FileSize, "file-size"},
    {PayloadParameter::TableRows, "table-rows"},
    {PayloadParameter::OpCount, "op-count"},
    {PayloadParameter::ImageDimension, "image-dimension"},
    {PayloadParameter::TextSize, "text-size"},
    {PayloadParameter::MatrixDimension, "matrix-dimension"},
}};

} // namespace

std::string_view toString(PayloadParameter parameter)
{
    for (const auto& [value, name] : kNames)
        if (value == parameter)
            return name;
    return "none";
}

std::optional<PayloadParameter> parsePayloadParameter(std::string_view text)
{
    for (const auto& [value, name] : kNames)
        if (name == text)
            return value;
    return std::nullopt;
}

} // namespace orrery::appgen
