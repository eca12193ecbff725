#include "widgets/explorer/export_animation.h"

#include <QDir>
#include <QFileInfo>
#include <QFontMetrics>
#include <QPainter>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/audit/lesson_walk.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_cli.h"
#include "widgets/explorer/export_image.h"
#include "widgets/explorer/gif_writer.h"
#include "widgets/explorer/program_index.h"

namespace tl::gui {

namespace {

constexpr int kTargetFrames = 120;  // a traversal's default stride keeps about this many

// Lessons write `code`, **strong** and *emphasis*: a frame shows the words without the marks
// (a `*` inside code is multiplication and stays).
QString plain(const QString& text) {
    static const QRegularExpression emphasis(QStringLiteral(R"(\*(\S(?:[^*]*\S)?)\*)"));
    const QStringList parts = text.split(u'`');
    QString out;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (i % 2 == 1) {
            out += parts[i];
            continue;
        }
        QString prose = parts[i];
        prose.remove(QStringLiteral("**"));
        out += prose.replace(emphasis, QStringLiteral("\\1"));
    }
    return out;
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
// Checked first without `create`, so that a wrong folder is refused before anything is drawn.
int prepareFolder(const QString& dir, bool create) {
    const QFileInfo info(dir);
    if (info.exists() && !info.isDir()) {
        printError(
            QStringLiteral("%1: is a file, not a folder; name a folder for the frames").arg(dir));
        return kBadInput;
    }
    if (!info.exists()) {
        if (!create || QDir().mkpath(dir)) return 0;
        printError(QStringLiteral("%1: cannot create the folder").arg(dir));
        return kCannotWrite;
    }
    const QStringList old = QDir(dir).entryList({QStringLiteral("frame-*.png")}, QDir::Files);
    if (!old.isEmpty()) {
        printError(QStringLiteral("%1: holds %2 frames of an earlier export (%3 …); remove them "
                                  "or choose another folder")
                       .arg(dir)
                       .arg(old.size())
                       .arg(old.first()));
        return kBadInput;
    }
    return 0;
}

// The frames' raw RGB size, refused above kMaxAnimationBytes before the folder is touched;
// `fix` names what to change.
bool withinByteLimit(int count, QSize frame, const QString& fix) {
    const qint64 bytes = qint64{3} * frame.width() * frame.height() * count;
    if (bytes <= kMaxAnimationBytes) return true;
    printError(QStringLiteral("%1 frames of %2 × %3 pixels are %4 MiB of raw RGB, more than the "
                              "limit of %5 MiB; %6")
                   .arg(count)
                   .arg(frame.width())
                   .arg(frame.height())
                   .arg((bytes + (1 << 20) - 1) >> 20)
                   .arg(kMaxAnimationBytes >> 20)
                   .arg(fix));
    return false;
}

// Writes the frames and the GIF into `dir` (already prepared); `first` is frame 0 and
// `frame(i)` draws frame i of `count`. *summary: the success line's file part.
template <class Frame>
int writeAnimation(const QString& dir, const QString& gifName, const QImage& first, int count,
                   int delay, const Frame& frame, QString* summary) {
    QString error;
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
    *summary = QStringLiteral("%1 … and %2 (%3 KiB)")
                   .arg(QDir(dir).filePath(QStringLiteral("frame-0001.png")), gifPath)
                   .arg((QFileInfo(gifPath).size() + 1023) / 1024);
    return 0;
}

}  // namespace

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
    // The band under the picture fits the narration: a quarter of the frame (at least 180 px)
    // when it fits, up to half when it does not, then smaller type (not under 12 px), so a long
    // step on a small --size is never cut off.
    const QString title = QStringLiteral("Step %1 of %2  ·  %3")
                              .arg(index + 1)
                              .arg(lesson.steps.size())
                              .arg(QString::fromStdString(lesson.title));
    const QString narration = plain(QString::fromStdString(step.text));
    const int margin = 24, textWidth = std::max(1, size.width() - 2 * margin);
    QFont heading, body;
    heading.setBold(true);
    int headingPx = std::max(20, size.height() / 40), bodyPx = std::max(22, size.height() / 36);
    int band = 0, headingHeight = 0;
    for (;;) {
        heading.setPixelSize(headingPx);
        body.setPixelSize(bodyPx);
        headingHeight = static_cast<int>(std::ceil(headingPx * 1.6));
        const int textHeight =
            QFontMetrics(body)
                .boundingRect(QRect(0, 0, textWidth, 1 << 20), Qt::TextWordWrap, narration)
                .height();
        band = std::max(std::max(180, size.height() / 4), headingHeight + textHeight + 2 * 12);
        if (band <= size.height() / 2 || bodyPx <= 12) break;
        headingPx = std::max(12, headingPx - 2);
        bodyPx = std::max(12, bodyPx - 2);
    }
    band = std::min(band, size.height() - 16);
    ImageExportOptions o;
    o.view = heat ? ExportView::Heat
                  : (step.show == "coverage" ? ExportView::Coverage : ExportView::Operands);
    o.size = QSize(size.width(), size.height() - band);
    o.scale = 1;
    o.dark = dark;
    const QImage picture = renderImage(*snapshot, programIndex(step.grid, step.program), o, error);
    if (picture.isNull()) return {};
    QImage out(size, QImage::Format_RGB32);
    out.fill(pal.background);
    QPainter p(&out);
    p.drawImage(0, 0, picture);
    const QRect text(margin, size.height() - band + 12, textWidth, band - 24);
    p.setPen(pal.subtleText);
    p.drawLine(QPointF(margin, text.top() - 6), QPointF(size.width() - margin, text.top() - 6));
    p.setFont(heading);
    p.setPen(pal.text);
    p.drawText(QRect(text.left(), text.top(), text.width(), headingHeight),
               Qt::AlignLeft | Qt::AlignVCenter, title);
    p.setFont(body);
    p.drawText(text.adjusted(0, headingHeight, 0, 0),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, narration);
    return out;
}

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
    if (!size.isEmpty()) {
        // The frame's own room: the navigator a strip at the bottom (its natural height, at
        // most a third of the frame), the sheet drawn at the size above it, not shrunk.
        o.view = ExportView::Navigator;
        const QImage natural = renderImage(snapshot, program, o, error);
        if (natural.isNull()) return {};
        const int navH = std::clamp(natural.height(), 80, std::max(80, size.height() / 3));
        o.size = QSize(size.width(), navH);
        const QImage nav = renderImage(snapshot, program, o, error);
        o.view = ExportView::Operands;
        o.size = QSize(size.width(), std::max(16, size.height() - navH));
        const QImage sheet = renderImage(snapshot, program, o, error);
        if (nav.isNull() || sheet.isNull()) return {};
        QImage both(size, QImage::Format_RGB32);
        QPainter p(&both);
        p.drawImage(0, 0, sheet);
        p.drawImage(0, size.height() - navH, nav);
        return both;
    }
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
    return both;
}

namespace {

// --lesson: one frame per step of the spec's lesson, with its narration.
int exportLessonAnimation(const ExportAnimationArgs& a, const Options& o, const Spec& spec,
                          const QString& path) {
    const std::optional<Lesson> lesson = read_lesson(spec);
    if (!lesson || lesson->steps.empty()) {
        printError(QStringLiteral("%1: has no lesson; --lesson needs a spec with a \"lesson\" "
                                  "key (docs/lessons.md), or leave --lesson out for the "
                                  "traversal")
                       .arg(path));
        return kBadInput;
    }
    const QSize size = o.size.isEmpty() ? kLessonSize : o.size;
    const int count = static_cast<int>(lesson->steps.size());
    if (!withinByteLimit(count, size, QStringLiteral("use a smaller --size"))) return kBadInput;
    const auto draw = [&](int i, QString* error) {
        const QImage img = lessonFrame(spec, *lesson, i, size, o.dark, error);
        if (img.isNull())
            *error = QStringLiteral("%1: step %2: %3").arg(path).arg(i + 1).arg(*error);
        return img;
    };
    QString why;
    const QImage first = draw(0, &why);
    if (first.isNull()) {
        printError(why);
        return kBadInput;
    }
    if (const int rc = prepareFolder(a.outDir, true); rc != 0) return rc;
    QString summary;
    const int rc = writeAnimation(a.outDir, QStringLiteral("lesson.gif"), first, count,
                                  kLessonDelay, draw, &summary);
    if (rc != 0) return rc;
    std::printf("wrote %d frames (one per step, 3 s each) to %s\n", count,
                summary.toLocal8Bit().constData());
    return 0;
}

// Without --lesson: the grid's traversal, every stride-th program and the last.
int exportTraversalAnimation(const ExportAnimationArgs& a, const Options& o, const Spec& spec,
                             const QString& path) {
    QString why;
    const auto snapshot = exportSnapshot(spec, false, &why);
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
    const int count = static_cast<int>(shown.size());
    const auto draw = [&](int i, QString* error) {
        return traversalFrame(*snapshot, shown[static_cast<std::size_t>(i)], o.size, o.dark, error);
    };
    // The frame size is --size, or the first frame's own: drawn once before the folder is made.
    QImage first;
    if (o.size.isEmpty()) {
        first = draw(0, &why);
        if (first.isNull()) {
            printError(why);
            return kBadInput;
        }
    }
    const QSize frameSize = o.size.isEmpty() ? first.size() : o.size;
    // The stride that brings the raw frames under the limit, as the fix to name.
    const qint64 perFrame = qint64{3} * frameSize.width() * frameSize.height();
    const qint64 fitting = std::max<qint64>(2, kMaxAnimationBytes / perFrame);
    if (!withinByteLimit(
            count, frameSize,
            QStringLiteral("use --stride %1 or more, or a smaller --size")
                .arg(std::max<qint64>(1, (programs - 1 + fitting - 2) / (fitting - 1)))))
        return kBadInput;
    if (first.isNull()) {
        first = draw(0, &why);
        if (first.isNull()) {
            printError(why);
            return kBadInput;
        }
    }
    if (const int rc = prepareFolder(a.outDir, true); rc != 0) return rc;
    QString summary;
    const int rc = writeAnimation(a.outDir, QStringLiteral("traversal.gif"), first, count, o.delay,
                                  draw, &summary);
    if (rc != 0) return rc;
    std::printf("wrote %d frames (stride %lld, %g fps) to %s\n", static_cast<int>(shown.size()),
                static_cast<long long>(stride), o.fps, summary.toLocal8Bit().constData());
    return 0;
}

}  // namespace

int runExportAnimation(const ExportAnimationArgs& a) {
    Options o;
    if (!parseOptions(a, &o)) return kBadInput;
    if (const int rc = prepareFolder(a.outDir, false); rc != 0) return rc;
    QString path = a.specPath, why;
    const std::optional<Spec> spec = readExportSpec(&path, &why);
    if (!spec) {
        printError(why);
        return kBadInput;
    }
    return a.lesson ? exportLessonAnimation(a, o, *spec, path)
                    : exportTraversalAnimation(a, o, *spec, path);
}

}  // namespace tl::gui
