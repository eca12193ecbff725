#pragma once
// File ▸ Export Animation…: the grid's traversal of the spec on screen as a looping GIF, drawn
// as `tilelens --export-animation` draws it (docs/exports.md, "Animations").
#include <QSize>
#include <QString>
#include <functional>
#include <optional>

class QWidget;

namespace tl::gui {

struct ExplorerSnapshot;

struct AnimationChoice {
    QString path;  // the GIF
    qint64 stride = 1;
    double fps = 4;
    QSize size;  // empty: the frames' own size
    bool dark = false;
    bool frames = false;  // also the numbered PNG frames, in a folder beside the GIF
    bool lesson = false;  // the spec's lesson, a frame per step, instead of the traversal
};

// The smallest stride that keeps a traversal of `programs` within the frame limit.
qint64 minimumAnimationStride(qint64 programs);

// Asks for the file and the options; nullopt when cancelled. `lessonSteps` > 0 offers the
// spec's lesson (a frame per step) beside the traversal, chosen first.
std::optional<AnimationChoice> askAnimation(QWidget* parent, qint64 programs, bool dark,
                                            const QString& suggestedPath, int lessonSteps = 0);

// Draws and writes the animation; `progress(done, total)` returns false to stop. False with
// *error (empty when stopped) when nothing complete was written.
bool writeTraversalAnimation(const ExplorerSnapshot& snapshot, const AnimationChoice& choice,
                             const std::function<bool(int, int)>& progress, QString* error);

// The lesson of the snapshot's spec, a frame per step held 3 s, as
// `tilelens --export-animation DIR --lesson` draws it (size empty: 1280 x 800).
bool writeLessonAnimation(const ExplorerSnapshot& snapshot, const AnimationChoice& choice,
                          const std::function<bool(int, int)>& progress, QString* error);

// The folder the PNG frames of `gifPath` go to: "name-frames" beside it.
QString animationFramesFolder(const QString& gifPath);

}  // namespace tl::gui
