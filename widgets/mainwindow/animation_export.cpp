#include "widgets/mainwindow/animation_export.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

#include "widgets/document/explorer_snapshot.h"
#include "widgets/explorer/export_animation.h"
#include "widgets/explorer/gif_writer.h"

namespace tl::gui {

qint64 minimumAnimationStride(qint64 programs) {
    if (programs <= kMaxAnimationFrames) return 1;
    // 0, s, 2s, ... and the last program: (programs - 1) / s + 2 frames at most.
    return (programs - 1 + kMaxAnimationFrames - 2) / (kMaxAnimationFrames - 1);
}

QString animationFramesFolder(const QString& gifPath) {
    const QFileInfo info(gifPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral("-frames"));
}

namespace {

struct AnimationForm {
    QComboBox* what;
    QLineEdit* path;
    QSpinBox* stride;
    QLabel* count;
    QDoubleSpinBox* fps;
    QComboBox* size;
    QComboBox* theme;
    QCheckBox* frames;
};

QWidget* pathRow(QDialog* dialog, QLineEdit* path) {
    auto* row = new QWidget(dialog);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* browse = new QPushButton(QObject::tr("Browse…"), row);
    layout->addWidget(path, 1);
    layout->addWidget(browse);
    QObject::connect(browse, &QPushButton::clicked, dialog, [dialog, path] {
        const QString chosen = QFileDialog::getSaveFileName(
            dialog, QObject::tr("Export animation"), path->text(), QObject::tr("GIF (*.gif)"));
        if (!chosen.isEmpty()) path->setText(chosen);
    });
    return row;
}

AnimationForm buildForm(QDialog* dialog, QFormLayout* form, qint64 programs, bool dark) {
    AnimationForm f{new QComboBox(dialog), new QLineEdit(dialog),      new QSpinBox(dialog),
                    new QLabel(dialog),    new QDoubleSpinBox(dialog), new QComboBox(dialog),
                    new QComboBox(dialog), new QCheckBox(dialog)};
    f.what->setObjectName(QStringLiteral("animationWhat"));
    f.what->addItem(QObject::tr("The grid's traversal"));
    form->addRow(QObject::tr("Frames"), f.what);
    f.path->setObjectName(QStringLiteral("animationPath"));
    form->addRow(QObject::tr("GIF file"), pathRow(dialog, f.path));
    f.stride->setObjectName(QStringLiteral("animationStride"));
    const auto top = static_cast<int>(std::min<qint64>(programs, 1 << 30));
    f.stride->setRange(static_cast<int>(minimumAnimationStride(programs)), std::max(1, top));
    f.stride->setValue(
        static_cast<int>(std::max(defaultStride(programs), minimumAnimationStride(programs))));
    f.stride->setToolTip(QObject::tr("Every Nth program in iteration order, and always the last"));
    auto* strideRow = new QHBoxLayout;
    strideRow->addWidget(f.stride);
    strideRow->addWidget(f.count, 1);
    form->addRow(QObject::tr("Stride"), strideRow);
    f.fps->setRange(1, 60);
    f.fps->setValue(4);
    f.fps->setDecimals(1);
    form->addRow(QObject::tr("Frames per second"), f.fps);
    f.size->addItem(QObject::tr("The picture's own size"), QSize());
    for (const QSize s : {QSize(1280, 720), QSize(1920, 1080), QSize(1280, 800), QSize(800, 600)})
        f.size->addItem(QStringLiteral("%1 × %2").arg(s.width()).arg(s.height()), s);
    form->addRow(QObject::tr("Size"), f.size);
    f.theme->addItems({QObject::tr("Light"), QObject::tr("Dark")});
    f.theme->setCurrentIndex(dark ? 1 : 0);
    form->addRow(QObject::tr("Theme"), f.theme);
    f.frames->setText(QObject::tr("Also write each frame as a PNG file"));
    form->addRow(f.frames);
    const auto count = [f, programs] {
        const auto n = traversalPrograms(programs, f.stride->value()).size();
        f.count->setText((n == 1 ? QObject::tr("1 frame of %1 programs")
                                 : QObject::tr("%1 frames of %2 programs").arg(n))
                             .arg(programs));
    };
    QObject::connect(f.stride, &QSpinBox::valueChanged, dialog, count);
    count();
    return f;
}

}  // namespace

std::optional<AnimationChoice> askAnimation(QWidget* parent, qint64 programs, bool dark,
                                            const QString& suggestedPath, int lessonSteps) {
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("animationDialog"));
    dialog.setWindowTitle(QObject::tr("Export animation"));
    auto* form = new QFormLayout(&dialog);
    auto* intro = new QLabel(QObject::tr("The grid's traversal: each frame is one program's "
                                         "operands above the navigator, the programs before it "
                                         "filled in. A lesson: a frame per step with its "
                                         "narration, each held three seconds."),
                             &dialog);
    intro->setWordWrap(true);
    form->addRow(intro);
    const AnimationForm f = buildForm(&dialog, form, programs, dark);
    f.path->setText(suggestedPath);
    if (lessonSteps > 0) {
        f.what->addItem(lessonSteps == 1
                            ? QObject::tr("The lesson's one step, 3 s")
                            : QObject::tr("The lesson's %1 steps, 3 s each").arg(lessonSteps));
        f.what->setCurrentIndex(1);  // a spec with a lesson is opened to teach it
    }
    f.what->setEnabled(lessonSteps > 0);
    const auto follow = [f] {
        const bool traversal = f.what->currentIndex() == 0;
        f.stride->setEnabled(traversal);
        f.fps->setEnabled(traversal);
    };
    QObject::connect(f.what, &QComboBox::currentIndexChanged, &dialog, follow);
    follow();
    auto* buttons =
        new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    QObject::connect(f.path, &QLineEdit::textChanged, &dialog, [buttons](const QString& text) {
        buttons->button(QDialogButtonBox::Save)->setEnabled(!text.trimmed().isEmpty());
    });
    // The wrapped introduction needs its height for this width, which resize(w, 0) drops.
    dialog.setMinimumWidth(560);
    dialog.adjustSize();
    if (dialog.exec() != QDialog::Accepted) return std::nullopt;
    AnimationChoice c;
    c.path = f.path->text().trimmed();
    if (!c.path.endsWith(QStringLiteral(".gif"), Qt::CaseInsensitive))
        c.path += QStringLiteral(".gif");
    c.stride = f.stride->value();
    c.fps = f.fps->value();
    c.size = f.size->currentData().toSize();
    c.dark = f.theme->currentIndex() == 1;
    c.frames = f.frames->isChecked();
    c.lesson = f.what->currentIndex() == 1;
    return c;
}

namespace {

// The PNG frames' folder, created, and refused when it holds an earlier export's frames.
bool prepareFramesFolder(const QString& dir, QString* error) {
    if (QDir(dir).exists() &&
        !QDir(dir).entryList({QStringLiteral("frame-*.png")}, QDir::Files).isEmpty()) {
        *error = QObject::tr(
                     "%1 holds the frames of an earlier export; remove them or choose "
                     "another file name")
                     .arg(QDir::toNativeSeparators(dir));
        return false;
    }
    if (QDir().mkpath(dir)) return true;
    *error = QObject::tr("Cannot create the folder %1").arg(QDir::toNativeSeparators(dir));
    return false;
}

bool withinBytes(int count, QSize frame, QString* error) {
    const qint64 bytes = qint64{3} * frame.width() * frame.height() * count;
    if (bytes <= kMaxAnimationBytes) return true;
    *error = QObject::tr(
                 "%1 frames of %2 × %3 pixels are more than %4 MiB; choose a larger "
                 "stride or a smaller size")
                 .arg(count)
                 .arg(frame.width())
                 .arg(frame.height())
                 .arg(kMaxAnimationBytes >> 20);
    return false;
}

}  // namespace

namespace {

// Draws `count` frames with `draw(i)` into the GIF (and the PNG folder when asked), each shown
// `delay` centiseconds.
bool writeFrames(const AnimationChoice& c, int count, int delay,
                 const std::function<QImage(int, QString*)>& draw,
                 const std::function<bool(int, int)>& progress, QString* error) {
    const QImage first = draw(0, error);
    if (first.isNull() || !withinBytes(count, first.size(), error)) return false;
    const QString framesDir = animationFramesFolder(c.path);
    if (c.frames && !prepareFramesFolder(framesDir, error)) return false;
    GifWriter gif;
    if (!gif.open(c.path, first.size(), error)) return false;
    for (int i = 0; i < count; ++i) {
        if (!progress(i, count)) return false;  // the writer drops the unfinished file
        const QImage img = i == 0 ? first : draw(i, error);
        if (img.isNull() || !gif.addFrame(img, delay, error)) return false;
        const QString png = QDir(framesDir).filePath(
            QStringLiteral("frame-%1.png").arg(i + 1, 4, 10, QLatin1Char('0')));
        if (c.frames && !img.save(png, "PNG")) {
            *error = QObject::tr("Cannot write %1").arg(QDir::toNativeSeparators(png));
            return false;
        }
    }
    progress(count, count);
    return gif.close(error);
}

}  // namespace

bool writeTraversalAnimation(const ExplorerSnapshot& snapshot, const AnimationChoice& c,
                             const std::function<bool(int, int)>& progress, QString* error) {
    error->clear();
    if (!snapshot.analysis) {
        *error = QObject::tr("Nothing to export: the spec does not resolve");
        return false;
    }
    const std::vector<qint64> shown =
        traversalPrograms(snapshot.analysis->programs(), std::max<qint64>(1, c.stride));
    const auto count = static_cast<int>(shown.size());
    if (count > kMaxAnimationFrames) {
        *error = QObject::tr("%1 frames are more than %2; choose a larger stride")
                     .arg(count)
                     .arg(kMaxAnimationFrames);
        return false;
    }
    const int delay = std::max(2, static_cast<int>(std::lround(100.0 / c.fps)));
    return writeFrames(
        c, count, delay,
        [&](int i, QString* why) {
            return traversalFrame(snapshot, shown[static_cast<std::size_t>(i)], c.size, c.dark,
                                  why);
        },
        progress, error);
}

bool writeLessonAnimation(const ExplorerSnapshot& snapshot, const AnimationChoice& c,
                          const std::function<bool(int, int)>& progress, QString* error) {
    error->clear();
    const std::optional<Lesson> lesson = snapshot.spec ? read_lesson(*snapshot.spec) : std::nullopt;
    if (!lesson || lesson->steps.empty()) {
        *error = QObject::tr("The spec has no lesson; export the grid's traversal instead");
        return false;
    }
    const QSize size = c.size.isEmpty() ? kLessonSize : c.size;
    const auto count = static_cast<int>(lesson->steps.size());
    return writeFrames(
        c, count, kLessonDelay,
        [&](int i, QString* why) {
            const QImage img = lessonFrame(*snapshot.spec, *lesson, i, size, c.dark, why);
            if (img.isNull()) *why = QObject::tr("Step %1: %2").arg(i + 1).arg(*why);
            return img;
        },
        progress, error);
}

}  // namespace tl::gui
