#include "widgets/explorer/grid_navigator.h"

#include <QAction>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/explorer/grid_canvas.h"
#include "widgets/explorer/navigator_layout.h"

namespace tl::gui {

namespace {
constexpr std::size_t kTrail = 10;
}

GridNavigator::GridNavigator(QWidget* parent)
    : QWidget(parent),
      canvas_(new GridCanvas(this)),
      idLabel_(new QLabel(this)),
      selectorBox_(new QWidget(this)),
      play_(new QAction(QStringLiteral("Play"), this)),
      playButton_(new QToolButton(this)),
      speed_(new QSlider(Qt::Horizontal, this)),
      speedLabel_(new QLabel(this)) {
    setObjectName(QStringLiteral("gridNavigator"));
    idLabel_->setObjectName(QStringLiteral("programId"));
    idLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Its text (in full or short) must not resize the explorer: the header gives it room.
    idLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QFont idFont = idLabel_->font();
    idFont.setBold(true);
    idLabel_->setFont(idFont);

    play_->setCheckable(true);
    play_->setShortcut(QKeySequence(Qt::Key_Space));
    play_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    play_->setToolTip(QStringLiteral("Play the grid in iteration order (Space)"));
    playButton_->setDefaultAction(play_);
    playButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    connect(play_, &QAction::toggled, this, [this](bool on) {
        play_->setText(on ? QStringLiteral("Pause") : QStringLiteral("Play"));
        if (on) {
            const auto& g = canvas_->state().plane;
            if (current() >= g.programs() - 1) activate(0);
            timer_.start();
        } else {
            timer_.stop();
        }
    });
    connect(&timer_, &QTimer::timeout, this, &GridNavigator::advance);

    speed_->setObjectName(QStringLiteral("playSpeed"));
    speed_->setRange(0, 100);  // log scale: 1 to 60 programs per second
    speed_->setMinimumWidth(50);
    speed_->setMaximumWidth(110);
    speed_->setToolTip(QStringLiteral("Programs per second"));
    connect(speed_, &QSlider::valueChanged, this, [this](int) { updateLabels(); });
    setSpeed(4);

    auto* header = new QHBoxLayout;
    header_ = header;
    header->setContentsMargins(6, 4, 6, 0);
    // The id takes the room the controls leave (they sit together on the right).
    header->addWidget(idLabel_, 1);
    header->addSpacing(12);
    header->addWidget(selectorBox_);
    header->addWidget(playButton_);
    header->addWidget(speed_);
    header->addWidget(speedLabel_);
    auto* box = new QHBoxLayout(selectorBox_);
    box->setContentsMargins(0, 0, 0, 0);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(canvas_, 1);
    connect(canvas_, &GridCanvas::programClicked, this, [this](qint64 p) { activate(p); });
    setToolTip(
        QStringLiteral("←/→ previous/next program · ↑/↓ row · Shift+←/→ column · "
                       "PgUp/PgDn slice · Home/End · Space play"));
    updateLabels();
}

void GridNavigator::setGrid(const std::vector<std::int64_t>& grid, const QStringList& axisNames) {
    auto& s = canvas_->state();
    const bool same = s.plane.grid() == grid;
    s.plane = view::GridPlane(grid);
    s.axisNames = axisNames;
    if (!same) {
        s.trail.clear();
        rebuildSelectors();
    }
    canvas_->update();
    updateLabels();
}

void GridNavigator::setFlagged(std::vector<std::int64_t> programs, const QColor& colour) {
    auto& s = canvas_->state();
    s.flagged = std::move(programs);
    s.flagColour = colour;
    canvas_->update();
}

int GridNavigator::preferredHeight() const {
    const auto& g = canvas_->state().plane;
    const int header = isVisible() ? height() - canvas_->height() : 34;
    const auto rows = std::min<std::int64_t>(g.rank() >= 2 ? g.rows() : 1, 1000);
    return header + static_cast<int>(rows) * 18 + 30;  // the plane's margins: see gridLayout
}

int GridNavigator::usefulHeight() const {
    const int header = isVisible() ? height() - canvas_->height() : 34;
    return header + 3 * static_cast<int>(kMinWrappedCell) + 30;  // the plane's margins
}

void GridNavigator::setCurrent(std::int64_t program) {
    auto& s = canvas_->state();
    if (s.plane.programs() == 0) program = -1;
    if (program != s.current && s.current >= 0) {
        s.trail.push_front(s.current);
        if (s.trail.size() > kTrail) s.trail.pop_back();
    }
    s.current = program;
    // Always: selectors rebuilt for a new grid start at 0 whatever the program.
    s.slice = s.plane.cell_of(std::max<std::int64_t>(program, 0)).slice;
    const auto coords = s.plane.slice_coords(s.slice);
    for (std::size_t i = 0; i < selectors_.size() && i < coords.size(); ++i) {
        const QSignalBlocker block(selectors_[i]);
        selectors_[i]->setValue(static_cast<int>(coords[i]));
    }
    canvas_->update();
    updateLabels();
}

void GridNavigator::clearTrail() {
    // The current program goes too: the next setCurrent must not leave it behind as a visit.
    canvas_->state().trail.clear();
    canvas_->state().current = -1;
    canvas_->update();
}

std::int64_t GridNavigator::current() const {
    return canvas_->state().current;
}

void GridNavigator::setTouching(std::vector<std::int64_t> readers,
                                std::vector<std::int64_t> writers) {
    auto& s = canvas_->state();
    s.readers = std::move(readers);
    s.writers = std::move(writers);
    canvas_->update();
}

bool GridNavigator::handleKey(QKeyEvent* e) {
    const auto& g = canvas_->state().plane;
    const std::int64_t p = std::max<std::int64_t>(current(), 0);
    const bool shift = e->modifiers() & Qt::ShiftModifier;
    std::int64_t next = -1;
    switch (e->key()) {
        case Qt::Key_Right:
            next = shift ? g.step_col(p, 1) : g.step_order(p, 1);
            break;
        case Qt::Key_Left:
            next = shift ? g.step_col(p, -1) : g.step_order(p, -1);
            break;
        case Qt::Key_Down:
            next = g.step_row(p, 1);
            break;
        case Qt::Key_Up:
            next = g.step_row(p, -1);
            break;
        case Qt::Key_PageDown:
            next = g.step_slice(p, 1);
            break;
        case Qt::Key_PageUp:
            next = g.step_slice(p, -1);
            break;
        case Qt::Key_Home:
            next = 0;
            break;
        case Qt::Key_End:
            next = g.programs() - 1;
            break;
        default:
            return false;
    }
    if (g.programs() > 0) activate(next);
    return true;
}

void GridNavigator::keyPressEvent(QKeyEvent* e) {
    if (!handleKey(e)) QWidget::keyPressEvent(e);
}

void GridNavigator::setSpeed(int programsPerSecond) {
    const double v = std::log(std::clamp(programsPerSecond, 1, 60)) / std::log(60.0) * 100;
    speed_->setValue(static_cast<int>(std::lround(v)));
    updateLabels();
}

int GridNavigator::speed() const {
    return static_cast<int>(std::lround(std::pow(60.0, speed_->value() / 100.0)));
}

QString GridNavigator::programIdText() const {
    const auto& s = canvas_->state();
    if (s.current < 0) return QStringLiteral("no programs");
    QStringList parts;
    const auto& grid = s.plane.grid();
    std::int64_t rest = s.current;
    std::vector<std::int64_t> coords(grid.size());
    for (int a = static_cast<int>(grid.size()) - 1; a >= 0; --a) {
        const std::int64_t n = grid[static_cast<std::size_t>(a)];
        coords[static_cast<std::size_t>(a)] = n > 0 ? rest % n : 0;
        rest = n > 0 ? rest / n : 0;
    }
    for (std::int64_t c : coords) parts << QString::number(c);
    return QStringLiteral("program_id (%1)  ·  #%2 of %3")
        .arg(parts.join(QStringLiteral(", ")))
        .arg(s.current)
        .arg(s.plane.programs());
}

void GridNavigator::activate(std::int64_t program) {
    const auto& g = canvas_->state().plane;
    if (g.programs() == 0) return;
    program = std::clamp<std::int64_t>(program, 0, g.programs() - 1);
    setCurrent(program);
    emit programActivated(program);
}

void GridNavigator::advance() {
    const auto& g = canvas_->state().plane;
    if (current() >= g.programs() - 1) {
        play_->setChecked(false);
        return;
    }
    activate(current() + 1);
}

void GridNavigator::rebuildSelectors() {
    for (QSpinBox* b : selectors_) b->deleteLater();
    selectors_.clear();
    const auto& s = canvas_->state();
    auto* box = static_cast<QHBoxLayout*>(selectorBox_->layout());
    while (QLayoutItem* item = box->takeAt(0)) delete item;
    for (int a = 2; a < s.plane.rank(); ++a) {
        auto* spin = new QSpinBox(selectorBox_);
        spin->setObjectName(QStringLiteral("slice%1").arg(a));
        const QString name = s.axisNames.value(a, QStringLiteral("axis %1").arg(a));
        spin->setPrefix(name + QStringLiteral(" = "));
        spin->setRange(0, static_cast<int>(std::max<std::int64_t>(
                              s.plane.grid()[static_cast<std::size_t>(a)] - 1, 0)));
        spin->setToolTip(QStringLiteral("The slice of the grid on axis %1 (PgUp/PgDn)").arg(a));
        connect(spin, &QSpinBox::valueChanged, this, &GridNavigator::selectorChanged);
        box->addWidget(spin);
        selectors_.push_back(spin);
    }
    selectorBox_->setVisible(!selectors_.empty());
}

void GridNavigator::selectorChanged() {
    const auto& s = canvas_->state();
    std::vector<std::int64_t> coords;
    for (QSpinBox* b : selectors_) coords.push_back(b->value());
    const auto c = s.plane.cell_of(std::max<std::int64_t>(s.current, 0));
    activate(s.plane.program_at(s.plane.slice_of_coords(coords), c.row, c.col));
}

void GridNavigator::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    updateLabels();
}

// The room the header leaves for the program's id.
int GridNavigator::idRoom() const {
    if (!header_) return 0;  // while the constructor builds the header
    const QMargins m = header_->contentsMargins();
    int room = width() - m.left() - m.right();
    for (int i = 0; i < header_->count(); ++i) {
        QLayoutItem* item = header_->itemAt(i);
        if (item->widget() == idLabel_ || (item->widget() && item->widget()->isHidden())) continue;
        const bool stretch = item->spacerItem() && item->expandingDirections();
        room -= (stretch ? 0 : item->sizeHint().width()) + header_->spacing();
    }
    return room;
}

// The program's id in full when the header has room for the longest one of the grid, else
// without its words ("(1, 2, 0) · #13/24"), so that it is never cut off. Decided by the
// longest id, so that nothing beside it moves while stepping.
void GridNavigator::updateLabels() {
    const auto& s = canvas_->state();
    QStringList widest;
    for (std::int64_t n : s.plane.grid())
        widest << QString::number(std::max<std::int64_t>(n - 1, 0));
    const qint64 programs = s.plane.programs(), last = std::max<qint64>(programs - 1, 0);
    const QString coords = widest.join(QStringLiteral(", "));
    const QString longest =
        QStringLiteral("program_id (%1)  ·  #%2 of %3").arg(coords).arg(last).arg(programs);
    const QString shortest = QStringLiteral("(%1) · #%2/%3").arg(coords).arg(last).arg(programs);
    const QFontMetrics fm = idLabel_->fontMetrics();
    const bool full = fm.horizontalAdvance(longest) + 4 <= idRoom();
    QString text = programIdText();
    if (!full && s.current >= 0)
        text = QStringLiteral("(%1) · #%2/%3")
                   .arg(text.section(u'(', 1).section(u')', 0, 0))
                   .arg(s.current)
                   .arg(programs);
    idLabel_->setText(text);
    idLabel_->setToolTip(programIdText());
    // The short form's, whichever is shown: the explorer's minimum width (and so the docks
    // beside it) never follows the choice.
    idLabel_->setMinimumWidth(std::min(fm.horizontalAdvance(shortest) + 4, 180));
    speedLabel_->setText(QStringLiteral("%1/s").arg(speed()));
    timer_.setInterval(1000 / std::max(speed(), 1));
}

}  // namespace tl::gui
