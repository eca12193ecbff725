#pragma once
// Opening a kernel's .py file: which wrapper to call, with which argument types, params and
// keyword arguments, and the reference; remembered per file for the next time.
#include <QString>
#include <QStringList>
#include <optional>
#include <string>
#include <variant>

#include "core/spec/spec.h"

class QSettings;
class QWidget;

namespace tl::gui {

struct PythonCall {
    QString call;
    QStringList args;    // "float32[300,256]", "None"
    QStringList params;  // "M=300"
    QStringList kwargs;  // "bm=128"
    QString reference;   // empty: none
    QString target;      // a target profile's id; empty: interpret (no target rules)
};

PythonCall rememberedCall(QSettings* settings, const QString& path);
void rememberCall(QSettings* settings, const QString& path, const PythonCall& call);

// The top-level functions `def name(` of the file, in order (for the choices).
QStringList pythonFunctions(const QString& path);

// What a first open of the file proposes: the wrapper that calls pl.pallas_call (not the
// kernel body it launches), its reference (`<call>_reference`, or a function named for one),
// and the target the file's imports point to ("tpu-v5e" for pallas.tpu, "gpu-triton" for
// pallas.triton, "gpu-mosaic" for pallas.mosaic_gpu; empty when none does).
PythonCall likelyCall(const QString& path);

// The spec for `call` of the file at `path` (python.file relative to its folder), or what
// is wrong with which field.
std::variant<Spec, std::string> specForCall(const QString& path, const PythonCall& call);

// Asks for the call; nullopt when cancelled. Re-asks while specForCall refuses it.
std::optional<PythonCall> askPythonCall(QWidget* parent, const QString& path,
                                        const PythonCall& initial);

}  // namespace tl::gui
