#pragma once
// A lesson as a printable handout (`stridescope handout LESSON.py --out FILE.pdf`, Lessons →
// Export Handout): an A4 PDF with a title page (the lesson's title and introduction), then every
// step in order with its statement, its comment, the result line a Python prompt would print
// (or the error it raises) and, when it yields a tensor, its clean figure scaled to the page;
// steps flow down the page (about two a page with figures) and never split across pages; every
// page after the first carries its number. The words follow the UI language (context
// "Handout"); the figures are drawn by the same DiagramPainter as everything else.
#include "app/diagram/DiagramTheme.h"
#include "app/window/Lesson.h"

#include <QCoreApplication>
#include <QString>

namespace stridescope::app {

class Handout {
    Q_DECLARE_TR_FUNCTIONS(Handout)

public:
    // Runs the lesson's steps in a fresh workspace and writes the handout to `path` atomically.
    // Returns an empty string on success, else what went wrong. `pages`, when given, receives
    // the page count.
    static QString write(const Lesson& lesson, const QString& path, const DiagramTheme& theme,
                         int* pages = nullptr);
};

} // namespace stridescope::app
