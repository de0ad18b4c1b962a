#pragma once
// Colours PyTorch code as the user types it: keywords, torch names and dtypes, tensor methods,
// numbers, strings and comments. Blocks whose user state is kOutputState are a prompt's output
// (the console's transcript) and are drawn muted instead.
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

namespace stridescope::app {

class PythonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    static constexpr int kOutputState = 1;
    static constexpr int kErrorState = 2;

    explicit PythonHighlighter(QTextDocument* document);
    // Colours for a dark or a light background.
    void setDark(bool dark);

protected:
    void highlightBlock(const QString& text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
    };
    void rebuild();

    bool m_dark = false;
    std::vector<Rule> m_rules;
    QTextCharFormat m_comment;
    QTextCharFormat m_output;
    QTextCharFormat m_error;
};

} // namespace stridescope::app
