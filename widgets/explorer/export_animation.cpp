#include "widgets/explorer/export_animation.h"

#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QRegularExpression>
#include <QTextOption>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/audit/lesson_walk.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_image.h"
#include "widgets/explorer/gif_writer.h"

namespace tl::gui {

namespace {

constexpr int kBadInput = 2;
constexpr int kCannotWrite = 1;
constexpr int kLessonDelay = 300;    // centiseconds a lesson's step stays on screen
const QSize kLessonSize(1280, 800);  // a lesson's frames without --size
constexpr int kTargetFrames = 120;   // a traversal's default stride keeps about this many

void printError(const QString& message) {
    std::fprintf(stderr, "tilelens: %s\n", message.toLocal8Bit().constData());
}

// `inner` centred on a `size` canvas of `background`, scaled down (never up) to fit.
QImage fitted(const QImage& inner, QSize size, const QColor& background) {
    if (size.isEmpty() || inner.size() == size) return inner;
    QImage out(size, QImage::Format_RGB32);
    out.fill(background);
    const QImage scaled = inner.width() > size.width() || inner.height() > size.height()
                              ? inner.scaled(size, Qt::KeepAspectRatio, Qt::SmoothTransformation)
                              : inner;
    QPainter p(&out);
    p.drawImage((size.width() - scaled.width()) / 2, (size.height() - scaled.height()) / 2, scaled);
    return out;
}

// Lessons write `code` and **emphasis**: a frame shows the words without the marks.
QString plain(QString text) {
    text.remove(QStringLiteral("**"));
    text.remove(u'`');
    return text;
}

struct Options {
    qint64 stride = 0;  // 0: defaultStride
    int delay = 25;     // centiseconds per traversal frame
    double fps = 4;
    QSize size;
    bool dark = false;
};

bool parseOptions(const ExportAnimationArgs& a, Options* o) {
    QString error;
    if (!a.stride.isEmpty()) {
        bool ok = false;
        o->stride = a.stride.trimmed().toLongLong(&ok);
        if (!ok || o->stride < 1)
            error = QStringLiteral(
                        "--stride: '%1' is not a whole number of programs, 1 or more; "
                        "write e.g. 4")
                        .arg(a.stride);
    }
    if (error.isEmpty() && !a.fps.isEmpty()) {
        bool ok = false;
        o->fps = a.fps.trimmed().toDouble(&ok);
        if (!ok || !(o->fps >= 1 && o->fps <= 60))
            error =
                QStringLiteral("--fps: '%1' is not a number from 1 to 60; write e.g. 4").arg(a.fps);
    }
    o->delay = std::max(2, static_cast<int>(std::lround(100.0 / o->fps)));
    if (error.isEmpty() && !a.size.isEmpty()) {
        if (const auto s = parseImageSize(a.size, &error)) o->size = *s;
    }
    o->dark = a.theme.trimmed().toLower() == QStringLiteral("dark");
    if (error.isEmpty() && a.outDir.isEmpty())
        error = QStringLiteral("--export-animation: name the folder for the frames");
    if (!error.isEmpty()) printError(error);
    return error.isEmpty();
}

// The folder for the frames: created when missing; refused when it is a file or holds the
// frames of an earlier export (mixing two exports' frames would make a wrong animation).
bool prepareFolder(const QString& dir) {
    const QFileInfo info(dir);
    if (info.exists() && !info.isDir()) {
        printError(
            QStringLiteral("%1: is a file, not a folder; name a folder for the frames").arg(dir));
        return false;
    }
    QDir d(dir);
    if (!info.exists() && !QDir().mkpath(dir)) {
        printError(QStringLiteral("%1: cannot create the folder").arg(dir));
        return false;
    }
    const QStringList old = d.entryList({QStringLiteral("frame-*.png")}, QDir::Files);
    if (!old.isEmpty()) {
        printError(QStringLiteral("%1: holds %2 frames of an earlier export (%3 …); remove them "
                                  "or choose another folder")
                       .arg(dir)
                       .arg(old.size())
                       .arg(old.first()));
        return false;
    }
    return true;
}

// Writes the frames and the GIF; `frame(i)` draws frame i of `count`.
template <class Frame>
int writeAnimation(const QString& dir, const QString& gifName, int count, int delay,
                   const Frame& frame, QString* summary) {
    QString error;
    QImage first = frame(0, &error);
    if (first.isNull()) {
        printError(error);
        return kBadInput;
    }
    const qint64 bytes = qint64{first.width()} * first.height() * count;
    if (bytes > kMaxAnimationBytes) {
        printError(QStringLiteral("the animation is %1 frames of %2 × %3 pixels, more than 1 GiB "
                                  "of pixels; use a larger --stride or a smaller --size")
                       .arg(count)
                       .arg(first.width())
                       .arg(first.height()));
        return kBadInput;
    }
    const QString gifPath = QDir(dir).filePath(gifName);
    GifWriter gif;
    if (!gif.open(gifPath, first.size(), &error)) {
        printError(error);
        return kCannotWrite;
    }
    for (int i = 0; i < count; ++i) {
        const QImage img = i == 0 ? first : frame(i, &error);
        if (img.isNull()) {
            printError(error);
            return kBadInput;
        }
        const QString png =
            QDir(dir).filePath(QStringLiteral("frame-%1.png").arg(i + 1, 4, 10, QLatin1Char('0')));
        if (!img.save(png, "PNG")) {
            printError(QStringLiteral("%1: cannot write the frame").arg(png));
            return kCannotWrite;
        }
        if (!gif.addFrame(img, delay, &error)) {
            printError(error);
            return kCannotWrite;
        }
    }
    if (!gif.close(&error)) {
        printError(error);
        return kCannotWrite;
    }
    *summary = QStringLiteral("%1/frame-0001.png … frame-%2.png and %3 (%4 KiB, %5 × %6)")
                   .arg(dir)
                   .arg(count, 4, 10, QLatin1Char('0'))
                   .arg(gifPath)
                   .arg((QFileInfo(gifPath).size() + 1023) / 1024)
                   .arg(first.width())
                   .arg(first.height());
    return 0;
}

// Iteration order: the last grid axis varies fastest.
qint64 program_index(const std::vector<std::int64_t>& grid,
                     const std::vector<std::int64_t>& coords) {
    qint64 p = 0;
    for (std::size_t a = 0; a < grid.size() && a < coords.size(); ++a) p = p * grid[a] + coords[a];
    return p;
}

// One lesson step's frame: its picture above a band with the step and its narration.
QImage lessonFrame(const Spec& spec, const Lesson& lesson, int index, QSize size, bool dark,
                   QString* error) {
    const LessonStep& step = lesson.steps[static_cast<std::size_t>(index)];
    Spec at = spec;
    for (auto& [name, value] : at.params)
        if (const auto it = step.params.find(name); it != step.params.end()) value = it->second;
    const bool heat = step.show == "heat";
    const auto snapshot = exportSnapshot(at, heat, error);
    if (!snapshot) return {};
    const ExplorerPalette pal = dark ? ExplorerPalette::darkTheme() : ExplorerPalette::light();
    const int band = std::max(180, size.height() / 4);
    ImageExportOptions o;
    o.view = heat ? ExportView::Heat
                  : (step.show == "coverage" ? ExportView::Coverage : ExportView::Operands);
    o.size = QSize(size.width(), size.height() - band);
    o.scale = 1;
    o.dark = dark;
    const QImage picture = renderImage(*snapshot, program_index(step.grid, step.program), o, error);
    if (picture.isNull()) return {};
    QImage out(size, QImage::Format_RGB32);
    out.fill(pal.background);
    QPainter p(&out);
    p.drawImage(0, 0, picture);
    const QRectF text(24, size.height() - band + 12, size.width() - 48, band - 24);
    p.setPen(pal.subtleText);
    p.drawLine(QPointF(24, text.top() - 6), QPointF(size.width() - 24, text.top() - 6));
    QFont heading;
    heading.setPixelSize(std::max(20, size.height() / 40));
    heading.setBold(true);
    p.setFont(heading);
    p.setPen(pal.text);
    const QString title = QStringLiteral("Step %1 of %2  ·  %3")
                              .arg(index + 1)
                              .arg(lesson.steps.size())
                              .arg(QString::fromStdString(lesson.title));
    const double headingHeight = heading.pixelSize() * 1.6;
    p.drawText(QRectF(text.left(), text.top(), text.width(), headingHeight),
               Qt::AlignLeft | Qt::AlignVCenter, title);
    QFont body;
    body.setPixelSize(std::max(22, size.height() / 36));
    p.setFont(body);
    QTextOption wrap(Qt::AlignLeft | Qt::AlignTop);
    wrap.setWrapMode(QTextOption::WordWrap);
    p.drawText(text.adjusted(0, headingHeight, 0, 0), plain(QString::fromStdString(step.text)),
               wrap);
    return out;
}

}  // namespace

qint64 defaultStride(qint64 programs) {
    return std::max<qint64>(1, (programs + kTargetFrames - 1) / kTargetFrames);
}

std::vector<qint64> traversalPrograms(qint64 programs, qint64 stride) {
    std::vector<qint64> out;
    if (programs <= 0 || stride <= 0) return out;
    for (qint64 p = 0; p < programs; p += stride) out.push_back(p);
    if (out.back() != programs - 1) out.push_back(programs - 1);
    return out;
}

QImage traversalFrame(const ExplorerSnapshot& snapshot, qint64 program, QSize size, bool dark,
                      QString* error) {
    ImageExportOptions o;
    o.scale = 1;
    o.dark = dark;
    const QImage sheet = renderImage(snapshot, program, o, error);
    if (sheet.isNull()) return {};
    o.view = ExportView::Navigator;
    const QImage nav = renderImage(snapshot, program, o, error);
    if (nav.isNull()) return {};
    const ExplorerPalette pal = dark ? ExplorerPalette::darkTheme() : ExplorerPalette::light();
    QImage both(std::max(sheet.width(), nav.width()), sheet.height() + nav.height(),
                QImage::Format_RGB32);
    both.fill(pal.background);
    QPainter p(&both);
    p.drawImage((both.width() - sheet.width()) / 2, 0, sheet);
    p.drawImage((both.width() - nav.width()) / 2, sheet.height(), nav);
    p.end();
    return fitted(both, size, pal.background);
}

int runExportAnimation(const ExportAnimationArgs& a) {
    Options o;
    if (!parseOptions(a, &o)) return kBadInput;
    QString path = a.specPath, why;
    const std::optional<Spec> spec = readExportSpec(&path, &why);
    if (!spec) {
        printError(why);
        return kBadInput;
    }
    QString summary;
    if (a.lesson) {
        const std::optional<Lesson> lesson = read_lesson(*spec);
        if (!lesson || lesson->steps.empty()) {
            printError(QStringLiteral("%1: has no lesson; --lesson needs a spec with a \"lesson\" "
                                      "key (docs/lessons.md), or leave --lesson out for the "
                                      "traversal")
                           .arg(path));
            return kBadInput;
        }
        if (!prepareFolder(a.outDir)) return kBadInput;
        const QSize size = o.size.isEmpty() ? kLessonSize : o.size;
        const int count = static_cast<int>(lesson->steps.size());
        const int rc = writeAnimation(
            a.outDir, QStringLiteral("lesson.gif"), count, kLessonDelay,
            [&](int i, QString* error) {
                const QImage img = lessonFrame(*spec, *lesson, i, size, o.dark, error);
                if (img.isNull())
                    *error = QStringLiteral("%1: step %2: %3").arg(path).arg(i + 1).arg(*error);
                return img;
            },
            &summary);
        if (rc != 0) return rc;
        std::printf("wrote %d frames (one per step, 3 s each) to %s\n", count,
                    summary.toLocal8Bit().constData());
        return 0;
    }
    const auto snapshot = exportSnapshot(*spec, false, &why);
    if (!snapshot) {
        printError(path + QStringLiteral(": ") + why);
        return kBadInput;
    }
    const qint64 programs = snapshot->analysis->programs();
    const qint64 stride = o.stride > 0 ? o.stride : defaultStride(programs);
    // Counted before anything is drawn: 0, stride, ..., and the last program when it is not one.
    qint64 frames = (programs + stride - 1) / stride;
    if ((frames - 1) * stride != programs - 1) ++frames;
    if (frames > kMaxAnimationFrames) {
        printError(QStringLiteral("%1 programs at --stride %2 make %3 frames, more than the limit "
                                  "of %4; use --stride %5 or more")
                       .arg(programs)
                       .arg(stride)
                       .arg(frames)
                       .arg(kMaxAnimationFrames)
                       .arg((programs - 1 + kMaxAnimationFrames - 2) / (kMaxAnimationFrames - 1)));
        return kBadInput;
    }
    const std::vector<qint64> shown = traversalPrograms(programs, stride);
    if (!prepareFolder(a.outDir)) return kBadInput;
    const int rc = writeAnimation(
        a.outDir, QStringLiteral("traversal.gif"), static_cast<int>(shown.size()), o.delay,
        [&](int i, QString* error) {
            return traversalFrame(*snapshot, shown[static_cast<std::size_t>(i)], o.size, o.dark,
                                  error);
        },
        &summary);
    if (rc != 0) return rc;
    std::printf("wrote %d frames (stride %lld, %g fps) to %s\n", static_cast<int>(shown.size()),
                static_cast<long long>(stride), o.fps, summary.toLocal8Bit().constData());
    return 0;
}

}  // namespace tl::gui
