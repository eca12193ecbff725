#include "widgets/explorer/gif_writer.h"

#include <gif_lib.h>

#include <QFile>
#include <QHash>
#include <algorithm>
#include <array>
#include <vector>

namespace tl::gui {

struct GifWriter::File {
    GifFileType* gif = nullptr;
};

namespace {

QString gif_error(const QString& path, int code) {
    return QStringLiteral("%1: cannot write the GIF (%2)")
        .arg(path, QString::fromUtf8(GifErrorString(code)));
}

// The frame's pixels as palette indices with their colour table: exact when there are 256
// colours or fewer, else quantised by median cut.
bool indexed(const QImage& rgb, std::vector<GifByteType>* pixels, std::vector<GifColorType>* map) {
    const int w = rgb.width(), h = rgb.height();
    pixels->resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    QHash<QRgb, int> index;
    bool exact = true;
    for (int y = 0; y < h && exact; ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < w; ++x) {
            const QRgb c = line[x] & 0xFFFFFF;
            auto it = index.find(c);
            if (it == index.end()) {
                if (index.size() == 256) {
                    exact = false;
                    break;
                }
                it = index.insert(c, static_cast<int>(index.size()));
                map->push_back({static_cast<GifByteType>(qRed(c)),
                                static_cast<GifByteType>(qGreen(c)),
                                static_cast<GifByteType>(qBlue(c))});
            }
            (*pixels)[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                      static_cast<std::size_t>(x)] = static_cast<GifByteType>(*it);
        }
    }
    if (exact) return true;
    const std::size_t n = pixels->size();
    std::vector<GifByteType> r(n), g(n), b(n);
    for (int y = 0; y < h; ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                                  static_cast<std::size_t>(x);
            r[i] = static_cast<GifByteType>(qRed(line[x]));
            g[i] = static_cast<GifByteType>(qGreen(line[x]));
            b[i] = static_cast<GifByteType>(qBlue(line[x]));
        }
    }
    int size = 256;
    map->assign(256, GifColorType{0, 0, 0});
    if (GifQuantizeBuffer(static_cast<unsigned>(w), static_cast<unsigned>(h), &size, r.data(),
                          g.data(), b.data(), pixels->data(), map->data()) != GIF_OK)
        return false;
    map->resize(static_cast<std::size_t>(size));
    return true;
}

// A colour table's size must be a power of two (2 .. 256).
int table_size(std::size_t colours) {
    int n = 2;
    while (static_cast<std::size_t>(n) < colours) n *= 2;
    return n;
}

}  // namespace

GifWriter::GifWriter() : file_(std::make_unique<File>()) {}

GifWriter::~GifWriter() {
    if (file_->gif) {
        int code = 0;
        EGifCloseFile(file_->gif, &code);
        QFile::remove(temp_);
    }
}

bool GifWriter::open(const QString& path, QSize size, QString* error) {
    path_ = path;
    temp_ = path + QStringLiteral(".part");
    size_ = size;
    frames_ = 0;
    int code = 0;
    file_->gif = EGifOpenFileName(QFile::encodeName(temp_).constData(), false, &code);
    if (!file_->gif) {
        *error = gif_error(path, code);
        return false;
    }
    EGifSetGifVersion(file_->gif, true);
    if (EGifPutScreenDesc(file_->gif, size.width(), size.height(), 8, 0, nullptr) != GIF_OK) {
        *error = gif_error(path, file_->gif->Error);
        return false;
    }
    // NETSCAPE2.0: loop forever.
    static const std::array<GifByteType, 11> netscape{'N', 'E', 'T', 'S', 'C', 'A',
                                                      'P', 'E', '2', '.', '0'};
    static const std::array<GifByteType, 3> loop{1, 0, 0};
    if (EGifPutExtensionLeader(file_->gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
        EGifPutExtensionBlock(file_->gif, static_cast<int>(netscape.size()), netscape.data()) !=
            GIF_OK ||
        EGifPutExtensionBlock(file_->gif, static_cast<int>(loop.size()), loop.data()) != GIF_OK ||
        EGifPutExtensionTrailer(file_->gif) != GIF_OK) {
        *error = gif_error(path, file_->gif->Error);
        return false;
    }
    return true;
}

bool GifWriter::addFrame(const QImage& frame, int delayCentiseconds, QString* error) {
    if (!file_->gif) {
        *error = QStringLiteral("%1: the GIF is not open").arg(path_);
        return false;
    }
    QImage rgb = frame.size() == size_
                     ? frame
                     : frame.scaled(size_, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    rgb = rgb.convertToFormat(QImage::Format_RGB32);
    std::vector<GifByteType> pixels;
    std::vector<GifColorType> colours;
    if (!indexed(rgb, &pixels, &colours)) {
        *error =
            QStringLiteral("%1: cannot reduce frame %2 to 256 colours").arg(path_).arg(frames_);
        return false;
    }
    colours.resize(static_cast<std::size_t>(table_size(colours.size())), GifColorType{0, 0, 0});
    ColorMapObject* map = GifMakeMapObject(static_cast<int>(colours.size()), colours.data());
    if (!map) {
        *error = QStringLiteral("%1: out of memory for a colour table").arg(path_);
        return false;
    }
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.DelayTime = std::max(2, delayCentiseconds);
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    std::array<GifByteType, 4> ext{};
    EGifGCBToExtension(&gcb, ext.data());
    bool ok =
        EGifPutExtension(file_->gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(ext.size()),
                         ext.data()) == GIF_OK &&
        EGifPutImageDesc(file_->gif, 0, 0, size_.width(), size_.height(), false, map) == GIF_OK;
    for (int y = 0; ok && y < size_.height(); ++y)
        ok = EGifPutLine(file_->gif,
                         pixels.data() +
                             static_cast<std::size_t>(y) * static_cast<std::size_t>(size_.width()),
                         size_.width()) == GIF_OK;
    GifFreeMapObject(map);
    if (!ok) {
        *error = gif_error(path_, file_->gif->Error);
        return false;
    }
    ++frames_;
    return true;
}

bool GifWriter::close(QString* error) {
    if (!file_->gif) {
        *error = QStringLiteral("%1: the GIF is not open").arg(path_);
        return false;
    }
    int code = 0;
    const bool closed = EGifCloseFile(file_->gif, &code) == GIF_OK;
    file_->gif = nullptr;
    if (!closed) {
        *error = gif_error(path_, code);
        QFile::remove(temp_);
        return false;
    }
    QFile::remove(path_);
    if (!QFile::rename(temp_, path_)) {
        *error = QStringLiteral("%1: cannot rename %2 to it").arg(path_, temp_);
        QFile::remove(temp_);
        return false;
    }
    return true;
}

}  // namespace tl::gui
