#include "app/window/TensorBuilderDialog.h"

#include "app/window/ErrorPanel.h"
#include "app/window/LayoutPreview.h"
#include "app/window/NameCheck.h"
#include "app/window/OpCatalog.h"
#include "app/window/SessionModel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

namespace stridescope::app {

namespace {

const QStringList& dtypeNames() {
    static const QStringList names = {QStringLiteral("float32"), QStringLiteral("float64"),
                                      QStringLiteral("float16"), QStringLiteral("bfloat16"),
                                      QStringLiteral("int64"),   QStringLiteral("int32"),
                                      QStringLiteral("int16"),   QStringLiteral("int8"),
                                      QStringLiteral("uint8"),   QStringLiteral("bool")};
    return names;
}

QString shapeArgs(const Shape& shape) {
    QStringList parts;
    for (auto size : shape)
        parts << QString::number(size);
    return parts.join(QStringLiteral(", "));
}

} // namespace

QString TensorBuilderDialog::codeFor(const QString& name, const Shape& shape, const QString& dtype,
                                     Fill fill) {
    const QString type = QStringLiteral("dtype=torch.") + dtype;
    std::int64_t numel = 1;
    for (auto size : shape)
        numel *= size;
    QString rhs;
    switch (fill) {
    case Fill::Arange:
        rhs = QStringLiteral("torch.arange(%1, %2)").arg(numel).arg(type);
        if (shape.size() != 1)
            rhs +=
                QStringLiteral(".reshape(%1)").arg(shape.empty() ? QStringLiteral("()") : shapeArgs(shape));
        break;
    case Fill::Zeros:
    case Fill::Ones:
    case Fill::Rand:
    case Fill::Randn: {
        const char* function = fill == Fill::Zeros  ? "zeros"
                               : fill == Fill::Ones ? "ones"
                               : fill == Fill::Rand ? "rand"
                                                    : "randn";
        const QString sizes = shape.empty() ? QStringLiteral("()") : shapeArgs(shape);
        rhs = QStringLiteral("torch.%1(%2, %3)").arg(QString::fromLatin1(function), sizes, type);
        break;
    }
    }
    return name + QStringLiteral(" = ") + rhs;
}

TensorBuilderDialog::TensorBuilderDialog(SessionModel* session, QWidget* parent)
    : QDialog(parent), m_session(session), m_name(new QLineEdit(this)), m_shape(new QLineEdit(this)),
      m_dtype(new QComboBox(this)), m_fill(new QComboBox(this)), m_codeLabel(new QLabel(this)),
      m_errorPanel(new ErrorPanel(this)), m_preview(new LayoutPreview(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("tensorBuilder"));
    setWindowTitle(tr("New Tensor"));
    m_name->setObjectName(QStringLiteral("name"));
    m_name->setText(session->freeName(
        {QStringLiteral("x"), QStringLiteral("w"), QStringLiteral("u"), QStringLiteral("v")}));
    m_shape->setObjectName(QStringLiteral("shape"));
    m_shape->setText(QStringLiteral("2, 3, 4"));
    m_shape->setPlaceholderText(tr("sizes separated by commas, e.g. 2, 3, 4"));
    m_dtype->setObjectName(QStringLiteral("dtype"));
    for (const QString& name : dtypeNames())
        m_dtype->addItem(QStringLiteral("torch.") + name, name);
    m_fill->setObjectName(QStringLiteral("fill"));
    m_fill->addItem(tr("arange: 0, 1, 2, \u2026 (shows the order)"), static_cast<int>(Fill::Arange));
    m_fill->addItem(tr("zeros"), static_cast<int>(Fill::Zeros));
    m_fill->addItem(tr("ones"), static_cast<int>(Fill::Ones));
    m_fill->addItem(tr("random, uniform in [0, 1) (rand)"), static_cast<int>(Fill::Rand));
    m_fill->addItem(tr("random, normal (randn)"), static_cast<int>(Fill::Randn));
    m_dtype->setCurrentIndex(m_dtype->findData(QStringLiteral("int64")));

    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setBold(true);
    mono.setPointSizeF(mono.pointSizeF() * 1.15);
    m_codeLabel->setObjectName(QStringLiteral("codeLine"));
    m_codeLabel->setFont(mono);
    m_codeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_codeLabel->setTextFormat(Qt::PlainText);
    m_codeLabel->setWordWrap(true);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    m_buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("createButton"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));

    auto* help = new QLabel(
        tr("A tensor is a block of memory (its storage) read through a shape and strides. "
           "Start with arange: each cell shows its own position, so every later view shows where it reads."),
        this);
    help->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Shape"), m_shape);
    form->addRow(tr("dtype"), m_dtype);
    form->addRow(tr("Fill"), m_fill);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addLayout(form);
    layout->addWidget(m_codeLabel);
    layout->addWidget(m_errorPanel);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_buttons);

    connect(m_name, &QLineEdit::textChanged, this, &TensorBuilderDialog::refresh);
    connect(m_shape, &QLineEdit::textChanged, this, &TensorBuilderDialog::refresh);
    connect(m_dtype, &QComboBox::activated, this, [this] { m_dtypeChosen = true; });
    connect(m_dtype, &QComboBox::currentIndexChanged, this, &TensorBuilderDialog::refresh);
    connect(m_fill, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_dtypeChosen) {
            const bool integral = static_cast<Fill>(m_fill->currentData().toInt()) == Fill::Arange;
            m_dtype->setCurrentIndex(
                m_dtype->findData(integral ? QStringLiteral("int64") : QStringLiteral("float32")));
        }
        refresh();
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &TensorBuilderDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &TensorBuilderDialog::reject);
    resize(720, 600);
    refresh();
}

void TensorBuilderDialog::setTheme(const DiagramTheme& theme) { m_preview->setTheme(theme); }
void TensorBuilderDialog::setName(const QString& name) { m_name->setText(name); }
void TensorBuilderDialog::setShapeText(const QString& text) { m_shape->setText(text); }
void TensorBuilderDialog::setDType(const QString& dtype) {
    m_dtypeChosen = true;
    m_dtype->setCurrentIndex(std::max(0, m_dtype->findData(dtype)));
}
void TensorBuilderDialog::setFill(Fill fill) {
    m_fill->setCurrentIndex(std::max(0, m_fill->findData(static_cast<int>(fill))));
}

QString TensorBuilderDialog::errorText() const {
    return m_errorPanel->isVisibleTo(this) ? m_errorPanel->errorText() : QString();
}

QString TensorBuilderDialog::code() const {
    const auto shape = parseIntList(m_shape->text());
    if (!shape)
        return {};
    return codeFor(m_name->text(), Shape(shape->begin(), shape->end()), m_dtype->currentData().toString(),
                   static_cast<Fill>(m_fill->currentData().toInt()));
}

void TensorBuilderDialog::refresh() {
    m_valid = false;
    QPushButton* create = m_buttons->button(QDialogButtonBox::Ok);
    create->setEnabled(false);
    const QString name = m_name->text();
    if (const QString problem = nameProblem(name); !problem.isEmpty()) {
        m_codeLabel->clear();
        m_errorPanel->showError(problem);
        m_preview->showNothing({});
        return;
    }
    const auto shape = parseIntList(m_shape->text());
    if (!shape) {
        m_codeLabel->clear();
        m_errorPanel->showError(tr("Shape: type sizes separated by commas, e.g. 2, 3, 4"));
        m_preview->showNothing({});
        return;
    }
    std::int64_t numel = 1;
    bool overflows = false;
    for (qint64 size : *shape) {
        if (size <= 0 || numel == 0) {
            numel = 0;
            continue;
        }
        std::int64_t product = 0;
        overflows = overflows || __builtin_mul_overflow(numel, static_cast<std::int64_t>(size), &product);
        numel = product;
    }
    if (overflows) {
        // No element count to arange over: what PyTorch says about allocating that shape.
        const QString line = name + QStringLiteral(" = torch.empty(%1, dtype=torch.%2)")
                                        .arg(m_shape->text().trimmed(), m_dtype->currentData().toString());
        m_codeLabel->setText(line);
        const SessionModel::Preview result = m_session->preview(line);
        m_errorPanel->showError(result.error ? result.error->describe()
                                             : tr("The number of elements does not fit in 64 bits."));
        m_preview->showNothing({});
        return;
    }
    if (numel > (std::int64_t(1) << 24)) {
        m_codeLabel->setText(code());
        m_errorPanel->showError(tr("That is more than 16,777,216 elements: the diagram could not show them. "
                                   "(Type it in the console to explore a large layout without values.)"));
        m_preview->showNothing({});
        return;
    }
    const QString line = code();
    m_codeLabel->setText(line);
    const SessionModel::Preview result = m_session->preview(line);
    if (result.error) {
        m_errorPanel->showError(result.error->describe());
        m_preview->showNothing(tr("Nothing to preview until the choice is valid."));
        return;
    }
    m_errorPanel->clear();
    if (result.tensor)
        m_preview->showTensor(*result.tensor, {});
    m_valid = true;
    create->setEnabled(true);
}

void TensorBuilderDialog::accept() {
    refresh();
    if (!m_valid)
        return;
    if (const RunResult result = m_session->run(code()))
        QDialog::accept();
    else
        m_errorPanel->showError(result.error()->describe());
}

} // namespace stridescope::app
