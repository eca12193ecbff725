#pragma once
// An animated GIF written frame by frame with giflib (docs/exports.md, "Animations"): each
// frame gets its own colour table, exact when the frame has at most 256 colours (the usual
// case for TileLens's flat pictures), else giflib's median-cut quantisation; the animation
// loops forever. The file is written under a temporary name and renamed by close(), so a
// failed export never leaves a half GIF under the final name.
#include <QImage>
#include <QString>
#include <memory>

namespace tl::gui {

class GifWriter {
public:
    GifWriter();
    ~GifWriter();
    GifWriter(const GifWriter&) = delete;
    GifWriter& operator=(const GifWriter&) = delete;

    // Every frame is `size` pixels (a frame of another size is scaled to it).
    bool open(const QString& path, QSize size, QString* error);
    // Shows `frame` for `delayCentiseconds` (GIF's unit; at least 2, as browsers clamp less).
    bool addFrame(const QImage& frame, int delayCentiseconds, QString* error);
    // Finishes the file and gives it its name; false (and no file) when anything failed.
    bool close(QString* error);

private:
    struct File;
    std::unique_ptr<File> file_;
    QString path_, temp_;
    QSize size_;
    int frames_ = 0;
};

}  // namespace tl::gui
