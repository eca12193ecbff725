#pragma once
// The lessons bundled under :/lessons/ (docs/lessons.md), in their order, for the Lessons menu.
#include <QString>
#include <vector>

namespace tl::gui {

struct LessonEntry {
    int order = 0;
    QString title;  // the lesson's title
    QString path;   // ":/lessons/04-floor-grid.tilelens.json"
    QString intro;  // the first step's narration, for the menu's tooltip
    int steps = 0;
};

// Every lesson under `folder` that loads, sorted by its order.
std::vector<LessonEntry> load_lesson_library(const QString& folder = QStringLiteral(":/lessons"));

}  // namespace tl::gui
