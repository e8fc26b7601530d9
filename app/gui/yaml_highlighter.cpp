#include "gui/yaml_highlighter.h"

#include <QColor>
#include <QRegularExpression>

namespace orrery::app {
namespace {

//! Where a `#` comment starts in `text`, outside quotes; -1 when there is none. YAML needs
//! the `#` at the line start or after a space ("a#b" is a plain scalar).
int commentStart(const QString& text)
{
    QChar quote;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
        } else if (c == QLatin1Char('#') && (i == 0 || text[i - 1].isSpace())) {
            return i;
        }
    }
    return -1;
}

} // namespace

YamlHighlighter::YamlHighlighter(QTextDocument* document)
    : QSyntaxHighlighter(document)
{
    // Mid-saturation colours keep their contrast against white and against a dark base.
    m_key.setForeground(QColor(0x3b, 0x8e, 0xd0));
    m_key.setFontWeight(QFont::DemiBold);
    m_string.setForeground(QColor(0x5a, 0xa8, 0x4e));
    m_number.setForeground(QColor(0xc7, 0x7c, 0x2e));
    m_keyword.setForeground(QColor(0xa8, 0x6c, 0xc9));
    m_comment.setForeground(QColor(0x8a, 0x8a, 0x8a));
    m_comment.setFontItalic(true);
    m_marker.setForeground(QColor(0xc9, 0x4f, 0x8c));
    m_marker.setFontWeight(QFont::Bold);
}

QTextCharFormat YamlHighlighter::format(Kind kind) const
{
    switch (kind) {
    case Kind::Key: return m_key;
    case Kind::String: return m_string;
    case Kind::Number: return m_number;
    case Kind::Keyword: return m_keyword;
    case Kind::Comment: return m_comment;
    case Kind::DocumentMarker: return m_marker;
    }
    return {};
}

void YamlHighlighter::highlightBlock(const QString& text)
{
    if (text.startsWith(QStringLiteral("---")) || text.startsWith(QStringLiteral("..."))) {
        setFormat(0, 3, m_marker);
        const int comment = commentStart(text);
        if (comment >= 0)
            setFormat(comment, static_cast<int>(text.size()) - comment, m_comment);
        return;
    }
    const int comment = commentStart(text);
    const int end = comment >= 0 ? comment : static_cast<int>(text.size());
    if (comment >= 0)
        setFormat(comment, static_cast<int>(text.size()) - comment, m_comment);

    // "  - key: value", "key: value", "{cpu: 2, memory: 4Gi}": keys end with ':' and a space.
    static const QRegularExpression keyPattern(
        QStringLiteral(R"((?:^|[\s{,\-])([A-Za-z_][\w.\-/]*|"[^"]*"|'[^']*')\s*:(?=\s|$))"));
    int scalarFrom = 0;
    auto keys = keyPattern.globalMatch(text.left(end));
    while (keys.hasNext()) {
        const QRegularExpressionMatch key = keys.next();
        highlightScalar(text, scalarFrom, static_cast<int>(key.capturedStart(1)));
        setFormat(static_cast<int>(key.capturedStart(1)), static_cast<int>(key.capturedLength(1)), m_key);
        scalarFrom = static_cast<int>(key.capturedEnd(0));
    }
    highlightScalar(text, scalarFrom, end);
}

void YamlHighlighter::highlightScalar(const QString& text, int start, int end)
{
    if (start >= end)
        return;
    const QString part = text.mid(start, end - start);
    static const QRegularExpression strings(QStringLiteral(R"("(?:[^"\\]|\\.)*"?|'(?:[^']|'')*'?)"));
    static const QRegularExpression numbers(QStringLiteral(
        R"((?<![\w.])[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?:[A-Za-z%]+)?(?:/[A-Za-z]+)?(?![\w.]))"));
    static const QRegularExpression keywords(
        QStringLiteral(R"((?<![\w.])(?:true|false|yes|no|null|~)(?![\w.]))"), QRegularExpression::CaseInsensitiveOption);
    for (auto it = numbers.globalMatch(part); it.hasNext();) {
        const auto m = it.next();
        setFormat(start + static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), m_number);
    }
    for (auto it = keywords.globalMatch(part); it.hasNext();) {
        const auto m = it.next();
        setFormat(start + static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), m_keyword);
    }
    for (auto it = strings.globalMatch(part); it.hasNext();) { // last: digits inside quotes stay strings
        const auto m = it.next();
        setFormat(start + static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), m_string);
    }
}

} // namespace orrery::app
