#pragma once
// The examples built into the program: the lesson library (resources/examples/, listed by
// index.json) and the real-kernel gallery (resources/examples/real/, listed by its own
// index.json and resources/examples/real/SOURCES.md): each one's id and description, in the
// index's order.
#include <QString>
#include <QStringList>
#include <vector>

namespace tl::gui {

struct Example {
    QString id;           // "matmul-rect"
    QString path;         // ":/examples/matmul-rect.tilelens.json"
    QString description;  // the spec's own description
    QString error;        // why it could not be read (then it is listed but not opened)
    // Gallery only: the verdict the audit reaches ("pass", "fail") and, for a bug variant,
    // the finding it must report.
    QString expect;
    QString finding;
};

struct ExampleLibrary {
    QString default_id;  // what the program opens without a file
    std::vector<Example> examples;
    QStringList errors;  // problems with the index itself
};

// Reads `index` (default ":/examples/index.json") and every spec it lists.
ExampleLibrary load_example_library(const QString& index = QStringLiteral(":/examples/index.json"));

// Reads the real-kernel gallery's `index` ({"kernels": [{"spec", "expect", "finding"}]}).
ExampleLibrary load_real_gallery(
    const QString& index = QStringLiteral(":/examples/real/index.json"));

}  // namespace tl::gui
