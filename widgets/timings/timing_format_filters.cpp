#include "widgets/timings/timing_format_filters.h"

#include <QCoreApplication>

#include "core/timings/io/registry.h"

namespace tl::gui {

QString TimingFormatFilters::formatOf(const QString& filter) const {
    const qsizetype i = filters.indexOf(filter);
    return i < 0 ? QString() : formats[i];
}

TimingFormatFilters timingFormatFilters() {
    // A named format may come in any file name (a trace saved as .txt): every file is offered.
    const QString patterns = QStringLiteral(" (*)");
    TimingFormatFilters out;
    out.filters << QCoreApplication::translate(
        "TimingsPanel", "Timing files, format detected (*.csv *.json *.gz *.pb *.txt)");
    out.formats << QString();
    for (const auto& importer : timing_importers()) {
        const QString id = QString::fromUtf8(importer->format_id().data(),
                                             qsizetype(importer->format_id().size()));
        const QString what = QString::fromUtf8(importer->description().data(),
                                               qsizetype(importer->description().size()));
        // Parentheses inside a filter's name would be read as its patterns.
        QString name = what;
        name.replace(u'(', u'[').replace(u')', u']');
        out.filters << QCoreApplication::translate("TimingsPanel", "As %1: %2").arg(id, name) +
                           patterns;
        out.formats << id;
    }
    out.filters << QCoreApplication::translate("TimingsPanel", "All files, format detected (*)");
    out.formats << QString();
    return out;
}

}  // namespace tl::gui
