#include "widgets/editor/spec_editor.h"

#include <QApplication>
#include <QLabel>
#include <QVBoxLayout>

#include "widgets/document/spec_document.h"
#include "widgets/editor/grid_section.h"
#include "widgets/editor/kernel_section.h"
#include "widgets/editor/meta_section.h"
#include "widgets/editor/operands_section.h"
#include "widgets/editor/params_section.h"
#include "widgets/editor/python_section.h"
#include "widgets/editor/target_section.h"
#include "widgets/editor/wavy_line.h"
#include "widgets/editor/wheel_guard.h"
#include "widgets/kit/palette.h"

namespace tl::gui {

SpecEditor::SpecEditor(SpecDocument* document, QWidget* parent)
    : QScrollArea(parent),
      document_(document),
      banner_(new QLabel(this)),
      operands_(new OperandsSection(document, this)),
      params_(new ParamsSection(document, this)) {
    setObjectName(QStringLiteral("specEditor"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);  // never clipped unseen
    guard_field_wheels();  // a wheel over the editor scrolls it, never edits a field

    banner_->setObjectName(QStringLiteral("editorBanner"));
    banner_->setWordWrap(true);
    banner_->setMargin(6);
    banner_->setStyleSheet(QStringLiteral("QLabel { border: 1px solid %1; border-radius: 3px; }")
                               .arg(errorColour().name()));
    banner_->hide();

    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(banner_);
    auto* grid = new GridSection(document, content);
    auto* kernel = new KernelSection(document, content);
    sections_ = {new MetaSection(document, content),
                 params_,
                 new PythonSection(document, content),
                 grid,
                 operands_,
                 kernel,
                 new TargetSection(document, content)};
    // A Python kernel's grid, operands and body come from its file (the Python section).
    written_ = {grid, operands_, kernel};
    for (EditorSection* s : sections_) {
        s->setParent(content);
        layout->addWidget(s);
    }
    layout->addStretch(1);
    setWidget(content);

    connect(document_, &SpecDocument::specChanged, this, [this](const SpecChange& change) {
        for (EditorSection* s : sections_) s->refresh(change);
        for (EditorSection* s : written_) s->setVisible(!document_->spec().python);
    });
    connect(document_, &SpecDocument::diagnosticsChanged, this, &SpecEditor::showDiagnostics);
    connect(document_, &SpecDocument::snapshotReady, this, [this](const ExplorerSnapshot& snap) {
        for (EditorSection* s : sections_) s->showSnapshot(snap);
    });
    for (EditorSection* s : sections_) s->refresh(SpecChange::all());
    for (EditorSection* s : written_) s->setVisible(!document_->spec().python);
    // Keystrokes in one field merge into one undo step until the focus moves on.
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance()))
        focusChanged_ =
            connect(app, &QApplication::focusChanged, this, [this] { document_->endEditStep(); });
}

SpecEditor::~SpecEditor() {
    disconnect(focusChanged_);
}

void SpecEditor::showDiagnostics() {
    const Diagnostics& d = document_->diagnostics();
    for (EditorSection* s : sections_) s->showDiagnostics(d);
    banner_->setVisible(!d.empty());
    // A document opened with its mistakes has no valid state yet.
    banner_->setText(document_->snapshot().spec
                         ? tr("%n error(s) in the spec. The views show the last valid state "
                              "until they are fixed.",
                              nullptr, static_cast<int>(d.size()))
                         : tr("%n error(s) in the spec. Nothing is drawn until they are fixed.",
                              nullptr, static_cast<int>(d.size())));
}

bool SpecEditor::focusPath(const std::string& path) {
    for (EditorSection* s : sections_)
        if (s->focusPath(path)) {
            ensureWidgetVisible(s);
            return true;
        }
    return false;
}

}  // namespace tl::gui
