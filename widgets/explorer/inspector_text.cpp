#include "widgets/explorer/inspector_text.h"

#include <QStringList>
#include <algorithm>

#include "core/base/format.h"
#include "core/view/error_heat.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/operand_painter.h"
#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"

namespace tl::gui {

namespace {

constexpr std::size_t kMaxListed = 16;

QString dimName(const ResolvedOperand& op, int d, bool plural) {
    const int r = op.rank();
    if (r == 1) return plural ? QStringLiteral("elements") : QStringLiteral("element");
    if (d == r - 2) return plural ? QStringLiteral("rows") : QStringLiteral("row");
    if (d == r - 1) return plural ? QStringLiteral("columns") : QStringLiteral("column");
    return plural ? QStringLiteral("dim %1 indices").arg(d) : QStringLiteral("dim %1 index").arg(d);
}

QString esc(const QString& s) {
    return s.toHtmlEscaped();
}

QString coordsText(const Analysis& a, std::int64_t program) {
    return tupleText(a.program_coords(program));
}

QString programLink(const Analysis& a, std::int64_t program) {
    return QStringLiteral("<a href=\"program:%1\">#%1&nbsp;%2</a>")
        .arg(program)
        .arg(coordsText(a, program));
}

QString swatch(const ResolvedOperand& op, int roleIndex) {
    return QStringLiteral("<span style=\"color:%1\">■</span>")
        .arg(ExplorerPalette::roleHue(op.role, roleIndex).name());
}

int roleIndexOf(const Instance& inst, int op) {
    int n = 0;
    for (int i = 0; i < op; ++i)
        n += inst.operands[static_cast<std::size_t>(i)].role ==
             inst.operands[static_cast<std::size_t>(op)].role;
    return n;
}

QString row(const QString& key, const QString& value) {
    return QStringLiteral(
               "<tr><td style=\"color:#7A828E;padding-right:8px\">%1</td><td>%2</td></tr>")
        .arg(key, value);
}

// How the body consumes the block when it has an inner tiling: "tile (128, 64) · 8 steps,
// streamed through 4 buffers (4 × 16 KiB)" or "held whole, computed in 8 tiles of (128, 64)".
QString innerRow(const ResolvedOperand& ro) {
    if (!ro.inner) return {};
    const std::int64_t steps = ro.inner_steps();
    const QString tile = tupleText(ro.inner->tile);
    const QString stepText =
        steps == 1 ? QStringLiteral("1 step") : QStringLiteral("%1 steps").arg(steps);
    QString text = ro.inner->streamed()
                       ? QStringLiteral("tile %1 · %2, streamed through %3 buffer%4 (%3 × %5)")
                             .arg(tile, stepText)
                             .arg(ro.inner->buffers)
                             .arg(ro.inner->buffers == 1 ? QString() : QStringLiteral("s"))
                             .arg(qs(format_bytes_short(ro.tile_bytes())))
                       : QStringLiteral("held whole, computed in %1 tile%2 of %3")
                             .arg(steps)
                             .arg(steps == 1 ? QString() : QStringLiteral("s"))
                             .arg(tile);
    bool partial = false;
    QStringList hidden;
    for (int d = 0; d < ro.rank(); ++d) {
        const std::int64_t b = ro.block[static_cast<std::size_t>(d)].size;
        const std::int64_t t = ro.compute_size(d);
        partial = partial || (t > 0 && b % t != 0);
        if (d < ro.rank() - 2 && t < b) hidden << QString::number(d);
    }
    if (partial) text += QStringLiteral("; the last step is partial (masked by the body)");
    if (!hidden.isEmpty())
        text += QStringLiteral("; tiles along dim %1 are not drawn (one slice on show)")
                    .arg(hidden.join(QStringLiteral(", ")));
    return row(QStringLiteral("inner"), text);
}

// The rows after the windows: what the pipeline does with the operand's block in `program`,
// and the operand's memory space, alias, discard and revisit when they are not the default.
QString operandPipelineRows(const Analysis& a, std::int64_t program, int op) {
    const Instance& inst = a.instance();
    const ResolvedOperand& ro = inst.operands[static_cast<std::size_t>(op)];
    QString step;
    if (ro.role == Role::Input) {
        step = a.is_copy(program, op)
                   ? QStringLiteral("copied HBM → VMEM")
                   : QStringLiteral("copy skipped: same block as program #%1").arg(program - 1);
    } else {
        const std::int64_t v = a.visit_of(program, op);
        step = a.is_copy(program, op)
                   ? QStringLiteral("written back after this program (visit %1)").arg(v)
                   : QStringLiteral("stays in VMEM: program #%1 keeps this block (visit %2)")
                         .arg(program + 1)
                         .arg(v);
    }
    QString h = row(QStringLiteral("pipeline"), step) + innerRow(ro);
    if (ro.memory_space == MemorySpace::Smem)
        h += row(QStringLiteral("memory"), QStringLiteral("SMEM"));
    if (ro.alias_of >= 0)
        h += row(QStringLiteral("aliases"),
                 QStringLiteral("input %1: what no program writes keeps its values")
                     .arg(esc(qs(inst.operands[static_cast<std::size_t>(ro.alias_of)].name))));
    if (ro.discard)
        h += row(QStringLiteral("discarded"),
                 QStringLiteral("the caller throws these values away: findings are info"));
    if (ro.revisit == OutputRevisit::Any)
        h += row(QStringLiteral("revisit"),
                 QStringLiteral("any: a revisited block is first restored from HBM"));
    return h;
}

QString operandSection(const InspectorInput& in, std::int64_t program, int op) {
    const Analysis& a = *in.analysis;
    const Instance& inst = a.instance();
    const ResolvedOperand& ro = inst.operands[static_cast<std::size_t>(op)];
    QString h = QStringLiteral(
                    "<p style=\"margin-top:10px;margin-bottom:2px\">%1 <b>%2</b> "
                    "<span style=\"color:#7A828E\">%3 (%4) · block %5</span></p>")
                    .arg(swatch(ro, roleIndexOf(inst, op)), esc(qs(ro.name)), dtypeText(ro.dtype),
                         tupleText(ro.shape).mid(1).chopped(1), blockShapeText(ro.block));
    h += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    if (ro.manual()) {  // no blocks: the whole array stays in HBM
        h += row(QStringLiteral("memory"),
                 QStringLiteral("%1: the whole array stays in HBM; the kernel copies what it "
                                "needs itself, so its accesses are not checked "
                                "(unchecked_operand)")
                     .arg(qs(std::string(to_string(ro.memory_space))))) +
             innerRow(ro);
        return h + QStringLiteral("</table>");
    }
    const auto bi = a.block_index(program, op);
    QString mapText;
    if (in.spec && op < static_cast<int>(in.spec->operands.size()) &&
        in.spec->operands[static_cast<std::size_t>(op)].name == ro.name)
        mapText = in.spec->operands[static_cast<std::size_t>(op)].index_map
                      ? qs(*in.spec->operands[static_cast<std::size_t>(op)].index_map)
                      : QStringLiteral("no index map: block (0, …)");
    const QString call = QStringLiteral("index_map%1").arg(coordsText(a, program));
    if (bi.empty()) {
        h += row(call, QStringLiteral("<span style=\"color:%1\">failed here "
                                      "(see the errors)</span>")
                           .arg(errorColour().name()));
        return h + QStringLiteral("</table>");
    }
    h += row(call, QStringLiteral("→ <b>%1</b>").arg(tupleText({bi.begin(), bi.end()})));
    if (!mapText.isEmpty())
        h += QStringLiteral(
                 "<tr><td colspan=\"2\"><code style=\"color:#7A828E\">%1</code></td></tr>")
                 .arg(esc(mapText));
    const Window w = a.window(program, op), c = a.clipped(program, op);
    h += row(QStringLiteral("element window"), windowText(ro, w));
    std::int64_t total = 1, valid = 1;
    for (std::size_t d = 0; d < w.size.size(); ++d) {
        total *= w.size[d];
        valid *= c.size[d];
    }
    if (a.out_of_bounds(program, op)) {
        h += row(QStringLiteral("clipped window"),
                 QStringLiteral("<span style=\"color:%1\"><b>none</b>: the block has no "
                                "element inside the array (block_out_of_bounds)</span>")
                     .arg(errorColour().name()));
    } else {
        h += row(QStringLiteral("clipped window"), QStringLiteral("%1 · %2 of %3 elements valid")
                                                       .arg(windowText(ro, c))
                                                       .arg(valid)
                                                       .arg(total));
    }
    const bool input = ro.role == Role::Input;
    if (valid < total) {
        const QString where =
            a.out_of_bounds(program, op) ? QStringLiteral("all of it") : outsideText(ro, w, c);
        h += row(input ? QStringLiteral("padding on read") : QStringLiteral("dropped writes"),
                 QStringLiteral("%1 elements (%2)").arg(total - valid).arg(where));
    }
    return h + operandPipelineRows(a, program, op) + QStringLiteral("</table>");
}

}  // namespace

QString rangeText(std::int64_t start, std::int64_t size) {
    if (size <= 0) return {};
    if (size == 1) return QString::number(start);
    return QStringLiteral("%1–%2").arg(start).arg(start + size - 1);
}

QString windowText(const ResolvedOperand& op, const Window& w) {
    QStringList parts;
    for (int d = 0; d < op.rank(); ++d) {
        const auto s = w.size[static_cast<std::size_t>(d)];
        if (s <= 0) return QStringLiteral("empty");
        parts << dimName(op, d, s > 1) + u' ' + rangeText(w.start[static_cast<std::size_t>(d)], s);
    }
    if (parts.isEmpty()) return QStringLiteral("the scalar");
    return parts.join(QStringLiteral(", "));
}

QString outsideText(const ResolvedOperand& op, const Window& w, const Window& c) {
    QStringList parts;
    for (int d = 0; d < op.rank(); ++d) {
        const auto i = static_cast<std::size_t>(d);
        const std::int64_t end = w.start[i] + w.size[i];
        const std::int64_t cs = c.size[i] > 0 ? c.start[i] : end, ce = c.start[i] + c.size[i];
        if (cs > w.start[i])
            parts << dimName(op, d, cs - w.start[i] > 1) + u' ' +
                         rangeText(w.start[i], cs - w.start[i]);
        if (c.size[i] > 0 && end > ce)
            parts << dimName(op, d, end - ce > 1) + u' ' + rangeText(ce, end - ce);
    }
    return parts.join(QStringLiteral(" and "));
}

QString programHtml(const InspectorInput& in, std::int64_t program) {
    if (!in.analysis || in.analysis->programs() == 0)
        return QStringLiteral("<p>The grid has no programs.</p>");
    const Analysis& a = *in.analysis;
    program = std::clamp<std::int64_t>(program, 0, a.programs() - 1);
    QString h = QStringLiteral(
                    "<p style=\"margin-bottom:0\"><b>program_id %1</b> "
                    "<span style=\"color:#7A828E\">· #%2 of %3 in iteration order</span></p>")
                    .arg(coordsText(a, program))
                    .arg(program)
                    .arg(a.programs());
    for (int op = 0; op < static_cast<int>(a.instance().operands.size()); ++op)
        h += operandSection(in, program, op);
    return h;
}

QString elementHtml(const InspectorInput& in, int op, const std::vector<std::int64_t>& element) {
    if (!in.analysis || op < 0 || op >= static_cast<int>(in.analysis->instance().operands.size()))
        return {};
    const Analysis& a = *in.analysis;
    const ResolvedOperand& ro = a.instance().operands[static_cast<std::size_t>(op)];
    const bool output = ro.role == Role::Output;
    QStringList idx;
    for (std::int64_t x : element) idx << QString::number(x);
    QString h = QStringLiteral("<p style=\"margin-bottom:2px\">%1 <b>%2[%3]</b></p>")
                    .arg(swatch(ro, roleIndexOf(a.instance(), op)), esc(qs(ro.name)),
                         idx.join(QStringLiteral(", ")));
    const auto progs = a.programs_touching(op, element);
    const QString verb = output ? QStringLiteral("written by") : QStringLiteral("read by");
    if (progs.empty()) {
        h += QStringLiteral(
                 "<p style=\"margin-top:0\"><span style=\"color:%1\"><b>%2 no "
                 "program</b></span></p>")
                 .arg(output ? QStringLiteral("#C2187A") : QStringLiteral("#7A828E"), verb);
    } else {
        QStringList links;
        for (std::size_t i = 0; i < progs.size() && i < kMaxListed; ++i)
            links << programLink(a, progs[i]);
        if (progs.size() > kMaxListed)
            links << QStringLiteral("and %1 more").arg(progs.size() - kMaxListed);
        h += QStringLiteral("<p style=\"margin-top:0\">%1 %2 program%3: %4</p>")
                 .arg(verb)
                 .arg(progs.size())
                 .arg(progs.size() == 1 ? QString() : QStringLiteral("s"))
                 .arg(links.join(QStringLiteral(", ")));
    }
    const std::int32_t n = a.coverage(op).count_at(element);
    h += QStringLiteral("<p style=\"margin-top:0\">coverage: %1 %2</p>")
             .arg(output ? QStringLiteral("written back") : QStringLiteral("copied in"))
             .arg(n == 1 ? QStringLiteral("once") : QStringLiteral("%1 times").arg(n));
    if (in.run && output) {
        const auto& outs = in.run->output_operands;
        const auto it = std::find(outs.begin(), outs.end(), op);
        const auto i = static_cast<std::size_t>(it - outs.begin());
        if (it != outs.end() && i < in.run->outputs.size() && i < in.run->references.size()) {
            const Tolerance tol = i < in.tolerances.size() ? in.tolerances[i] : Tolerance{};
            const view::ElementError e =
                view::element_error(in.run->outputs[i], in.run->references[i], tol, element);
            h += QStringLiteral(
                     "<p style=\"margin-top:0\">out %1 · reference %2 · |error| %3 %4</p>")
                     .arg(e.out, 0, 'g', 7)
                     .arg(e.ref, 0, 'g', 7)
                     .arg(e.error, 0, 'g', 3)
                     .arg(e.bad ? QStringLiteral("<b style=\"color:%1\">outside the tolerance</b>")
                                      .arg(errorColour().name())
                                : QStringLiteral("(within the tolerance)"));
            if (i < in.run->writers.size()) {
                const std::int32_t v =
                    in.run->writers[i].visit_at(in.run->outputs[i].offset(element));
                if (v >= 0) {
                    const auto& visit = in.run->writers[i].visits[static_cast<std::size_t>(v)];
                    h += QStringLiteral("<p style=\"margin-top:0\">last written back by %1</p>")
                             .arg(programLink(a, visit.last_program));
                } else {
                    h += QStringLiteral(
                        "<p style=\"margin-top:0\"><b>never written back</b> by the run</p>");
                }
            }
        }
    }
    return h;
}

QStringList axisNames(const Instance& inst) {
    QStringList names;
    for (const auto& n : grid_axis_names(inst)) names << qs(n);
    return names;
}

}  // namespace tl::gui
