#include "widgets/examples/example_library.h"

#include <QFile>
#include <QFileInfo>

#include "core/spec/spec.h"
#include "core/spec/spec_io.h"

namespace tl::gui {

ExampleLibrary load_example_library(const QString& index) {
    ExampleLibrary lib;
    QFile file(index);
    if (!file.open(QIODevice::ReadOnly)) {
        lib.errors << QObject::tr("%1: cannot open: %2").arg(index, file.errorString());
        return lib;
    }
    const QByteArray bytes = file.readAll();
    const Json doc = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr,
                                 /*allow_exceptions=*/false);
    if (!doc.is_object() || !doc.contains("lessons") || !doc["lessons"].is_array()) {
        lib.errors << QObject::tr("%1: expected {\"lessons\": [...]}").arg(index);
        return lib;
    }
    if (doc.contains("default") && doc["default"].is_string())
        lib.default_id = QString::fromStdString(doc["default"].get<std::string>());
    const QString folder = QFileInfo(index).path();
    for (const auto& entry : doc["lessons"]) {
        if (!entry.is_string()) continue;
        Example e;
        e.id = QString::fromStdString(entry.get<std::string>());
        e.path = folder + u'/' + e.id + QStringLiteral(".tilelens.json");
        QFile spec_file(e.path);
        if (!spec_file.open(QIODevice::ReadOnly)) {
            e.error = QObject::tr("cannot open %1").arg(e.path);
        } else {
            const QByteArray text = spec_file.readAll();
            LoadResult loaded =
                load_spec(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                          e.id.toStdString() + ".tilelens.json");
            if (loaded.spec)
                e.description = QString::fromStdString(loaded.spec->description.value_or(""));
            else
                e.error = QString::fromStdString(join(loaded.errors));
        }
        lib.examples.push_back(std::move(e));
    }
    return lib;
}

}  // namespace tl::gui
