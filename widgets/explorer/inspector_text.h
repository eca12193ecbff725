#pragma once
// The inspector's texts, built from the analysis alone (no widget): for a program, per operand
// `index_map(i, j, k) -> block index -> element window -> clipped window` with the pipeline
// step and the padded or dropped elements; for an element, every program that reads or writes
// it, its coverage count and, after a run, its value, reference and error.
#include <QString>
#include <cstdint>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/interp/interpreter.h"
#include "core/spec/spec.h"

namespace tl::gui {

struct InspectorInput {
    const Analysis* analysis = nullptr;
    const Spec* spec = nullptr;         // for the index-map texts; may be null
    const RunResult* run = nullptr;     // for values and errors; may be null
    std::vector<Tolerance> tolerances;  // one per output of `run`
};

// "rows 20–29, columns 80–99" (rank 1: "elements 0–1023"; rank 3+: "dim 0 2, rows ...").
QString windowText(const ResolvedOperand& op, const Window& w);
// "20–29", or "20" for one element; empty for none.
QString rangeText(std::int64_t start, std::int64_t size);
// The part of `w` outside the array, per dimension: "columns 90–99".
QString outsideText(const ResolvedOperand& op, const Window& w, const Window& clipped);

QString programHtml(const InspectorInput& in, std::int64_t program);
QString elementHtml(const InspectorInput& in, int op, const std::vector<std::int64_t>& element);

// The grid axis names a spec's index maps use ("i", "j", "k"); "a0", "a1" ... where none says.
QStringList axisNames(const Instance& inst);

}  // namespace tl::gui
