#include "app/window/OpFormDialog.h"

#include "app/window/ErrorPanel.h"
#include "app/window/LayoutPreview.h"
#include "app/window/NameCheck.h"
#include "app/window/SessionModel.h"
#include "app/window/ViewFailure.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace stridescope::app {

namespace {

const QRegularExpression& identifierPattern() {
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z_0-9]*$"));
    return pattern;
}

QString formatLabel(const QString& choice) {
    if (choice.isEmpty())
        return OpFormDialog::tr("default");
    return choice;
}

bool isIntegerKind(OpParamKind kind) {
    return kind != OpParamKind::Shape && kind != OpParamKind::DimOrder && kind != OpParamKind::MemoryFormat &&
           kind != OpParamKind::Choice && kind != OpParamKind::Operand;
}

} // namespace

OpFormDialog::OpFormDialog(SessionModel* session, const OpSpec& spec, const ShownTensor& input,
                           QWidget* parent)
    : QDialog(parent), m_session(session), m_spec(spec), m_inputName(input.name), m_input(input.tensor),
      m_inputSpec(input), m_outputName(new QLineEdit(this)), m_codeLabel(new QLabel(this)),
      m_errorPanel(new ErrorPanel(this)), m_preview(new LayoutPreview(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("opForm_") + spec.id);
    m_inputText =
        identifierPattern().match(input.name).hasMatch() ? input.name : u'(' + input.expression + u')';
    setWindowTitle(
        tr("%1 \u2014 %2")
            .arg(OpCatalog::label(spec.id), m_inputName.isEmpty() ? input.expression : m_inputName));
    m_arguments = OpCatalog::defaults(spec, m_input);

    auto* help = new QLabel(OpCatalog::help(spec.id), this);
    help->setWordWrap(true);
    m_outputName->setObjectName(QStringLiteral("outputName"));
    m_outputName->setText(
        m_session->freeName({QStringLiteral("y"), QStringLiteral("z"), QStringLiteral("a"),
                             QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}));
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(mono.pointSizeF() * 1.15);
    mono.setBold(true);
    m_codeLabel->setObjectName(QStringLiteral("codeLine"));
    m_codeLabel->setFont(mono);
    m_codeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_codeLabel->setTextFormat(Qt::PlainText);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Apply"));
    m_buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("applyButton"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));

    auto* form = new QFormLayout;
    form->addRow(tr("Result name"), m_outputName);
    m_updating = true;
    buildFields();
    for (const OpParam& p : spec.params) {
        QWidget* field = nullptr;
        if (m_spins.contains(p.key))
            field = m_spins[p.key];
        else if (m_lists.contains(p.key))
            field = m_lists[p.key];
        else if (m_choices.contains(p.key))
            field = m_choices[p.key];
        else if (m_orderSpins.contains(p.key)) {
            auto* row = new QWidget(this);
            auto* rowLayout = new QHBoxLayout(row);
            rowLayout->setContentsMargins(0, 0, 0, 0);
            for (QSpinBox* spin : m_orderSpins[p.key])
                rowLayout->addWidget(spin);
            rowLayout->addStretch();
            field = row;
        }
        if (field)
            form->addRow(OpCatalog::paramLabel(p.key), field);
    }
    m_updating = false;

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(help);
    topLayout->addLayout(form);
    topLayout->addWidget(m_codeLabel);
    topLayout->addWidget(m_errorPanel);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(top);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_buttons);

    connect(m_outputName, &QLineEdit::textChanged, this, &OpFormDialog::refresh);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &OpFormDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &OpFormDialog::reject);
    connect(m_errorPanel, &ErrorPanel::actionTriggered, this, &OpFormDialog::applyReshapeInstead);
    resize(760, 640);
    updateRanges();
    refresh();
}

void OpFormDialog::setTheme(const DiagramTheme& theme) { m_preview->setTheme(theme); }

void OpFormDialog::buildFields() {
    for (const OpParam& p : m_spec.params) {
        const QVariant value = m_arguments.value(p.key);
        if (p.kind == OpParamKind::DimOrder) {
            QList<QSpinBox*> spins;
            const QList<qint64> order = value.value<QList<qint64>>();
            for (qsizetype i = 0; i < order.size(); ++i) {
                auto* spin = new QSpinBox(this);
                spin->setObjectName(QStringLiteral("%1_%2").arg(p.key).arg(i));
                spin->setRange(0, static_cast<int>(std::max<qint64>(m_input.dim() - 1, 0)));
                spin->setValue(static_cast<int>(order[i]));
                connect(spin, &QSpinBox::valueChanged, this, &OpFormDialog::refresh);
                spins << spin;
            }
            m_orderSpins[p.key] = spins;
        } else if (p.kind == OpParamKind::Shape) {
            auto* edit = new QLineEdit(intListText(value.value<QList<qint64>>()), this);
            edit->setObjectName(p.key);
            edit->setPlaceholderText(tr("integers separated by commas, e.g. 6, 4 (-1: inferred)"));
            connect(edit, &QLineEdit::textChanged, this, &OpFormDialog::refresh);
            m_lists[p.key] = edit;
        } else if (p.kind == OpParamKind::MemoryFormat || p.kind == OpParamKind::Choice ||
                   p.kind == OpParamKind::Operand) {
            // An Operand is typed (a number or a tensor's name): an editable combo whose items suggest.
            auto* combo = new QComboBox(this);
            combo->setObjectName(p.key);
            for (const QString& choice : p.choices)
                combo->addItem(p.kind == OpParamKind::MemoryFormat ? formatLabel(choice) : choice, choice);
            if (p.kind == OpParamKind::Operand) {
                combo->setEditable(true);
                combo->setCurrentText(value.toString());
                connect(combo, &QComboBox::editTextChanged, this, &OpFormDialog::refresh);
            } else {
                combo->setCurrentIndex(std::max(0, combo->findData(value.toString())));
            }
            connect(combo, &QComboBox::currentIndexChanged, this, &OpFormDialog::refresh);
            m_choices[p.key] = combo;
        } else {
            auto* spin = new QSpinBox(this);
            spin->setObjectName(p.key);
            if (p.kind == OpParamKind::OptionalDim)
                spin->setSpecialValueText(tr("all size-1 dims"));
            const IntRange range = OpCatalog::range(p, m_input, m_arguments);
            spin->setRange(static_cast<int>(range.min), static_cast<int>(range.max));
            spin->setValue(static_cast<int>(value.toLongLong()));
            connect(spin, &QSpinBox::valueChanged, this, [this] {
                if (m_updating)
                    return;
                updateRanges();
                refresh();
            });
            m_spins[p.key] = spin;
        }
    }
}

void OpFormDialog::readFields() {
    for (const OpParam& p : m_spec.params) {
        if (m_spins.contains(p.key)) {
            m_arguments[p.key] = qint64(m_spins[p.key]->value());
        } else if (m_orderSpins.contains(p.key)) {
            QList<qint64> order;
            for (QSpinBox* spin : m_orderSpins[p.key])
                order << spin->value();
            m_arguments[p.key] = QVariant::fromValue(order);
        } else if (m_lists.contains(p.key)) {
            const auto list = parseIntList(m_lists[p.key]->text());
            m_arguments[p.key] = list ? QVariant::fromValue(*list) : QVariant();
        } else if (m_choices.contains(p.key)) {
            QComboBox* combo = m_choices[p.key];
            m_arguments[p.key] = combo->isEditable() ? combo->currentText() : combo->currentData().toString();
        }
    }
}

// Spin boxes whose bounds depend on the chosen dim (start, length, index) follow it.
void OpFormDialog::updateRanges() {
    readFields();
    m_updating = true;
    for (const OpParam& p : m_spec.params) {
        if (!isIntegerKind(p.kind) || !m_spins.contains(p.key))
            continue;
        const IntRange range = OpCatalog::range(p, m_input, m_arguments);
        QSpinBox* spin = m_spins[p.key];
        spin->setRange(static_cast<int>(range.min), static_cast<int>(range.max));
        // A dim says how long it is, so that start, length and index can be chosen knowingly.
        if (p.kind == OpParamKind::Dim && m_input.dim() > 0)
            spin->setSuffix(tr("   (size %1)")
                                .arg(m_input.sizes()[static_cast<std::size_t>(
                                    std::clamp<qint64>(spin->value(), 0, m_input.dim() - 1))]));
    }
    m_updating = false;
    readFields();
}

void OpFormDialog::setArgument(const QString& key, const QVariant& value) {
    if (m_spins.contains(key)) {
        m_spins[key]->setValue(static_cast<int>(value.toLongLong()));
    } else if (m_orderSpins.contains(key)) {
        const QList<qint64> order = value.typeId() == QMetaType::QString
                                        ? parseIntList(value.toString()).value_or(QList<qint64>())
                                        : value.value<QList<qint64>>();
        const auto& spins = m_orderSpins[key];
        for (qsizetype i = 0; i < spins.size() && i < order.size(); ++i)
            spins[i]->setValue(static_cast<int>(order[i]));
    } else if (m_lists.contains(key)) {
        m_lists[key]->setText(value.typeId() == QMetaType::QString
                                  ? value.toString()
                                  : intListText(value.value<QList<qint64>>()));
    } else if (m_choices.contains(key)) {
        QComboBox* combo = m_choices[key];
        if (combo->isEditable())
            combo->setCurrentText(value.toString());
        else
            combo->setCurrentIndex(std::max(0, combo->findData(value.toString())));
    }
}

void OpFormDialog::setOutputName(const QString& name) { m_outputName->setText(name); }

QString OpFormDialog::code() const {
    return m_outputName->text() + QStringLiteral(" = ") +
           OpCatalog::expression(m_spec, m_inputText, m_arguments);
}

bool OpFormDialog::canApply() const { return m_valid; }
QString OpFormDialog::errorText() const {
    return m_errorPanel->isVisibleTo(this) ? m_errorPanel->errorText() : QString();
}
QString OpFormDialog::explanationText() const { return m_errorPanel->explanationText(); }

void OpFormDialog::refresh() {
    if (m_updating)
        return;
    readFields();
    m_reshapeCode.clear();
    m_valid = false;
    QPushButton* apply = m_buttons->button(QDialogButtonBox::Ok);
    const QString name = m_outputName->text();
    auto refuse = [&](const QString& error, const QString& explanation = {}, const QString& action = {}) {
        m_errorPanel->showError(error, explanation, action);
        m_preview->showInput(m_inputSpec, tr("No result until the arguments are valid; the input is shown."));
        apply->setEnabled(false);
    };
    if (const QString problem = nameProblem(name); !problem.isEmpty()) {
        m_codeLabel->setText(OpCatalog::expression(m_spec, m_inputText, m_arguments));
        refuse(problem);
        return;
    }
    for (const OpParam& p : m_spec.params) {
        if (m_lists.contains(p.key) && !m_arguments.value(p.key).isValid()) {
            m_codeLabel->setText(name + QStringLiteral(" = ") + m_inputText + u'.' + m_spec.id +
                                 QStringLiteral("(\u2026)"));
            refuse(tr("%1: type integers separated by commas, e.g. 6, 4").arg(OpCatalog::paramLabel(p.key)));
            return;
        }
    }
    const QString line = code();
    m_codeLabel->setText(line);
    const SessionModel::Preview result = m_session->preview(line);
    if (result.error) {
        QString explanation;
        QString action;
        if (m_spec.id == u"view" &&
            result.error->message.startsWith(QStringLiteral("view size is not compatible"))) {
            const QList<qint64> shape = m_arguments.value(QStringLiteral("shape")).value<QList<qint64>>();
            explanation =
                ViewFailure::explain(m_input.layout(), Shape(shape.begin(), shape.end())).value_or(QString());
            OpArguments same = m_arguments;
            m_reshapeCode =
                name + QStringLiteral(" = ") +
                OpCatalog::expression(*OpCatalog::find(QStringLiteral("reshape")), m_inputText, same);
            action = tr("Use reshape instead (copies)");
        }
        refuse(result.error->describe(), explanation, action);
        if (!m_reshapeCode.isEmpty())
            m_errorPanel->actionButton()->setToolTip(m_reshapeCode);
        return;
    }
    m_errorPanel->clear();
    if (result.tensor)
        m_preview->showTensor(*result.tensor, result.aliases, m_input);
    m_valid = true;
    apply->setEnabled(true);
}

void OpFormDialog::accept() {
    refresh();
    if (!m_valid)
        return;
    if (const RunResult result = m_session->run(code()))
        QDialog::accept();
    else
        m_errorPanel->showError(result.error()->describe());
}

bool OpFormDialog::applyReshapeInstead() {
    if (m_reshapeCode.isEmpty())
        return false;
    if (const RunResult result = m_session->run(m_reshapeCode); !result) {
        m_errorPanel->showError(result.error()->describe());
        return false;
    }
    QDialog::accept();
    return true;
}

} // namespace stridescope::app
