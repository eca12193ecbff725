#pragma once
// `tilelens --export-animation DIR [--stride N] [--fps F] [--lesson] [--size WxH]
// [--theme light|dark] [SPEC]` (docs/exports.md, "Animations"): the grid traversal, or a
// lesson's steps, as numbered PNG frames and one looping GIF in DIR, without a window.
#include <QImage>
#include <QSize>
#include <QString>
#include <optional>

#include "core/audit/lesson_walk.h"
#include "widgets/document/explorer_snapshot.h"

namespace tl::gui {

inline constexpr int kMaxAnimationFrames = 2000;
inline constexpr qint64 kMaxAnimationBytes = qint64{1} << 30;  // raw RGB of all the frames

// A traversal frame: the operand sheet of `program` above the navigator's grid with the
// programs before it as a trail; `size` empty: the natural size, else both drawn at the
// frame's size (the navigator a strip at the bottom), using its whole width.
QImage traversalFrame(const ExplorerSnapshot& snapshot, qint64 program, QSize size, bool dark,
                      QString* error);
inline constexpr int kLessonDelay = 300;        // centiseconds a lesson's step stays on screen
inline constexpr QSize kLessonSize(1280, 800);  // a lesson's frames without a size

// One lesson step's frame at `size`: its picture (the step's params, program and view) above a
// band with the step's title and narration; null with *error when the step does not resolve.
QImage lessonFrame(const Spec& spec, const Lesson& lesson, int index, QSize size, bool dark,
                   QString* error);
// The programs a traversal shows: 0, stride, 2 stride, ... and always the last.
std::vector<qint64> traversalPrograms(qint64 programs, qint64 stride);
// The stride that keeps a traversal of `programs` within about 120 frames.
qint64 defaultStride(qint64 programs);

// The command line's values, as typed (empty: not given).
struct ExportAnimationArgs {
    QString specPath;  // empty: the built-in matmul-rect example
    QString outDir;
    QString stride, fps, size, theme;
    bool lesson = false;
};

// Exit codes as for --export-image: 0 written, 1 could not write, 2 a bad spec, option or
// folder (the message says which and the fix).
int runExportAnimation(const ExportAnimationArgs& args);

}  // namespace tl::gui
