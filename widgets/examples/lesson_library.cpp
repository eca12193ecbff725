#include "widgets/examples/lesson_library.h"

#include <QDir>
#include <QFile>
#include <algorithm>

#include "core/spec/spec.h"
#include "core/spec/spec_io.h"

namespace tl::gui {

std::vector<LessonEntry> load_lesson_library(const QString& folder) {
    std::vector<LessonEntry> out;
    const QDir dir(folder);
    for (const QString& name : dir.entryList({QStringLiteral("*.tilelens.json")}, QDir::Files)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly)) continue;
        const QByteArray text = file.readAll();
        const LoadResult loaded =
            load_spec(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                      name.toStdString());
        if (!loaded.spec || !loaded.spec->lesson || !loaded.spec->lesson->is_object()) continue;
        const Json& lesson = *loaded.spec->lesson;
        LessonEntry e;
        e.path = dir.filePath(name);
        e.title = QString::fromStdString(lesson.value("title", loaded.spec->name));
        e.order = lesson.value("order", 0);
        if (const auto steps = lesson.find("steps"); steps != lesson.end() && steps->is_array()) {
            e.steps = static_cast<int>(steps->size());
            if (!steps->empty() && (*steps)[0].is_object())
                e.intro = QString::fromStdString((*steps)[0].value("text", std::string()));
        }
        out.push_back(std::move(e));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const LessonEntry& a, const LessonEntry& b) { return a.order < b.order; });
    return out;
}

}  // namespace tl::gui
