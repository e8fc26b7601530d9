#include "scenario/yaml_document_parser.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <map>
#include <optional>
#include <sstream>

namespace orrery::scenario {

namespace {

//! Builds a YamlNode tree from yaml-cpp parser events.
class TreeBuilder final : public YAML::EventHandler {
public:
    explicit TreeBuilder(const LineIndex& lines)
        : m_lines(lines)
    {
    }

    [[nodiscard]] YamlNode::Ptr root() const { return m_root; }
    [[nodiscard]] const YAML::Mark& documentStart() const { return m_documentStart; }
    //! Set when an alias named a node that was still open (a recursive alias).
    [[nodiscard]] const std::optional<YAML::Mark>& recursiveAlias() const { return m_recursiveAlias; }

    void OnDocumentStart(const YAML::Mark& mark) override { m_documentStart = mark; }
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override
    {
        auto node = make(YamlNode::Kind::Null, mark);
        attach(node);
        remember(anchor, node);
    }

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override
    {
        const auto found = m_anchors.find(anchor);
        if (found == m_anchors.end()) {
            // yaml-cpp rejects undefined anchors itself; an anchor still open is a recursive alias.
            if (!m_recursiveAlias)
                m_recursiveAlias = mark;
            attach(make(YamlNode::Kind::Null, mark));
            return;
        }
        // A node placed where the alias is written, sharing the anchored content: a problem with
        // the value as a whole points at the alias, a problem inside it at the anchored text.
        auto copy = std::make_shared<YamlNode>(*found->second);
        const LineIndex::Position position = m_lines.fromMark(mark.line, mark.column);
        copy->line = position.line;
        copy->column = position.column;
        attach(copy);
    }

    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, const std::string& value) override
    {
        auto node = make(YamlNode::Kind::Scalar, mark);
        node->content = std::make_shared<const YamlNode::Content>(YamlNode::Content{value, {}, {}});
        // yaml-cpp tags plain scalars "?", quoted and block scalars "!".
        node->plain = tag == "?";
        if (tag == "tag:yaml.org,2002:str" || tag == "!!str")
            node->plain = false;
        attach(node);
        remember(anchor, node);
    }

    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override
    {
        open(make(YamlNode::Kind::Sequence, mark), anchor);
    }

    void OnSequenceEnd() override { close(); }

    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override
    {
        open(make(YamlNode::Kind::Map, mark), anchor);
    }

    void OnMapEnd() override { close(); }

private:
    struct Frame {
        std::shared_ptr<YamlNode> node;
        std::shared_ptr<YamlNode::Content> content; //!< the node's content, still being filled
        YAML::anchor_t anchor = 0;
        YamlNode::Ptr pendingKey;
    };

    std::shared_ptr<YamlNode> make(YamlNode::Kind kind, const YAML::Mark& mark) const
    {
        auto node = std::make_shared<YamlNode>();
        node->kind = kind;
        const LineIndex::Position position = m_lines.fromMark(mark.line, mark.column);
        node->line = position.line;
        node->column = position.column;
        return node;
    }

    void attach(const std::shared_ptr<YamlNode>& node) { attach(YamlNode::Ptr(node), node.get()); }

    void attach(const YamlNode::Ptr& node, YamlNode* mutableNode = nullptr)
    {
        if (m_stack.empty()) {
            m_root = node;
            return;
        }
        Frame& top = m_stack.back();
        if (top.node->isSequence()) {
            top.content->items.push_back(node);
        } else if (!top.pendingKey) {
            top.pendingKey = node;
        } else {
            // An empty value (`key:`) gets the key's position: yaml-cpp puts it at the next token.
            if (mutableNode && mutableNode->isNull()) {
                mutableNode->line = top.pendingKey->line;
                mutableNode->column = top.pendingKey->column;
            }
            top.content->entries.push_back({std::move(top.pendingKey), node});
            top.pendingKey.reset();
        }
    }

    void open(const std::shared_ptr<YamlNode>& node, YAML::anchor_t anchor)
    {
        auto content = std::make_shared<YamlNode::Content>();
        node->content = content;
        attach(node);
        m_stack.push_back({node, std::move(content), anchor, nullptr});
    }

    void close()
    {
        if (m_stack.empty())
            return;
        Frame frame = std::move(m_stack.back());
        m_stack.pop_back();
        remember(frame.anchor, frame.node);
    }

    void remember(YAML::anchor_t anchor, const std::shared_ptr<YamlNode>& node)
    {
        if (anchor != 0)
            m_anchors[anchor] = node;
    }

    const LineIndex& m_lines;
    std::vector<Frame> m_stack;
    std::map<YAML::anchor_t, YamlNode::Ptr> m_anchors;
    YamlNode::Ptr m_root;
    YAML::Mark m_documentStart;
    std::optional<YAML::Mark> m_recursiveAlias;
};

//! Notes where a document starts and ignores the rest.
class DocumentStartProbe final : public YAML::EventHandler {
public:
    [[nodiscard]] const YAML::Mark& start() const { return m_start; }
    void OnDocumentStart(const YAML::Mark& mark) override { m_start = mark; }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}

private:
    YAML::Mark m_start;
};

std::string syntaxMessage(const std::string& yamlMessage)
{
    std::string message = "invalid YAML: " + yamlMessage;
    if (yamlMessage == "illegal map value")
        message += " (check the indentation, and quote a value that contains \": \")";
    else if (yamlMessage == "end of map not found" || yamlMessage == "end of sequence not found")
        message += " (check the indentation of this line against the lines above)";
    else if (yamlMessage == "end of map flow not found")
        message += " (a '{' is not closed by '}')";
    else if (yamlMessage == "end of sequence flow not found")
        message += " (a '[' is not closed by ']')";
    return message;
}

//! True when the 0-based line `line` of `text` is indented with a tab (YAML allows only spaces).
bool indentedWithTab(std::string_view text, int line)
{
    std::size_t start = 0;
    for (int i = 0; i < line; ++i) {
        start = text.find('\n', start);
        if (start == std::string_view::npos)
            return false;
        ++start;
    }
    for (std::size_t i = start; i < text.size() && (text[i] == ' ' || text[i] == '\t'); ++i) {
        if (text[i] == '\t')
            return true;
    }
    return false;
}

} // namespace

YamlNode::Ptr parseYamlDocument(std::string_view text, const LineIndex& lines, ParseContext& context,
                                std::string_view documentKind)
{
    const std::string kind(documentKind);
    const auto locate = [&](const YAML::Mark& mark) {
        const LineIndex::Position position = mark.is_null() ? LineIndex::Position{1, 1} : lines.fromMark(mark.line, mark.column);
        return model::SourceLocation{context.fileName(), position.line, position.column};
    };
    std::istringstream stream{std::string(text)};
    YAML::Parser parser(stream);
    TreeBuilder builder(lines);
    try {
        if (!parser.HandleNextDocument(builder) && !builder.root()) {
            context.error(model::SourceLocation{context.fileName(), 1, 1}, {},
                          "empty file: expected a YAML document with kind: " + kind);
            return nullptr;
        }
        if (builder.recursiveAlias()) {
            context.error(locate(*builder.recursiveAlias()), {},
                          "recursive alias: an alias refers to a node that contains it; expected a finite document");
            return nullptr;
        }
        if (!builder.root() || builder.root()->isNull()) {
            context.error(locate(builder.documentStart()), {},
                          "empty document: expected a YAML document with kind: " + kind);
            return nullptr;
        }
        DocumentStartProbe probe;
        if (parser.HandleNextDocument(probe)) {
            context.error(locate(probe.start()), {},
                          "a second YAML document starts here: expected exactly one document (one " + kind + ") per file");
            return nullptr;
        }
    } catch (const YAML::Exception& error) {
        std::string message = syntaxMessage(error.msg);
        if (!error.mark.is_null() && indentedWithTab(text, error.mark.line))
            message += "; this line is indented with a tab, and YAML indentation must use spaces";
        context.error(locate(error.mark), {}, std::move(message));
        return nullptr;
    }
    return builder.root();
}

} // namespace orrery::scenario
