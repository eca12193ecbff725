#pragma once
// The lesson library built into the program (resources/examples/, listed by index.json):
// each example's id, name and description, in the index's order.
#include <QString>
#include <QStringList>
#include <vector>

namespace tl::gui {

struct Example {
    QString id;           // "matmul-rect"
    QString path;         // ":/examples/matmul-rect.tilelens.json"
    QString description;  // the spec's own description
    QString error;        // why it could not be read (then it is listed but not opened)
};

struct ExampleLibrary {
    QString default_id;  // what the program opens without a file
    std::vector<Example> examples;
    QStringList errors;  // problems with the index itself
};

// Reads `index` (default ":/examples/index.json") and every spec it lists.
ExampleLibrary load_example_library(const QString& index = QStringLiteral(":/examples/index.json"));

}  // namespace tl::gui
