#pragma once
// The operand sheet of one program as an image in memory: the start page's lesson
// thumbnails and any view that shows a spec without opening it.
#include <QImage>
#include <QSize>
#include <QString>

namespace tl::gui {

// Loads the spec at `path` (a file or a ":/..." resource), analyses it and paints program 0's
// operand views into an image of `size`; a null image with *error set when the spec does not
// load or resolve.
QImage specThumbnail(const QString& path, QSize size, bool dark, QString* error = nullptr);

}  // namespace tl::gui
