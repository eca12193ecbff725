#include "widgets/spec_document.h"

#include <QFile>
#include <QFileInfo>

#include "core/spec_io.h"

namespace tl::gui {

SpecDocument::SpecDocument(QObject* parent) : QObject(parent) {}

bool SpecDocument::load(const QString& path) {
    // Read through QFile so that Qt resources (":/examples/...") open like files.
    QFile file(path);
    const std::string label = QFileInfo(path).fileName().toStdString();
    if (!file.open(QIODevice::ReadOnly)) {
        Diagnostic d;
        d.file = path.toStdString();
        d.message = "cannot open the file: " + file.errorString().toStdString();
        audit_ = invalid_spec_result(label, {d});
        emit changed();
        return false;
    }
    const QByteArray bytes = file.readAll();
    LoadResult loaded =
        load_spec(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                  path.toStdString());
    path_ = path;
    if (!loaded.spec) {
        audit_ = invalid_spec_result(label, loaded.errors);
        emit changed();
        return false;
    }
    spec_ = std::move(loaded.spec);
    AuditOptions options;
    options.sweep = SweepMode::Off;  // the GUI shows the spec's own params; sweeps run on demand
    audit_ = run_audit(*spec_, options);
    emit changed();
    return true;
}

}  // namespace tl::gui
