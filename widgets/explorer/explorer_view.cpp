#include "widgets/explorer/explorer_view.h"

#include <QAction>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "core/interp/compare.h"
#include "core/view/error_heat.h"
#include "core/view/geometry.h"
#include "core/view/operand_scene.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/finding_mark.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/heat_image.h"
#include "widgets/explorer/inspector.h"
#include "widgets/explorer/inspector_text.h"
#include "widgets/explorer/legend.h"
#include "widgets/explorer/operand_arrangement.h"
#include "widgets/explorer/operand_fit.h"
#include "widgets/explorer/operand_view.h"
#include "widgets/explorer/type_scale.h"
#include "widgets/kit/palette.h"

namespace tl::gui {

struct ExplorerView::HeatEntry {
    std::vector<std::int64_t> slice;
    QImage image;
    std::int64_t binRows = 1, binCols = 1;
};

namespace {

QAction* makeAction(QWidget* owner, const QString& text, const QKeySequence& key,
                    const QString& tip, bool checkable) {
    auto* a = new QAction(text, owner);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
    a->setCheckable(checkable);
    owner->addAction(a);
    return a;
}

QToolButton* buttonFor(QAction* a, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setDefaultAction(a);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::NoFocus);  // keys stay with the explorer (arrows step programs)
    return b;
}

// Iteration order: the last grid axis varies fastest.
std::vector<std::int64_t> coords_of(const std::vector<std::int64_t>& grid, std::int64_t program) {
    std::vector<std::int64_t> c(grid.size());
    for (std::size_t a = grid.size(); a-- > 0;) {
        c[a] = grid[a] > 0 ? program % grid[a] : 0;
        program = grid[a] > 0 ? program / grid[a] : 0;
    }
    return c;
}

// The program at `wanted`, each coordinate clamped to the grid.
std::int64_t clamped_program(const std::vector<std::int64_t>& grid,
                             const std::vector<std::int64_t>& wanted) {
    std::int64_t p = 0;
    for (std::size_t a = 0; a < grid.size(); ++a) {
        const std::int64_t w = a < wanted.size() ? wanted[a] : 0;
        p = p * grid[a] + std::clamp<std::int64_t>(w, 0, std::max<std::int64_t>(grid[a] - 1, 0));
    }
    return p;
}

// The operand views' area asks for the room of the inputs-above-outputs sketch whatever the
// views' arrangement, so that a new arrangement never moves the docks beside the explorer.
class OperandArea : public QWidget {
public:
    using QWidget::QWidget;
    QSize sizeHint() const override { return hint_.isValid() ? hint_ : QWidget::sizeHint(); }
    QSize minimumSizeHint() const override {
        return min_.isValid() ? min_ : QWidget::minimumSizeHint();
    }
    // Takes the layout's sizes as they are now (the views in the sketch's places).
    void keepSizes() {
        layout()->invalidate();
        hint_ = layout()->sizeHint();
        min_ = layout()->minimumSize();
        updateGeometry();
    }

private:
    QSize hint_, min_;
};

}  // namespace

ExplorerView::ExplorerView(QWidget* parent)
    : QWidget(parent),
      grid_(new QGridLayout),
      navigator_(new GridNavigator(this)),
      inspector_(new Inspector(this)),
      legend_(new LegendBar(this)),
      banner_(new QLabel(this)) {
    setObjectName(QStringLiteral("explorerView"));
    setFocusPolicy(Qt::StrongFocus);
    coverage_ = makeAction(this, QStringLiteral("Coverage"), QKeySequence(Qt::Key_C),
                           QStringLiteral("Colour every block cell by how often it is written "
                                          "(outputs) or copied in (inputs): 0, 1, 2+"),
                           true);
    heat_ = makeAction(this, QStringLiteral("Error heat map"), QKeySequence(Qt::Key_H),
                       QStringLiteral("|out − reference| per element of the outputs, after Run; "
                                      "click a bad element to select the program that wrote it"),
                       true);
    heat_->setEnabled(false);
    fit_ = makeAction(this, QStringLiteral("Fit"), QKeySequence(Qt::Key_F),
                      QStringLiteral("Show whole arrays"), false);
    addAction(navigator_->playAction());
    connect(coverage_, &QAction::toggled, this, [this](bool on) {
        for (OperandView* v : views_) v->setCoverageOverlay(on);
    });
    connect(heat_, &QAction::toggled, this, [this] {
        refreshHeat();
        refreshLegend();
    });
    connect(fit_, &QAction::triggered, this, [this] {
        for (OperandView* v : views_) v->fitToView();
    });

    banner_->setObjectName(QStringLiteral("staleBanner"));
    banner_->setText(
        QStringLiteral("The spec does not resolve; the views show the last state "
                       "that did."));
    banner_->setStyleSheet(
        QStringLiteral("color:%1;font-weight:bold;padding:2px 6px").arg(errorColour().name()));
    banner_->hide();

    QWidget* left = buildLeftPane();
    auto* hsplit = new QSplitter(Qt::Horizontal, this);
    hsplit->addWidget(left);
    hsplit->addWidget(inspector_);
    hsplit->setStretchFactor(0, 3);
    hsplit->setStretchFactor(1, 1);
    hsplit->setSizes({1100, 360});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(hsplit);

    connect(navigator_, &GridNavigator::programActivated, this,
            [this](qint64 p) { setProgram(p, true); });
    connect(inspector_, &Inspector::programLinkActivated, this,
            [this](qint64 p) { setProgram(p, true); });
    refreshLegend();
}

// The buttons and the legend above the operand views, and the navigator below them.
QWidget* ExplorerView::buildLeftPane() {
    auto* tools = new QHBoxLayout;
    tools_ = tools;
    tools->setContentsMargins(4, 2, 4, 2);
    tools->addWidget(buttonFor(coverage_, this));
    tools->addWidget(buttonFor(heat_, this));
    tools->addWidget(buttonFor(fit_, this));
    tools->addSpacing(8);
    tools->addWidget(legend_, 1);
    legendRow_ = new QHBoxLayout;
    legendRow_->setContentsMargins(4, 0, 4, 2);

    auto* operands = new OperandArea(this);
    operands->setObjectName(QStringLiteral("operandViews"));
    operands->setLayout(grid_);
    grid_->setSizeConstraint(QLayout::SetNoConstraint);  // OperandArea gives the sizes
    operands->installEventFilter(this);  // a new size may ask for another arrangement
    grid_->setContentsMargins(4, 4, 4, 4);
    grid_->setSpacing(8);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(0);
    leftLayout->addLayout(tools);
    leftLayout->addLayout(legendRow_);
    leftLayout->addWidget(banner_);
    vsplit_ = new QSplitter(Qt::Vertical, left);
    vsplit_->addWidget(operands);
    vsplit_->addWidget(navigator_);
    vsplit_->setStretchFactor(0, 4);
    vsplit_->setStretchFactor(1, 1);
    vsplit_->setSizes({640, 160});  // the operands first; scaled to the space there is
    leftLayout->addWidget(vsplit_, 1);
    // Until the user drags it, the split follows the explorer's height (the window, or
    // Present's full screen).
    connect(vsplit_, &QSplitter::splitterMoved, this, [this] { navigatorSized_ = true; });
    vsplit_->installEventFilter(this);
    return left;
}

ExplorerView::~ExplorerView() = default;

QAction* ExplorerView::playAction() const {
    return navigator_->playAction();
}

OperandView* ExplorerView::operandView(int operand) const {
    if (operand < 0 || operand >= static_cast<int>(views_.size())) return nullptr;
    return views_[static_cast<std::size_t>(operand)];
}

void ExplorerView::setSnapshot(const ExplorerSnapshot& snapshot) {
    if (snapshot.generation < snapshot_.generation) return;  // stale: never drawn
    const bool newRun = snapshot.run && snapshot.run != snapshot_.run;
    const bool newDocument = snapshot.document != snapshot_.document;
    snapshot_ = snapshot;
    if (newDocument) resetSelection();
    if (snapshot.analysis) {
        analysis_ = snapshot.analysis;
        spec_ = snapshot.recorded ? snapshot.recorded : snapshot.spec;
    }
    heatCache_.clear();
    tolerances_.clear();
    const RunResult* run = snapshot_.run.get();
    if (run && run->ok && analysis_ && spec_) {
        for (std::size_t i = 0; i < run->output_operands.size(); ++i)
            tolerances_.push_back(output_tolerance(analysis_->instance(), spec_->tolerance,
                                                   spec_->kernel ? &*spec_->kernel : nullptr, *run,
                                                   i));
    }
    heat_->setEnabled(run != nullptr && !run->references.empty());
    if (!heat_->isEnabled()) {
        heat_->setChecked(false);
    } else if (newRun) {
        heat_->setChecked(true);  // a fresh run: show what it found
    }
    rebuildViews();
    if (analysis_) {
        const qint64 n = analysis_->programs();
        const auto& grid = analysis_->instance().grid;
        if (n > 0 && wanted_.size() == grid.size()) {
            program_ = clamped_program(grid, wanted_);
        } else {  // another rank: the axes do not correspond, the program number is kept
            program_ = n > 0 ? std::clamp<qint64>(program_, 0, n - 1) : 0;
            wanted_ = coords_of(grid, program_);
        }
        navigator_->setGrid(analysis_->instance().grid, axisNames(analysis_->instance()));
        navigator_->setCurrent(n > 0 ? program_ : -1);
        fitNavigatorPane(grid);
    } else {
        // A new document that does not resolve: nothing of the previous one stays drawn.
        navigator_->setGrid({0}, {});
        navigator_->setCurrent(-1);
        inspector_->setProgramHtml(QString());
        inspector_->setElementHtml(QString());
    }
    applyMark();
    refreshScenes();
    applyStale();
}

// A grid of another shape gets a navigator pane tall enough for its rows (a 10 x 2 grid
// needs more than a 2 x 2 one), between a fifth and 35 % of the height; stepping, edits that
// keep the grid, and the user's own splitter drags are left alone.
void ExplorerView::fitNavigatorPane(const std::vector<std::int64_t>& grid) {
    if (grid == navigatorGrid_ && !navigatorFitPending_) return;
    navigatorGrid_ = grid;
    const QList<int> sizes = vsplit_->sizes();
    const int total = sizes.size() == 2 ? sizes[0] + sizes[1] : 0;
    // Before the first show the splitter has no height yet: fit once it has.
    navigatorFitPending_ = !vsplit_->isVisible() || total < 200;
    if (navigatorFitPending_) return;
    // Never less than a header and a few rows of clickable cells, while that is under 40 %.
    const int lower = std::max(total / 5, std::min(navigator_->usefulHeight(), total * 2 / 5));
    const int nav =
        std::clamp(navigator_->preferredHeight(), lower, std::max(total * 35 / 100, lower));
    vsplit_->setSizes({total - nav, nav});
}

void ExplorerView::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (navigatorFitPending_)
        QTimer::singleShot(0, this, [this] { fitNavigatorPane(navigatorGrid_); });
}

void ExplorerView::resetSelection() {
    analysis_.reset();
    spec_.reset();
    program_ = 0;
    wanted_.clear();
    hoverOp_ = markedOp_ = -1;
    hovered_.clear();
    marked_.clear();
    navigator_->setTouching({}, {});
    navigator_->clearTrail();
    clearFinding();
}

void ExplorerView::setSpecErrors(bool errors) {
    specErrors_ = errors;
    applyStale();
}

void ExplorerView::applyStale() {
    const bool stale = analysis_ && (specErrors_ || !snapshot_.analysis);
    banner_->setVisible(stale);
    for (OperandView* v : views_) v->setStale(stale);
}

void ExplorerView::showFinding(const Finding& f) {
    finding_ = f;
    applyFinding();
}

void ExplorerView::clearFinding() {
    finding_.reset();
    navigator_->setFlagged({}, {});
    for (OperandView* v : views_) v->setFindingMark({});
}

// The marks of finding_ on the views on show; a finding no longer in the audit is cleared.
void ExplorerView::applyFinding() {
    if (!finding_) return;
    if (snapshot_.audit) {
        const auto& all = snapshot_.audit->findings;
        const bool still = std::any_of(all.begin(), all.end(), [this](const Finding& g) {
            return g.kind == finding_->kind && g.operand == finding_->operand;
        });
        if (!still) {
            clearFinding();
            return;
        }
    }
    int op = -1;
    if (analysis_)
        for (std::size_t i = 0; i < analysis_->instance().operands.size(); ++i)
            if (analysis_->instance().operands[i].name == finding_->operand)
                op = static_cast<int>(i);
    std::vector<std::int64_t> programs;
    if (op >= 0 && inside(op, finding_->element))
        programs = analysis_->programs_touching(op, finding_->element);
    const OperandView* shown = operandView(op);
    const FindingMark mark =
        findingMark(*finding_, op, shown ? &shown->scene() : nullptr, std::move(programs));
    navigator_->setFlagged(mark.programs, severityColour(mark.severity));
    for (OperandView* v : views_) v->setFindingMark(v->operand() == op ? mark : FindingMark{});
}

bool ExplorerView::inside(int operand, const std::vector<std::int64_t>& element) const {
    if (!analysis_ || operand < 0) return false;
    const auto& ops = analysis_->instance().operands;
    if (static_cast<std::size_t>(operand) >= ops.size()) return false;
    const auto& shape = ops[static_cast<std::size_t>(operand)].shape;
    if (element.size() != shape.size()) return false;
    for (std::size_t d = 0; d < shape.size(); ++d)
        if (element[d] < 0 || element[d] >= shape[d]) return false;
    return true;
}

// The pinned element is drawn only while it lies inside its operand.
void ExplorerView::applyMark() {
    const bool shown = inside(markedOp_, marked_);
    for (OperandView* v : views_)
        v->setMarked(shown && v->operand() == markedOp_ ? marked_ : std::vector<std::int64_t>{});
}

void ExplorerView::rebuildViews() {
    const int n = analysis_ ? static_cast<int>(analysis_->instance().operands.size()) : 0;
    bool same = n == static_cast<int>(views_.size());
    for (int op = 0; same && op < n; ++op) {
        const auto& ro = analysis_->instance().operands[static_cast<std::size_t>(op)];
        same = views_[static_cast<std::size_t>(op)]->scene().name == ro.name &&
               views_[static_cast<std::size_t>(op)]->scene().role == ro.role;
    }
    if (same) return;
    for (OperandView* v : views_) v->deleteLater();
    views_.clear();
    hoverOp_ = markedOp_ = -1;
    hovered_.clear();
    marked_.clear();
    int inputs = 0, outputs = 0;
    for (int op = 0; op < n; ++op) {
        auto* v = new OperandView(grid_->parentWidget());
        v->setObjectName(QStringLiteral("operandView%1").arg(op));
        v->setCoverageOverlay(coverage_->isChecked());
        const bool output =
            analysis_->instance().operands[static_cast<std::size_t>(op)].role == Role::Output;
        grid_->addWidget(v, output ? 1 : 0, output ? outputs++ : inputs++);
        connect(v, &OperandView::elementHovered, this,
                [this](int o, std::vector<std::int64_t> e) { onHovered(o, e); });
        connect(v, &OperandView::elementClicked, this,
                [this](int o, std::vector<std::int64_t> e) { onClicked(o, e); });
        connect(v, &OperandView::canvasResized, this, &ExplorerView::shareScale);
        views_.push_back(v);
    }
    arrangement_ = {};
    for (int c = 0; c < grid_->columnCount(); ++c) grid_->setColumnStretch(c, 1);
    for (int r = 0; r < grid_->rowCount(); ++r) grid_->setRowStretch(r, 1);
    static_cast<OperandArea*>(grid_->parentWidget())->keepSizes();
    refreshLegend();
}

// The views in the arrangement that draws the arrays largest in the room the operand area has.
void ExplorerView::arrangeViews() {
    QWidget* area = grid_->parentWidget();
    if (views_.empty() || area->width() < 50 || area->height() < 50) return;
    std::vector<view::ElementRect> extents;
    std::vector<bool> outputs;
    for (const OperandView* v : views_) {
        extents.push_back(v->scene().extent);
        outputs.push_back(v->scene().is_output());
    }
    const QMargins m = grid_->contentsMargins();
    OperandRoom room;
    room.width = area->width() - m.left() - m.right();
    room.height = area->height() - m.top() - m.bottom();
    room.spacing = grid_->spacing();
    room.title = OperandView::kTitleHeight * type_scale();
    room.minCell = views_.front()->minimumSize();
    const OperandArrangement a = arrangeOperands(extents, outputs, room);
    if (a == arrangement_) return;
    arrangement_ = a;
    for (OperandView* v : views_) grid_->removeWidget(v);
    for (int c = 0; c < grid_->columnCount(); ++c) grid_->setColumnStretch(c, c < a.cols ? 1 : 0);
    for (int r = 0; r < grid_->rowCount(); ++r) grid_->setRowStretch(r, r < a.rows ? 1 : 0);
    for (std::size_t i = 0; i < views_.size() && i < a.cells.size(); ++i)
        grid_->addWidget(views_[i], a.cells[i].row, a.cells[i].col);
    for (int c = 0; c < a.cols; ++c) grid_->setColumnStretch(c, 1);
    for (int r = 0; r < a.rows; ++r) grid_->setRowStretch(r, 1);
}

// The legend sits beside the buttons while it fits on a line or two there; otherwise it takes
// a row of its own, so that it never eats the operands' height in a narrow panel.
void ExplorerView::placeLegend() {
    int buttons = tools_->contentsMargins().left() + tools_->contentsMargins().right();
    for (int i = 0; i < tools_->count(); ++i) {
        QLayoutItem* item = tools_->itemAt(i);
        if (item->widget() != legend_) buttons += item->sizeHint().width() + tools_->spacing();
    }
    const int beside = grid_->parentWidget()->width() - buttons;  // as wide as the operand area
    const bool own = legend_->heightFor(beside) > legend_->lineHeight() * 2;
    QHBoxLayout* target = own ? legendRow_ : tools_;
    if (target->indexOf(legend_) >= 0) return;
    legend_->setHintWidth(own ? 600 + buttons : 600);
    (own ? tools_ : legendRow_)->removeWidget(legend_);
    target->addWidget(legend_, 1);
}

bool ExplorerView::eventFilter(QObject* watched, QEvent* e) {
    if (e->type() == QEvent::Resize && watched == vsplit_ && !navigatorSized_ &&
        !navigatorFitPending_) {
        navigatorFitPending_ = true;
        QTimer::singleShot(0, this, [this] { fitNavigatorPane(navigatorGrid_); });
    }
    if (e->type() == QEvent::Resize && watched == grid_->parentWidget()) {
        placeLegend();
        arrangeViews();
    }
    return QWidget::eventFilter(watched, e);
}

void ExplorerView::selectProgram(qint64 program) {
    setProgram(program, true);
}

void ExplorerView::setProgram(qint64 program, bool notify) {
    if (!analysis_ || analysis_->programs() == 0) return;
    program = std::clamp<qint64>(program, 0, analysis_->programs() - 1);
    wanted_ = coords_of(analysis_->instance().grid, program);
    navigator_->setCurrent(program);
    if (program == program_) return;
    program_ = program;
    refreshScenes();
    if (notify) emit programSelected(program_);
}

void ExplorerView::refreshScenes() {
    if (!analysis_) return;
    auto scenes = view::build_scenes(analysis_, program_);
    // The frames walk the whole grid once per analysis; stepping only adds the current block.
    if (framed_ != analysis_) {
        framed_ = analysis_;
        frames_.clear();
        for (const view::OperandScene& s : scenes) frames_.push_back(operandFrame(*analysis_, s));
    }
    for (std::size_t op = 0; op < scenes.size() && op < frames_.size(); ++op)
        scenes[op].extent =
            scenes[op].has_block ? view::unite(frames_[op], scenes[op].window) : frames_[op];
    for (std::size_t op = 0; op < views_.size() && op < scenes.size(); ++op)
        views_[op]->setScene(std::move(scenes[op]));
    arrangeViews();
    shareScale();
    refreshHeat();
    refreshInspector();
    applyFinding();
}

int ExplorerView::outputIndex(int operand) const {
    if (!snapshot_.run) return -1;
    const auto& outs = snapshot_.run->output_operands;
    const auto it = std::find(outs.begin(), outs.end(), operand);
    return it == outs.end() ? -1 : static_cast<int>(it - outs.begin());
}

void ExplorerView::refreshHeat() {
    const RunResult* run = snapshot_.run.get();
    for (OperandView* v : views_) {
        const int i = outputIndex(v->operand());
        if (!heat_->isChecked() || !run || i < 0 ||
            static_cast<std::size_t>(i) >= run->references.size()) {
            v->setHeat({}, 1, 1);
            continue;
        }
        auto& entry = heatCache_[v->operand()];
        if (!entry || entry->slice != v->scene().slice) {
            entry = std::make_shared<HeatEntry>();
            entry->slice = v->scene().slice;
            const auto grid =
                view::build_error_heat(run->outputs[static_cast<std::size_t>(i)],
                                       run->references[static_cast<std::size_t>(i)],
                                       tolerances_[static_cast<std::size_t>(i)], entry->slice);
            entry->image = heatImage(grid, ExplorerPalette::forPalette(palette()));
            entry->binRows = grid.bin_rows;
            entry->binCols = grid.bin_cols;
        }
        v->setHeat(entry->image, entry->binRows, entry->binCols);
    }
}

void ExplorerView::shareScale() {
    std::vector<double> own;
    for (OperandView* v : views_) own.push_back(v->fitScale());
    const double common = own.empty() ? 0 : *std::min_element(own.begin(), own.end());
    for (std::size_t i = 0; i < views_.size(); ++i)
        views_[i]->setScaleCap(view::shared_scale(own[i], common));
}

void ExplorerView::refreshInspector() {
    InspectorInput in;
    in.analysis = analysis_.get();
    in.spec = spec_.get();
    in.run = snapshot_.run.get();
    in.tolerances = tolerances_;
    inspector_->setProgramHtml(programHtml(in, program_));
    const int op = hoverOp_ >= 0 ? hoverOp_ : markedOp_;
    const auto& e = hoverOp_ >= 0 ? hovered_ : marked_;
    inspector_->setElementHtml(inside(op, e) ? elementHtml(in, op, e) : QString());
}

void ExplorerView::refreshLegend() {
    LegendContent c;
    for (OperandView* v : views_)
        c.roleHues.push_back(ExplorerPalette::roleHue(v->scene().role, v->scene().role_index));
    if (analysis_)  // from the spec, not the scenes: the views may not have one yet
        for (const ResolvedOperand& op : analysis_->instance().operands) {
            c.innerStreamed = c.innerStreamed || op.streamed();
            c.innerHeld = c.innerHeld || (op.inner && !op.inner->streamed());
        }
    c.heat = heat_->isChecked();
    legend_->setContent(std::move(c));
}

void ExplorerView::onHovered(int operand, const std::vector<std::int64_t>& element) {
    hoverOp_ = element.empty() ? -1 : operand;
    hovered_ = element;
    std::vector<std::int64_t> touching;
    if (analysis_ && hoverOp_ >= 0) touching = analysis_->programs_touching(operand, element);
    const bool output =
        analysis_ && hoverOp_ >= 0 &&
        analysis_->instance().operands[static_cast<std::size_t>(operand)].role == Role::Output;
    if (output)
        navigator_->setTouching({}, std::move(touching));
    else
        navigator_->setTouching(std::move(touching), {});
    refreshInspector();
    emit elementHovered(operand, element);
}

void ExplorerView::onClicked(int operand, const std::vector<std::int64_t>& element) {
    if (!analysis_) return;
    const OperandView* v = operandView(operand);
    const int i = outputIndex(operand);
    if (v && v->heatShown() && i >= 0 &&
        static_cast<std::size_t>(i) < snapshot_.run->writers.size()) {
        // Heat map: the program whose write-back left this value.
        const auto& out = snapshot_.run->outputs[static_cast<std::size_t>(i)];
        const auto& wr = snapshot_.run->writers[static_cast<std::size_t>(i)];
        const std::int32_t visit = wr.visit_at(out.offset(element));
        mark(operand, element);
        if (visit >= 0) setProgram(wr.visits[static_cast<std::size_t>(visit)].last_program, true);
        return;
    }
    // Otherwise step through the programs touching it: the next one after the current.
    const auto progs = analysis_->programs_touching(operand, element);
    mark(operand, element);
    if (progs.empty()) return;
    const auto it = std::upper_bound(progs.begin(), progs.end(), program_);
    setProgram(it == progs.end() ? progs.front() : *it, true);
}

void ExplorerView::selectElement(int operand, const std::vector<std::int64_t>& element) {
    if (!analysis_ || !operandView(operand)) return;
    const auto progs = analysis_->programs_touching(operand, element);
    mark(operand, element);
    if (!progs.empty() && !std::binary_search(progs.begin(), progs.end(), program_))
        setProgram(progs.front(), true);
}

void ExplorerView::mark(int operand, const std::vector<std::int64_t>& element) {
    markedOp_ = operand;
    marked_ = element;
    applyMark();
    refreshInspector();
}

void ExplorerView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::PaletteChange) {
        heatCache_.clear();
        refreshHeat();
    }
    QWidget::changeEvent(e);
}

void ExplorerView::keyPressEvent(QKeyEvent* e) {
    if (!navigator_->handleKey(e)) QWidget::keyPressEvent(e);
}

}  // namespace tl::gui
