#include "scenario/yaml_node.h"

#include "model/diagnostic.h"

#include <algorithm>

namespace orrery::scenario {

std::string YamlNode::describe() const
{
    switch (kind) {
    case Kind::Null: return "nothing";
    case Kind::Scalar: return quote(scalar());
    case Kind::Sequence: return "a sequence";
    case Kind::Map: return "a mapping";
    }
    return "nothing";
}

std::shared_ptr<const YamlNode::Content> YamlNode::emptyContent()
{
    static const auto kEmpty = std::make_shared<const Content>();
    return kEmpty;
}

std::string YamlNode::quote(std::string_view text)
{
    return model::quoteForMessage(text);
}

} // namespace orrery::scenario
