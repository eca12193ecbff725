#include "widgets/document/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace tl::gui {
namespace {
const QString kRecentFilesKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QSettings* settings) : settings_(settings) {}

QStringList RecentFiles::stored() const {
    return settings_->value(kRecentFilesKey).toStringList();
}

void RecentFiles::store(const QStringList& files) {
    settings_->setValue(kRecentFilesKey, files);
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = stored();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaximum) files.removeLast();
    store(files);
}

void RecentFiles::clear() {
    store({});
}

QStringList RecentFiles::files() const {
    QStringList out;
    for (const QString& f : stored())
        if (QFileInfo::exists(f)) out << f;
    return out;
}

}  // namespace tl::gui
