#include "widgets/examples/example_library.h"

#include <QFile>
#include <QFileInfo>
#include <optional>

#include "core/spec/spec.h"
#include "core/spec/spec_io.h"

namespace tl::gui {

namespace {

// The index's JSON object holding an array under `key`, or nullopt with the reason in `lib`.
std::optional<Json> read_index(const QString& index, const char* key, ExampleLibrary& lib) {
    QFile file(index);
    if (!file.open(QIODevice::ReadOnly)) {
        lib.errors << QObject::tr("%1: cannot open: %2").arg(index, file.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    Json doc = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr,
                           /*allow_exceptions=*/false);
    if (!doc.is_object() || !doc.contains(key) || !doc[key].is_array()) {
        lib.errors << QObject::tr("%1: expected {\"%2\": [...]}").arg(index, QLatin1String(key));
        return std::nullopt;
    }
    return doc;
}

// The example at `path` with its description, or the reason it cannot be read.
Example read_example(const QString& id, const QString& path) {
    Example e;
    e.id = id;
    e.path = path;
    QFile spec_file(e.path);
    if (!spec_file.open(QIODevice::ReadOnly)) {
        e.error = QObject::tr("cannot open %1").arg(e.path);
        return e;
    }
    const QByteArray text = spec_file.readAll();
    LoadResult loaded =
        load_spec(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                  e.id.toStdString() + ".tilelens.json");
    if (loaded.spec)
        e.description = QString::fromStdString(loaded.spec->description.value_or(""));
    else
        e.error = QString::fromStdString(join(loaded.errors));
    return e;
}

QString string_at(const Json& object, const char* key) {
    return object.contains(key) && object[key].is_string()
               ? QString::fromStdString(object[key].get<std::string>())
               : QString();
}

}  // namespace

ExampleLibrary load_example_library(const QString& index) {
    ExampleLibrary lib;
    const std::optional<Json> doc = read_index(index, "lessons", lib);
    if (!doc) return lib;
    lib.default_id = string_at(*doc, "default");
    const QString folder = QFileInfo(index).path();
    for (const auto& entry : (*doc)["lessons"]) {
        if (!entry.is_string()) continue;
        const QString id = QString::fromStdString(entry.get<std::string>());
        lib.examples.push_back(
            read_example(id, folder + u'/' + id + QStringLiteral(".tilelens.json")));
    }
    return lib;
}

ExampleLibrary load_real_gallery(const QString& index) {
    ExampleLibrary lib;
    const std::optional<Json> doc = read_index(index, "kernels", lib);
    if (!doc) return lib;
    const QString folder = QFileInfo(index).path();
    for (const auto& entry : (*doc)["kernels"]) {
        const QString file = entry.is_object() ? string_at(entry, "spec") : QString();
        if (file.isEmpty()) continue;
        QString id = file;
        if (id.endsWith(QStringLiteral(".tilelens.json")))
            id.chop(static_cast<qsizetype>(sizeof(".tilelens.json") - 1));
        Example e = read_example(id, folder + u'/' + file);
        e.expect = string_at(entry, "expect");
        e.finding = string_at(entry, "finding");
        lib.examples.push_back(std::move(e));
    }
    return lib;
}

}  // namespace tl::gui
