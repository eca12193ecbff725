#pragma once
// Which Python kernel files the user allowed TileLens to run, remembered by path and content:
// a file that changed since is asked about again (docs/python-runner.md). The question shows
// the code that would run.
#include <QString>

class QSettings;
class QWidget;

namespace tl::gui {

class PythonTrust {
public:
    explicit PythonTrust(QSettings* settings) : settings_(settings) {}

    // True when `path` was allowed with exactly its present content.
    bool trusted(const QString& path) const;
    void trust(const QString& path);

    // SHA-256 of the file's bytes, hex; empty when it cannot be read.
    static QString digest(const QString& path);

private:
    QSettings* settings_;
};

// Asks whether to run `path`, showing its code; true for Run.
bool askToRunPython(QWidget* parent, const QString& path);

}  // namespace tl::gui
