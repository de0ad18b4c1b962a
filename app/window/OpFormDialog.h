#pragma once
// One generic form for every op of OpCatalog: a field per parameter (spin boxes bounded by the
// input's shape, a text field for shapes, a choice for memory formats), the line of code the
// choice makes, and a live preview of the result computed by the interpreter on a scratch copy
// of the workspace. An invalid choice shows PyTorch's error and disables Apply before anything
// is applied; a refused view() also explains why and offers the reshape() that would copy.
// Apply runs the line in the session (`y = x.transpose(0, 1)`), so it can be undone.
#include "app/diagram/DiagramTheme.h"
#include "app/window/OpCatalog.h"
#include "app/window/SessionModel.h"

#include <QDialog>
#include <QMap>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace stridescope::app {

class ErrorPanel;
class LayoutPreview;
class SessionModel;

class OpFormDialog : public QDialog {
    Q_OBJECT

public:
    // `input`: the tensor the op reads (a named tensor, or an unnamed value whose expression is
    // then used in parentheses).
    OpFormDialog(SessionModel* session, const OpSpec& spec, const ShownTensor& input,
                 QWidget* parent = nullptr);

    // The line Apply would run: "y = x.transpose(0, 1)".
    QString code() const;
    OpArguments arguments() const { return m_arguments; }
    // Sets one parameter as the user would (for tests and scripted use). An int for the integer
    // kinds, a QList<qint64> or "2, 3" for lists, a QString for a memory format.
    void setArgument(const QString& key, const QVariant& value);
    void setOutputName(const QString& name);
    bool canApply() const;
    QString errorText() const;
    QString explanationText() const;
    LayoutPreview* preview() const { return m_preview; }
    void setTheme(const DiagramTheme& theme);

    // Applies the suggested reshape() (after a refused view) and closes the form.
    bool applyReshapeInstead();

public slots:
    void accept() override;

private:
    void buildFields();
    void readFields();
    void updateRanges();
    void refresh();

    SessionModel* m_session;
    const OpSpec& m_spec;
    QString m_inputText; // the receiver as code: "x" or "(x.t())"
    QString m_inputName;
    Tensor m_input;
    ShownTensor m_inputSpec;
    OpArguments m_arguments;
    QLineEdit* m_outputName;
    QLabel* m_codeLabel;
    ErrorPanel* m_errorPanel;
    LayoutPreview* m_preview;
    QDialogButtonBox* m_buttons;
    QMap<QString, QSpinBox*> m_spins;
    QMap<QString, QList<QSpinBox*>> m_orderSpins;
    QMap<QString, QLineEdit*> m_lists;
    QMap<QString, QComboBox*> m_choices;
    QString m_reshapeCode;
    bool m_updating = false;
    bool m_valid = false;
};

} // namespace stridescope::app
