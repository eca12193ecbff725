// --export-animation: the traversal (or a lesson's steps) as numbered PNG frames and one
// looping GIF, with the stride, frame rate and limits the command promises.
#include <gif_lib.h>
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

#include "core/audit/lesson_walk.h"
#include "core/view/sheet_layout.h"
#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_animation.h"
#include "widgets/explorer/export_image.h"
#include "widgets/explorer/gif_writer.h"
#include "widgets/explorer/operand_fit.h"
#include "widgets/explorer/operand_sheet.h"

namespace tl::gui {
namespace {

using namespace tl::gui::testing;

struct Gif {
    int frames = -1;
    int width = 0, height = 0;
    std::vector<int> delays;  // centiseconds, per frame
};

Gif decode(const QString& path) {
    Gif g;
    int error = 0;
    GifFileType* f = DGifOpenFileName(QFile::encodeName(path).constData(), &error);
    if (!f) return g;
    if (DGifSlurp(f) == GIF_OK) {
        g.frames = f->ImageCount;
        g.width = f->SWidth;
        g.height = f->SHeight;
        for (int i = 0; i < f->ImageCount; ++i) {
            GraphicsControlBlock gcb;
            g.delays.push_back(DGifSavedExtensionToGCB(f, i, &gcb) == GIF_OK ? gcb.DelayTime : -1);
        }
    }
    DGifCloseFile(f, &error);
    return g;
}

std::pair<int, QString> animate(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(TILELENS_GUI_BIN),
            QStringList{QStringLiteral("--export-animation")} + args);
    if (!p.waitForFinished(120000)) return {-1, QStringLiteral("timed out")};
    return {p.exitCode(),
            QString::fromLocal8Bit(p.readAllStandardError() + p.readAllStandardOutput())};
}

QByteArray bytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

int framesIn(const QString& dir) {
    return static_cast<int>(
        QDir(dir).entryList({QStringLiteral("frame-*.png")}, QDir::Files).size());
}

TEST(ExportAnimation, TheStrideKeepsTheFirstAndTheLastProgram) {
    EXPECT_EQ(traversalPrograms(24, 5), (std::vector<qint64>{0, 5, 10, 15, 20, 23}));
    EXPECT_EQ(traversalPrograms(24, 1).size(), 24u);
    EXPECT_EQ(traversalPrograms(21, 5), (std::vector<qint64>{0, 5, 10, 15, 20}));
    EXPECT_EQ(traversalPrograms(1, 7), (std::vector<qint64>{0}));
    EXPECT_EQ(defaultStride(24), 1);
    EXPECT_EQ(defaultStride(1000), 9);  // 112 frames
    EXPECT_LE(traversalPrograms(1000, defaultStride(1000)).size(), 121u);
}

TEST(ExportAnimation, TheFrameCountFollowsTheExamplesGridAndTheStride) {
    const ExplorerSnapshot s = snapshotOf(loadExample("matmul-rect"));
    ASSERT_TRUE(s.analysis);
    const qint64 programs = s.analysis->programs();
    ASSERT_GT(programs, 5);
    QTemporaryDir dir;
    const QString spec = QString::fromStdString(examplePath("matmul-rect"));
    const QString every = dir.filePath(QStringLiteral("every"));
    ASSERT_EQ(animate({every, QStringLiteral("--stride"), QStringLiteral("1"),
                       QStringLiteral("--size"), QStringLiteral("160x120"), spec})
                  .first,
              0);
    EXPECT_EQ(framesIn(every), programs);  // one frame per program
    const QString fifth = dir.filePath(QStringLiteral("fifth"));
    ASSERT_EQ(animate({fifth, QStringLiteral("--stride"), QStringLiteral("5"),
                       QStringLiteral("--size"), QStringLiteral("160x120"), spec})
                  .first,
              0);
    // 0, 5, 10, ... and the last program when the stride does not land on it.
    const qint64 expected = (programs + 4) / 5 + ((programs - 1) % 5 != 0 ? 1 : 0);
    EXPECT_EQ(framesIn(fifth), expected);
    EXPECT_EQ(decode(QDir(fifth).filePath(QStringLiteral("traversal.gif"))).frames, expected);
}

TEST(ExportAnimation, TheTraversalIsFramesAndAGifAtTheFrameRate) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("anim"));
    const auto [code, text] =
        animate({out, QStringLiteral("--stride"), QStringLiteral("5"), QStringLiteral("--size"),
                 QStringLiteral("480x400"), QString::fromStdString(examplePath("matmul-rect"))});
    ASSERT_EQ(code, 0) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("wrote 6 frames (stride 5, 4 fps) to %1 … and %2 (")
                                  .arg(QDir(out).filePath(QStringLiteral("frame-0001.png")),
                                       QDir(out).filePath(QStringLiteral("traversal.gif")))))
        << text.toStdString();
    const QStringList frames = QDir(out).entryList({QStringLiteral("frame-*.png")}, QDir::Files);
    ASSERT_EQ(frames.size(), 6);
    EXPECT_EQ(frames.first(), QStringLiteral("frame-0001.png"));
    EXPECT_EQ(QImage(QDir(out).filePath(frames.first())).size(), QSize(480, 400));
    // The selected program moves: consecutive frames differ.
    EXPECT_NE(bytes(QDir(out).filePath(frames[0])), bytes(QDir(out).filePath(frames[1])));
    const QString gif = QDir(out).filePath(QStringLiteral("traversal.gif"));
    EXPECT_TRUE(bytes(gif).startsWith("GIF89a"));
    const Gif g = decode(gif);
    EXPECT_EQ(g.frames, 6);
    EXPECT_EQ(g.width, 480);
    EXPECT_EQ(g.height, 400);
    EXPECT_EQ(g.delays, std::vector<int>(6, 25));  // 4 fps
    EXPECT_FALSE(QFile::exists(gif + QStringLiteral(".part")));
    // Another frame rate, in another folder.
    const QString fast = dir.filePath(QStringLiteral("fast"));
    ASSERT_EQ(
        animate({fast, QStringLiteral("--stride"), QStringLiteral("12"), QStringLiteral("--fps"),
                 QStringLiteral("10"), QStringLiteral("--size"), QStringLiteral("320x240"),
                 QString::fromStdString(examplePath("matmul-rect"))})
            .first,
        0);
    EXPECT_EQ(decode(QDir(fast).filePath(QStringLiteral("traversal.gif"))).delays,
              (std::vector<int>{10, 10, 10}));
}

TEST(ExportAnimation, ALessonIsOneFramePerStepHeldThreeSeconds) {
    const LoadResult l =
        load_spec_file(TILELENS_SOURCE_DIR "/resources/lessons/01-blocks.tilelens.json");
    ASSERT_TRUE(l.spec.has_value());
    const std::optional<Lesson> lesson = read_lesson(*l.spec);
    ASSERT_TRUE(lesson.has_value());
    const int steps = static_cast<int>(lesson->steps.size());
    ASSERT_GE(steps, 3);
    // Steps 2 and 3 set different params, so they draw different pictures.
    ASSERT_NE(lesson->steps[1].params, lesson->steps[2].params);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("lesson"));
    const auto [code, text] =
        animate({out, QStringLiteral("--lesson"), QStringLiteral("--size"),
                 QStringLiteral("640x480"), QStringLiteral(":/lessons/01-blocks.tilelens.json")});
    ASSERT_EQ(code, 0) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("wrote %1 frames (one per step").arg(steps)))
        << text.toStdString();
    EXPECT_EQ(framesIn(out), steps);
    const Gif g = decode(QDir(out).filePath(QStringLiteral("lesson.gif")));
    EXPECT_EQ(g.frames, steps);
    EXPECT_EQ(g.width, 640);
    EXPECT_EQ(g.height, 480);
    EXPECT_EQ(g.delays, std::vector<int>(static_cast<std::size_t>(steps), 300));  // 3 s each
    EXPECT_NE(bytes(QDir(out).filePath(QStringLiteral("frame-0002.png"))),
              bytes(QDir(out).filePath(QStringLiteral("frame-0003.png"))));
    // --fps does not shorten a lesson's steps.
    const QString fast = dir.filePath(QStringLiteral("fast"));
    ASSERT_EQ(animate({fast, QStringLiteral("--lesson"), QStringLiteral("--fps"),
                       QStringLiteral("30"), QStringLiteral("--size"), QStringLiteral("320x240"),
                       QStringLiteral(":/lessons/01-blocks.tilelens.json")})
                  .first,
              0);
    EXPECT_EQ(decode(QDir(fast).filePath(QStringLiteral("lesson.gif"))).delays,
              std::vector<int>(static_cast<std::size_t>(steps), 300));
}

TEST(ExportAnimation, RefusalsNameTheProblemAndTheFix) {
    QTemporaryDir dir;
    const QString spec = QString::fromStdString(examplePath("matmul-rect"));
    // Too many frames: a 100 x 100 grid at stride 1, refused before anything is drawn.
    const QString big = dir.filePath(QStringLiteral("big.tilelens.json"));
    QFile f(big);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"JSON({"tilelens": 1, "name": "big", "grid": [100, 100],
        "operands": [{"name": "o", "role": "output", "shape": [800, 800], "dtype": "float32",
                      "block_shape": [8, 8], "index_map": "lambda i, j: (i, j)"}]})JSON");
    f.close();
    const QString out = dir.filePath(QStringLiteral("out"));
    auto r = animate({out, QStringLiteral("--stride"), QStringLiteral("1"), big});
    EXPECT_EQ(r.first, 2);
    EXPECT_TRUE(r.second.contains(QStringLiteral(
        "10000 programs at --stride 1 make 10000 frames, more than the limit of 2000; use "
        "--stride 6 or more")))
        << r.second.toStdString();
    EXPECT_FALSE(QDir(out).exists());
    // 1668 frames are allowed, but not 1668 frames of 1000 x 1000 (5 GB of raw RGB).
    r = animate({out, QStringLiteral("--stride"), QStringLiteral("6"), QStringLiteral("--size"),
                 QStringLiteral("1000x1000"), big});
    EXPECT_EQ(r.first, 2);
    EXPECT_TRUE(r.second.contains(QStringLiteral(
        "1668 frames of 1000 × 1000 pixels are 4773 MiB of raw RGB, more than the limit of "
        "1024 MiB; use --stride 29 or more, or a smaller --size")))
        << r.second.toStdString();
    EXPECT_FALSE(QDir(out).exists());
    // --lesson on a spec without one.
    r = animate({out, QStringLiteral("--lesson"), spec});
    EXPECT_EQ(r.first, 2);
    EXPECT_TRUE(r.second.contains(QStringLiteral("has no lesson"))) << r.second.toStdString();
    // The folder is a file; the folder holds an earlier export's frames.
    const QString file = dir.filePath(QStringLiteral("a-file"));
    QFile(file).open(QIODevice::WriteOnly);
    r = animate({file, spec});
    EXPECT_EQ(r.first, 2);
    EXPECT_TRUE(r.second.contains(QStringLiteral("is a file, not a folder")))
        << r.second.toStdString();
    QDir().mkpath(out);
    QFile(QDir(out).filePath(QStringLiteral("frame-0001.png"))).open(QIODevice::WriteOnly);
    r = animate({out, spec});
    EXPECT_EQ(r.first, 2);
    EXPECT_TRUE(r.second.contains(QStringLiteral("frames of an earlier export")))
        << r.second.toStdString();
    // Option values.
    r = animate(
        {dir.filePath(QStringLiteral("x")), QStringLiteral("--fps"), QStringLiteral("0"), spec});
    EXPECT_EQ(r.first, 2);
    EXPECT_TRUE(r.second.contains(QStringLiteral("--fps: '0' is not a number from 1 to 60")));
    r = animate({dir.filePath(QStringLiteral("x")), QStringLiteral("--stride"),
                 QStringLiteral("-2"), spec});
    EXPECT_EQ(r.first, 2);
    EXPECT_TRUE(r.second.contains(QStringLiteral("--stride: '-2'")));
}

TEST(GifWriter, QuantisesARichFrameAndLeavesNoFileWhenItCannotWrite) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("g.gif"));
    QImage rich(64, 64, QImage::Format_RGB32);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) rich.setPixelColor(x, y, QColor(x * 4, y * 4, (x + y) * 2));
    QImage flat(64, 64, QImage::Format_RGB32);
    flat.fill(QColor(0xD5, 0x5E, 0x00));
    QString error;
    {
        GifWriter gif;
        ASSERT_TRUE(gif.open(path, QSize(64, 64), &error)) << error.toStdString();
        ASSERT_TRUE(gif.addFrame(rich, 50, &error)) << error.toStdString();
        ASSERT_TRUE(gif.addFrame(flat, 1, &error)) << error.toStdString();
        ASSERT_TRUE(gif.close(&error)) << error.toStdString();
    }
    const Gif g = decode(path);
    EXPECT_EQ(g.frames, 2);
    EXPECT_EQ(g.delays, (std::vector<int>{50, 2}));  // under 2 cs is raised to 2
    // A folder that does not exist: an error naming the file, and no file.
    const QString bad = dir.filePath(QStringLiteral("missing/g.gif"));
    GifWriter gif;
    EXPECT_FALSE(gif.open(bad, QSize(8, 8), &error));
    EXPECT_TRUE(error.contains(bad)) << error.toStdString();
    EXPECT_FALSE(QFile::exists(bad));
}

}  // namespace
}  // namespace tl::gui

namespace tl::gui {
namespace {

TEST(ExportAnimation, AFrameDrawsAnOutOfBoundsBlockWhole) {
    // matmul-swapped-axes at program_id (2, 0, 0): x's block, rows 256-383, lies past x's 256
    // rows; the frame's sheet must hold all of it inside x's panel.
    const auto s = snapshotOf(loadExample("matmul-swapped-axes"));
    const qint64 program = 16;
    QString error;
    ImageExportOptions o;
    o.scale = 1;
    const QImage sheet = renderImage(s, program, o, &error);
    const QImage frame = traversalFrame(s, program, {}, false, &error);
    ASSERT_FALSE(frame.isNull()) << error.toStdString();
    auto scenes = view::build_scenes(s.analysis, program);
    widenToFrames(*s.analysis, scenes);
    const auto layout = view::layout_sheet(scenes, sheet.width(), 0, sheetMetrics());
    const view::ViewTransform t = sheetTransforms(layout, scenes)[0];
    const view::RectF c = sheetCanvas(layout, 0);
    const auto px = t.to_pixels(scenes[0].window);
    EXPECT_LE(px.bottom(), c.bottom());
    EXPECT_GE(px.y, c.y + c.h / 3);  // below the array, not squeezed into its rows
    // The frame shows the sheet above the navigator, centred: the block's middle is painted.
    const int dx = (frame.width() - sheet.width()) / 2;
    const QPoint mid(dx + static_cast<int>(px.x + px.w / 2), static_cast<int>(px.y + px.h / 2));
    EXPECT_NE(frame.pixelColor(mid), ExplorerPalette::light().background);
    EXPECT_NE(frame.pixelColor(mid), ExplorerPalette::light().array);
    // At a --size the sheet is drawn at the frame's width, not shrunk into its middle: x's
    // panel starts at the sheet's margin.
    const QImage sized = traversalFrame(s, program, QSize(1280, 720), false, &error);
    ASSERT_EQ(sized.size(), QSize(1280, 720));
    int border = 0;
    for (int y = 60; y < 300; ++y)
        border += sized.pixelColor(16, y) != ExplorerPalette::light().background;
    EXPECT_GT(border, 200);
}

}  // namespace
}  // namespace tl::gui
