#pragma once
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace orrery::app {

//! Line-by-line YAML colouring for scenario files: mapping keys, quoted strings, numbers with
//! units (250ms, 64Gi, 500m, 10/min), booleans and null, comments and document markers (---).
//! Colours are picked to read on both light and dark palettes.
class YamlHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum class Kind { Key, String, Number, Keyword, Comment, DocumentMarker };

    explicit YamlHighlighter(QTextDocument* document);

    //! The format this highlighter applies to text of `kind`.
    [[nodiscard]] QTextCharFormat format(Kind kind) const;

protected:
    void highlightBlock(const QString& text) override;

private:
    void highlightScalar(const QString& text, int start, int end);

    QTextCharFormat m_key;
    QTextCharFormat m_string;
    QTextCharFormat m_number;
    QTextCharFormat m_keyword;
    QTextCharFormat m_comment;
    QTextCharFormat m_marker;
};

} // namespace orrery::app
