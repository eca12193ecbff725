#pragma once
// One immutable result of analysing the open spec: what the explorer's views draw. The
// document makes a new one after every edit (off the GUI thread) and views swap it in whole;
// a snapshot older than the one on screen is never drawn.
#include <QtGlobal>
#include <memory>

#include "core/analysis/analysis.h"
#include "core/audit/audit.h"
#include "core/interp/interpreter.h"
#include "core/interp/numerics.h"
#include "core/spec/spec.h"

namespace tl::gui {

struct ExplorerSnapshot {
    quint64 generation = 0;  // of the edit it reflects
    // Which document it belongs to (counted up by each open or new document): the views
    // reset their selection when it changes.
    quint64 document = 0;
    std::shared_ptr<const Spec> spec;  // the spec as edited (last valid state)
    // A spec with a `python` key: the pallas_call recorded from the file, which the views
    // draw (its grid and operands); null otherwise.
    std::shared_ptr<const Spec> recorded;
    // Null when the spec does not resolve. The audit's own analysis, shared with `audit` rather
    // than copied, unless the contract rejected the spec (the audit then analysed nothing).
    std::shared_ptr<const Analysis> analysis;
    std::shared_ptr<const AuditResult> audit;  // contract + indexing of the spec's own params
    std::shared_ptr<const RunResult> run;      // set once Run finished for this generation
    // With `run`: the comparison with the references (per-output errors, mismatch findings);
    // `audit` then holds these findings too and its numerics stage is set.
    std::shared_ptr<const NumericsResult> numerics;
};

}  // namespace tl::gui
