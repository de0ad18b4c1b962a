#pragma once
// Builds a new tensor with the mouse: a name, a shape, a dtype and a fill (arange, zeros, ones,
// random). Shows the line of code it makes, e.g.
//     x = torch.arange(24, dtype=torch.int64).reshape(2, 3, 4)
//     w = torch.rand(2, 3, dtype=torch.float32)
// and a live preview; PyTorch's error (torch.rand of an integer dtype, a negative size) shows
// before anything is created. Create runs the line in the session.
#include "app/diagram/DiagramTheme.h"
#include "core/Layout.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace stridescope::app {

class ErrorPanel;
class LayoutPreview;
class SessionModel;

class TensorBuilderDialog : public QDialog {
    Q_OBJECT

public:
    enum class Fill { Arange, Zeros, Ones, Rand, Randn };

    explicit TensorBuilderDialog(SessionModel* session, QWidget* parent = nullptr);

    // The code for a choice (no session needed).
    static QString codeFor(const QString& name, const Shape& shape, const QString& dtype, Fill fill);

    QString code() const;
    void setName(const QString& name);
    void setShapeText(const QString& text);
    // "float32", "int64", ...
    void setDType(const QString& dtype);
    void setFill(Fill fill);
    bool canCreate() const { return m_valid; }
    QString errorText() const;
    void setTheme(const DiagramTheme& theme);

public slots:
    void accept() override;

private:
    void refresh();

    SessionModel* m_session;
    QLineEdit* m_name;
    QLineEdit* m_shape;
    QComboBox* m_dtype;
    QComboBox* m_fill;
    QLabel* m_codeLabel;
    ErrorPanel* m_errorPanel;
    LayoutPreview* m_preview;
    QDialogButtonBox* m_buttons;
    bool m_dtypeChosen = false; // the user picked a dtype: a new fill no longer changes it
    bool m_valid = false;
};

} // namespace stridescope::app
