#pragma once
// An error where the user is looking: PyTorch's words in red, an optional explanation under it
// and an optional action ("Use reshape instead (copies)"). Hidden when there is no error.
#include <QFrame>
#include <QString>

class QLabel;
class QPushButton;

namespace stridescope::app {

class ErrorPanel : public QFrame {
    Q_OBJECT

public:
    explicit ErrorPanel(QWidget* parent = nullptr);

    // Shows `error` ("RuntimeError: ..."); `explanation` and `actionText` may be empty.
    void showError(const QString& error, const QString& explanation = {}, const QString& actionText = {});
    void clear();
    QString errorText() const;
    QString explanationText() const;
    QPushButton* actionButton() const { return m_action; }

signals:
    void actionTriggered();

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyColours();

    QLabel* m_error;
    QLabel* m_explanation;
    QPushButton* m_action;
};

} // namespace stridescope::app
