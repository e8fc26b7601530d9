#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::scenario {

//! One node of a YAML document as written: its kind, its text, its children in file order
//! (duplicate keys kept, so they can be reported) and the 1-based position where it starts.
//! An alias is a node at the alias's position sharing the anchored node's content, so aliases
//! cost O(1) each however large the anchored node is.
struct YamlNode {
    enum class Kind { Null, Scalar, Sequence, Map };
    using Ptr = std::shared_ptr<const YamlNode>;
    struct Entry {
        Ptr key;
        Ptr value;
    };
    //! What a node holds; shared between an anchored node and its aliases.
    struct Content {
        std::string scalar;         //!< a scalar's text
        std::vector<Ptr> items;     //!< a sequence's items
        std::vector<Entry> entries; //!< a mapping's entries in file order
    };

    Kind kind = Kind::Null;
    bool plain = true; //!< a scalar written without quotes, block style or !!str
    int line = 0;      //!< 1-based
    int column = 0;    //!< 1-based, in characters
    std::shared_ptr<const Content> content = emptyContent();

    [[nodiscard]] const std::string& scalar() const { return content->scalar; }
    [[nodiscard]] const std::vector<Ptr>& items() const { return content->items; }
    [[nodiscard]] const std::vector<Entry>& entries() const { return content->entries; }

    [[nodiscard]] bool isNull() const { return kind == Kind::Null; }
    [[nodiscard]] bool isScalar() const { return kind == Kind::Scalar; }
    [[nodiscard]] bool isSequence() const { return kind == Kind::Sequence; }
    [[nodiscard]] bool isMap() const { return kind == Kind::Map; }

    //! What was found, for "expected X, got Y": "a mapping", "a sequence", "nothing", or the
    //! scalar's text in quotes.
    [[nodiscard]] std::string describe() const;

    //! `text` in double quotes for a message, with control characters escaped and long text cut.
    static std::string quote(std::string_view text);

private:
    static std::shared_ptr<const Content> emptyContent();
};

} // namespace orrery::scenario
