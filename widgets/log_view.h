#pragma once
#include <QPlainTextEdit>

namespace orrery::widgets {

//! A read-only log: one line per message, prefixed with the local wall-clock time and, for
//! warnings and errors, the severity. Keeps the last kMaxLines lines.
class LogView : public QPlainTextEdit {
    Q_OBJECT
public:
    enum class Severity { Info, Warning, Error };
    static constexpr int kMaxLines = 10000;

    explicit LogView(QWidget* parent = nullptr);

public slots:
    //! Appends `message`; a multi-line message keeps its lines together under one timestamp.
    void appendMessage(const QString& message, orrery::widgets::LogView::Severity severity = Severity::Info);
};

} // namespace orrery::widgets
