#pragma once
// A selected finding drawn on the picture (docs/ARCHITECTURE.md, "The explorer's pictures at
// any size"): the block it is about outlined on its operand, a caption naming the kind and
// what it means there, and on the navigator the programs involved (the racing writers of a
// parallel_race, the programs that touch the element otherwise).
#include <QFont>
#include <QString>
#include <optional>
#include <vector>

#include "core/base/finding.h"
#include "core/view/geometry.h"
#include "core/view/operand_scene.h"

class QPainter;
class QRectF;

namespace tl::gui {

struct FindingMark {
    int operand = -1;                        // the operand view it is drawn on
    QString caption;                         // "parallel_race · 2 programs write this block"
    std::optional<view::ElementRect> block;  // displayed coordinates; none: the whole canvas
    bool currentBlock = false;               // outline the selected program's block instead
    Severity severity = Severity::Error;
    std::vector<std::int64_t> programs;  // marked on the navigator
};

// The mark of `f` on operand `operand` (-1 when the finding names no operand on show), given
// the programs that touch its element (empty when it has none).
FindingMark findingMark(const Finding& f, int operand, const view::OperandScene* scene,
                        std::vector<std::int64_t> programs);

// The outline and the caption on an operand canvas.
void paintFindingMark(QPainter& p, const QRectF& canvas, const FindingMark& m,
                      const view::OperandScene& s, const view::ViewTransform& t, const QFont& font);

}  // namespace tl::gui
