#pragma once
// The recently opened and saved spec files, newest first, kept in QSettings.
#include <QStringList>

class QSettings;

namespace tl::gui {

class RecentFiles {
public:
    static constexpr int kMaximum = 10;

    explicit RecentFiles(QSettings* settings);

    // Puts `path` first (moving it when already listed); the oldest past the maximum drop.
    void add(const QString& path);
    void clear();
    // The list, leaving out files that no longer exist.
    QStringList files() const;

private:
    QStringList stored() const;
    void store(const QStringList& files);

    QSettings* settings_;
};

}  // namespace tl::gui
