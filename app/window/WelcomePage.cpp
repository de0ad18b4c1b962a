#include "app/window/WelcomePage.h"

#include <QFont>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace stridescope::app {

WelcomePage::WelcomePage(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("welcome"));
    auto* title = new QLabel(tr("See how a tensor sits in memory"), this);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.8);
    titleFont.setBold(true);
    title->setFont(titleFont);
    auto* steps = new QLabel(this);
    steps->setTextFormat(Qt::RichText);
    steps->setWordWrap(true);
    steps->setText(
        tr("<ol style=\"line-height:150%\">"
           "<li><b>Build a tensor</b> with the button below, or type "
           "<code>x = torch.arange(24).reshape(2, 3, 4)</code> in the console at the bottom and press "
           "Enter.</li>"
           "<li><b>Apply an op</b> with the buttons above (Transpose, Narrow, View, \u2026) or type PyTorch "
           "code.</li>"
           "<li><b>Read the picture</b>: the storage strip is the memory, the grid is what the tensor shows, "
           "the arrows are the strides. Hover a cell to see its address formula; press Play to walk it.</li>"
           "</ol>"));
    auto* build = new QPushButton(tr("New Tensor\u2026"), this);
    build->setObjectName(QStringLiteral("welcomeNewTensor"));
    auto* lesson = new QPushButton(tr("Start Lesson 1"), this);
    auto* openButton = new QPushButton(tr("Open a Script\u2026"), this);
    QFont buttonFont = build->font();
    buttonFont.setPointSizeF(buttonFont.pointSizeF() * 1.2);
    for (QPushButton* button : {build, lesson, openButton}) {
        button->setFont(buttonFont);
        button->setMinimumHeight(button->sizeHint().height() + 10);
    }
    build->setDefault(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(build);
    buttons->addWidget(lesson);
    buttons->addWidget(openButton);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(48, 40, 48, 40);
    layout->addWidget(title);
    layout->addWidget(steps);
    layout->addLayout(buttons);
    layout->addStretch();
    connect(build, &QPushButton::clicked, this, &WelcomePage::newTensorRequested);
    connect(lesson, &QPushButton::clicked, this, &WelcomePage::firstLessonRequested);
    connect(openButton, &QPushButton::clicked, this, &WelcomePage::openRequested);
}

} // namespace stridescope::app
