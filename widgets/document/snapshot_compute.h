#pragma once
// Turning the spec as edited into an ExplorerSnapshot: validate it as the file loader would,
// resolve, analyse and audit its own params. Plain work, safe on any thread.
#include <QtGlobal>
#include <memory>
#include <optional>
#include <string>

#include "core/base/diagnostic.h"
#include "core/pyrun/python_env.h"
#include "core/spec/spec.h"
#include "widgets/document/explorer_snapshot.h"

namespace tl::gui {

struct SnapshotResult {
    quint64 generation = 0;
    // Why the spec as edited does not analyse (syntax, names, arity, sizes); empty when it does.
    Diagnostics diagnostics;
    // Set when the spec is a valid file; its analysis is null when it does not resolve.
    std::optional<ExplorerSnapshot> snapshot;
    double milliseconds = 0;  // wall time of the computation
};

// What a spec with a `python` key needs: where python.file is relative to, and whether the
// user allowed running that file (the GUI asks first).
struct SnapshotContext {
    std::string spec_dir;
    bool run_python = false;
    PythonEngine engine = PythonEngine::Auto;
};

// The snapshot of `spec` for edit `generation`. Never throws for bad input.
SnapshotResult compute_snapshot(const Spec& spec, quint64 generation,
                                const SnapshotContext& context = {});
// The same for a spec already shared: the snapshot holds `spec` itself, not a copy.
SnapshotResult compute_snapshot(std::shared_ptr<const Spec> spec, quint64 generation,
                                const SnapshotContext& context = {});

}  // namespace tl::gui
