#pragma once
// The centre of the window until there is a tensor to draw: the first three steps and buttons
// for them (build a tensor, start lesson 1, open a script). It only asks; the window acts.
#include <QWidget>

namespace stridescope::app {

class WelcomePage : public QWidget {
    Q_OBJECT

public:
    explicit WelcomePage(QWidget* parent = nullptr);

signals:
    void newTensorRequested();
    void firstLessonRequested();
    void openRequested();
};

} // namespace stridescope::app
