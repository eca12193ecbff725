#include "widgets/present/presenter.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenuBar>
#include <QMouseEvent>
#include <QScreen>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

#include "core/audit/audit.h"
#include "widgets/document/spec_document.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/inspector.h"
#include "widgets/explorer/type_scale.h"
#include "widgets/present/laser_pointer.h"
#include "widgets/present/narration_panel.h"

namespace tl::gui {

namespace {

QString coords_text(const std::vector<std::int64_t>& c) {
    QStringList parts;
    for (const std::int64_t v : c) parts << QString::number(v);
    return u'(' + parts.join(QStringLiteral(", ")) + u')';
}

// "FAIL · block_out_of_bounds, uncovered_output": the verdict and each kind found once.
QString findings_text(const AuditResult& r) {
    std::vector<std::string> kinds;
    for (const Finding& f : r.findings) {
        const std::string k(to_string(f.kind));
        if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
    }
    QString text = QString::fromUtf8(to_string(r.verdict)).toUpper();
    if (kinds.empty()) return text + QStringLiteral(" · no findings");
    QStringList names;
    for (const auto& k : kinds) names << QString::fromStdString(k);
    return text + QStringLiteral(" · ") + names.join(QStringLiteral(", "));
}

}  // namespace

Presenter::Presenter(QMainWindow* window, ExplorerView* explorer, SpecDocument* document,
                     LessonPlayer::Hooks hooks)
    : QObject(window),
      window_(window),
      explorer_(explorer),
      document_(document),
      player_(new LessonPlayer(document, explorer, std::move(hooks), this)),
      stage_(new QWidget(window)),
      panel_(new NarrationPanel(stage_)),
      laser_(new LaserPointer(explorer)) {
    stage_->setObjectName(QStringLiteral("presentationStage"));
    stage_->hide();
    auto* layout = new QVBoxLayout(stage_);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(panel_);
    laser_->hide();
    connect(player_, &LessonPlayer::stepChanged, this, [this] {
        sweep_.clear();
        refreshText();
    });
    connect(player_, &LessonPlayer::settledChanged, this, &Presenter::refreshStatus);
    connect(explorer_, &ExplorerView::programSelected, this, &Presenter::refreshStatus);
    connect(document_, &SpecDocument::snapshotReady, this, &Presenter::refreshStatus);
    connect(document_, &SpecDocument::documentReplaced, this, [this] {
        if (active_) refreshText();
    });
    connect(explorer_, &ExplorerView::elementHovered, this, &Presenter::onHovered);
}

Presenter::~Presenter() = default;

void Presenter::enter() {
    if (active_) return;
    active_ = true;
    state_ = window_->saveState();
    geometry_ = window_->saveGeometry();
    windowState_ = window_->windowState();
    menuBar_ = !window_->menuBar()->isHidden();
    statusBar_ = !window_->statusBar()->isHidden();
    for (QDockWidget* d : window_->findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly))
        d->hide();
    for (QToolBar* t : window_->findChildren<QToolBar*>(Qt::FindDirectChildrenOnly)) t->hide();
    window_->menuBar()->hide();
    window_->statusBar()->hide();

    // The explorer moves above the narration; the window keeps it (takeCentralWidget).
    window_->takeCentralWidget();
    static_cast<QVBoxLayout*>(stage_->layout())->insertWidget(0, explorer_, 1);
    window_->setCentralWidget(stage_);
    stage_->show();
    explorer_->show();

    // Type for the back of a room: the explorer's titles and labels grow with the screen.
    explorerFont_ = explorer_->font();
    const QScreen* screen = window_->screen();
    const int screenHeight = screen ? screen->geometry().height() : 1080;
    set_type_scale(std::max(1.5, 1.6 * screenHeight / 1080.0));
    QFont big = explorerFont_;
    big.setPixelSize(std::max(16, screenHeight / 60));
    explorer_->setFont(big);
    panel_->scaleTo(screenHeight);
    // The panel below speaks for the element under the pointer; the picture gets the room.
    inspectorShown_ = !explorer_->inspector()->isHidden();
    explorer_->inspector()->hide();

    laser_->setGeometry(explorer_->rect());
    laser_->raise();
    laser_->show();
    qApp->installEventFilter(this);
    // Without a window manager full screen is only a state: the window takes the screen first.
    if (screen) window_->setGeometry(screen->geometry());
    window_->showFullScreen();
    player_->start();
    refreshText();
    explorer_->setFocus();
    emit activeChanged(true);
}

void Presenter::leave() {
    if (!active_) return;
    active_ = false;
    qApp->removeEventFilter(this);
    if (explorer_->playAction()->isChecked()) explorer_->playAction()->setChecked(false);
    player_->stop();
    laser_->clear();
    laser_->hide();
    panel_->setPointer({});

    window_->takeCentralWidget();
    stage_->layout()->removeWidget(explorer_);
    stage_->hide();
    window_->setCentralWidget(explorer_);
    set_type_scale(1.0);
    explorer_->setFont(explorerFont_);
    explorer_->inspector()->setVisible(inspectorShown_);
    explorer_->show();

    window_->setWindowState(windowState_);
    window_->restoreGeometry(geometry_);
    window_->restoreState(state_);
    window_->menuBar()->setVisible(menuBar_);
    window_->statusBar()->setVisible(statusBar_);
    explorer_->setFocus();
    emit activeChanged(false);
}

QString Presenter::keysText() const {
    if (player_->active())
        return tr(
            "→ or Space: next step   ← previous step   ↓ ↑ next, previous program   "
            "P: play the traversal   + −: speed   Esc: leave");
    return tr(
        "→ or Space: next program   ← previous   P: play the traversal   + −: speed   "
        "Esc: leave");
}

void Presenter::setSweepResult(std::shared_ptr<const AuditResult> result) {
    if (!active_ || !result) return;
    sweep_ = result->cancelled ? tr("sweep cancelled")
                               : tr("audit sweep of %1 shapes: %2")
                                     .arg(result->cases.size())
                                     .arg(findings_text(*result));
    refreshStatus();
}

void Presenter::refreshText() {
    if (!active_) return;
    const Spec& spec = document_->spec();
    if (player_->active()) {
        QString heading = player_->order() ? tr("Lesson %1 · ").arg(*player_->order()) : QString();
        heading += tr("%1 · step %2 of %3")
                       .arg(player_->title())
                       .arg(player_->step() + 1)
                       .arg(player_->stepCount());
        panel_->setHeading(heading);
        panel_->setNarration(player_->narration());
    } else {
        panel_->setHeading(QString::fromStdString(spec.name));
        panel_->setNarration(QString::fromStdString(spec.description.value_or(std::string())));
    }
    panel_->setKeys(keysText());
    refreshStatus();
}

void Presenter::refreshStatus() {
    if (!active_) return;
    QString text = explorer_->navigator()->programIdText();
    const ExplorerSnapshot& snap = explorer_->snapshot();
    if (snap.audit) text += tr("   —   checks: %1").arg(findings_text(*snap.audit));
    if (snap.run && snap.numerics) text += tr("   —   run attached");
    if (!sweep_.isEmpty()) text += QStringLiteral("   —   ") + sweep_;
    if (!player_->settled()) text += tr("   (working…)");
    panel_->setStatus(text);
}

void Presenter::onHovered(int operand, const std::vector<std::int64_t>& element) {
    if (!active_) return;
    const auto analysis = explorer_->shownAnalysis();
    if (element.empty() || !analysis || operand < 0 ||
        operand >= static_cast<int>(analysis->instance().operands.size())) {
        panel_->setPointer({});
        return;
    }
    const auto& op = analysis->instance().operands[static_cast<std::size_t>(operand)];
    const bool output = op.role == Role::Output;
    const auto programs = analysis->programs_touching(operand, element);
    const std::vector<std::int64_t>& grid = analysis->instance().grid;
    auto coords = [&grid](std::int64_t p) {
        std::vector<std::int64_t> c(grid.size());
        for (std::size_t a = grid.size(); a-- > 0;) {
            c[a] = grid[a] > 0 ? p % grid[a] : 0;
            p = grid[a] > 0 ? p / grid[a] : 0;
        }
        return c;
    };
    QString text = QString::fromStdString(op.name) +
                   coords_text(element).replace(u'(', u'[').replace(u')', u']');
    if (programs.empty()) {
        text += output ? tr(" is never written") : tr(" is never read");
    } else {
        QStringList shown;
        for (std::size_t i = 0; i < programs.size() && i < 4; ++i)
            shown << coords_text(coords(programs[i]));
        if (programs.size() > 4) shown << tr("… %1 in all").arg(programs.size());
        text += (output ? tr(" ← written by ") : tr(" → read by "));
        text += (programs.size() == 1 ? tr("program ") : tr("programs ")) +
                shown.join(QStringLiteral(", "));
    }
    panel_->setPointer(text);
}

bool Presenter::isPresentationKey(const QKeyEvent* e) const {
    switch (e->key()) {
        case Qt::Key_Escape:
        case Qt::Key_F11:
        case Qt::Key_Right:
        case Qt::Key_Left:
        case Qt::Key_Space:
        case Qt::Key_Backspace:
        case Qt::Key_PageDown:
        case Qt::Key_PageUp:
        case Qt::Key_Down:
        case Qt::Key_Up:
        case Qt::Key_Home:
        case Qt::Key_End:
        case Qt::Key_P:
        case Qt::Key_Plus:
        case Qt::Key_Equal:
        case Qt::Key_Minus:
        case Qt::Key_Underscore:
            return (e->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) ==
                   0;
        default:
            return false;
    }
}

bool Presenter::handleKey(QKeyEvent* e) {
    const bool lesson = player_->active();
    switch (e->key()) {
        case Qt::Key_Escape:
        case Qt::Key_F11:
            leave();
            return true;
        case Qt::Key_Right:
        case Qt::Key_Space:
        case Qt::Key_PageDown:
            if (lesson)
                player_->next();
            else
                stepProgram(+1);
            return true;
        case Qt::Key_Left:
        case Qt::Key_Backspace:
        case Qt::Key_PageUp:
            if (lesson)
                player_->previous();
            else
                stepProgram(-1);
            return true;
        case Qt::Key_Down:
            stepProgram(+1);
            return true;
        case Qt::Key_Up:
            stepProgram(-1);
            return true;
        case Qt::Key_Home:
            if (lesson)
                player_->go(0);
            else
                explorer_->selectProgram(0);
            return true;
        case Qt::Key_End:
            if (lesson)
                player_->go(player_->stepCount() - 1);
            else
                explorer_->selectProgram(std::numeric_limits<qint64>::max());
            return true;
        case Qt::Key_P:
            explorer_->playAction()->toggle();
            return true;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            changeSpeed(+1);
            return true;
        case Qt::Key_Minus:
        case Qt::Key_Underscore:
            changeSpeed(-1);
            return true;
        default:
            return false;
    }
}

void Presenter::stepProgram(int delta) {
    explorer_->selectProgram(std::max<qint64>(0, explorer_->selectedProgram() + delta));
}

void Presenter::changeSpeed(int direction) {
    GridNavigator* nav = explorer_->navigator();
    const int now = nav->speed();
    const int next =
        direction > 0 ? std::max(now + 1, now * 3 / 2) : std::min(now - 1, now * 2 / 3);
    nav->setSpeed(std::clamp(next, 1, 60));
    refreshStatus();
}

bool Presenter::eventFilter(QObject* watched, QEvent* event) {
    auto* w = qobject_cast<QWidget*>(watched);
    if (!active_ || !w || w->window() != window_) return false;
    switch (event->type()) {
        case QEvent::ShortcutOverride: {
            auto* k = static_cast<QKeyEvent*>(event);
            if (!isPresentationKey(k)) return false;
            k->accept();  // delivered as a key press below instead of triggering a shortcut
            return true;
        }
        case QEvent::KeyPress: {
            auto* k = static_cast<QKeyEvent*>(event);
            return isPresentationKey(k) && handleKey(k);
        }
        case QEvent::MouseMove:
            if (w == explorer_ || explorer_->isAncestorOf(w)) {
                const auto* m = static_cast<QMouseEvent*>(event);
                laser_->pointAt(laser_->mapFromGlobal(m->globalPosition().toPoint()));
            } else {
                laser_->clear();
            }
            return false;
        case QEvent::Leave:
            if (w == explorer_) laser_->clear();
            return false;
        case QEvent::Resize:
            if (w == explorer_) {
                laser_->setGeometry(explorer_->rect());
                laser_->raise();
            }
            return false;
        default:
            return false;
    }
}

}  // namespace tl::gui
