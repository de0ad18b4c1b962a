#include "app/window/ErrorPanel.h"

#include "app/window/SessionModel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace stridescope::app {

ErrorPanel::ErrorPanel(QWidget* parent)
    : QFrame(parent), m_error(new QLabel(this)), m_explanation(new QLabel(this)),
      m_action(new QPushButton(this)) {
    setObjectName(QStringLiteral("errorPanel"));
    setFrameShape(QFrame::StyledPanel);
    m_error->setObjectName(QStringLiteral("errorText"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setTextFormat(Qt::PlainText);
    m_explanation->setObjectName(QStringLiteral("errorExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setTextFormat(Qt::PlainText);
    m_action->setObjectName(QStringLiteral("errorAction"));

    auto* text = new QVBoxLayout;
    text->setSpacing(2);
    text->addWidget(m_error);
    text->addWidget(m_explanation);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addLayout(text, 1);
    layout->addWidget(m_action, 0, Qt::AlignTop);
    connect(m_action, &QPushButton::clicked, this, &ErrorPanel::actionTriggered);
    applyColours();
    clear();
}

void ErrorPanel::showError(const QString& error, const QString& explanation, const QString& actionText) {
    m_error->setText(error);
    m_explanation->setText(explanation);
    m_explanation->setVisible(!explanation.isEmpty());
    m_action->setText(actionText);
    m_action->setVisible(!actionText.isEmpty());
    show();
}

void ErrorPanel::clear() {
    m_error->clear();
    m_explanation->clear();
    m_action->hide();
    hide();
}

QString ErrorPanel::errorText() const { return m_error->text(); }
QString ErrorPanel::explanationText() const { return m_explanation->text(); }

void ErrorPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange)
        applyColours();
    QFrame::changeEvent(event);
}

void ErrorPanel::applyColours() {
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QString red = dark ? QStringLiteral("#ff8a80") : QStringLiteral("#b00020");
    const QString fill = dark ? QStringLiteral("#3a1f22") : QStringLiteral("#fdecee");
    // A style sheet on this frame only: the colour of an error is not a palette role.
    const QString sheet =
        QStringLiteral("#errorPanel { background: %1; border: 1px solid %2; border-radius: 4px; }"
                       "#errorText { color: %2; font-weight: 600; }")
            .arg(fill, red);
    if (styleSheet() != sheet)
        setStyleSheet(sheet);
}

} // namespace stridescope::app
