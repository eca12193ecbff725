#pragma once
// The file dialog's filters for importing timings: the first detects each file's format, one
// per importer reads every file as that format (the window's --format).
#include <QString>
#include <QStringList>

namespace tl::gui {

struct TimingFormatFilters {
    QStringList
        filters;  // "Timing files, format detected (*.csv *.json *.gz *.pb *.txt)", one per format
    QStringList formats;  // the format id of each filter; empty for the detecting one
    // The format id a chosen filter stands for; empty when it detects, or is unknown.
    QString formatOf(const QString& filter) const;
};

TimingFormatFilters timingFormatFilters();

}  // namespace tl::gui
