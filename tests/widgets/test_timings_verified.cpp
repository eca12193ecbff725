// What the import dialog adds to the files it opens (docs/timings.md, "The rule of evidence",
// "The decision" and "Devices and targets"): "I checked the outputs on the target" with its
// note, the records table's verification and note, the provisional decision's badge, and the
// target of the records whose file names none.
#include <gtest/gtest.h>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTimer>

#include "timings_test_util.h"
#include "widgets/timings/end_to_end_panel.h"
#include "widgets/timings/import_dialog.h"
#include "widgets/timings/timings_panel.h"
#include "widgets/timings/timings_records_model.h"

using namespace tl;
using namespace tl::gui;
using namespace timings_test;

namespace {

const QString kNote = QStringLiteral("outputs compared with jnp reference on v5e, A. Author");

// The real tokamax autotuning cache of ragged_dot on TPU v5e: three configs, no baseline.
QString tokamaxV5e() {
    return q(golden("real/tpu_v5_lite/pallas_mosaic_tpu_ragged_dot.json"));
}

// Imports through the File/Import dialog as a person would: the file chosen, the box ticked
// (or not) and the note typed, the target for records that name none chosen, then Open.
bool importThroughDialog(TimingsPanel& panel, const QString& file,
                         const std::optional<QString>& note,
                         const QString& fillTarget = QString()) {
    QObject::connect(
        &panel, &TimingsPanel::importDialogOpened, &panel,
        [file, note, fillTarget](TimingsImportDialog* dialog) {
            QTimer::singleShot(0, dialog, [dialog, file, note, fillTarget] {
                dialog->selectFile(file);
                dialog->verifiedBox()->setChecked(note.has_value());
                if (note) dialog->noteEdit()->setText(*note);
                if (!fillTarget.isEmpty())
                    dialog->fillTargetBox()->setCurrentIndex(
                        dialog->fillTargetBox()->findData(fillTarget));
                dialog->accept();
            });
        },
        Qt::SingleShotConnection);
    QSignalSpy done(&panel, &TimingsPanel::importFinished);
    panel.importAction()->trigger();
    return panel.waitForImport() && (done.count() == 1 || done.wait(10000));
}

// A TileLens CSV of `rows` (under the format's header) in the temporary folder; empty when it
// cannot be written.
QString tempCsv(const char* name, const char* rows) {
    const QString path = QDir::temp().filePath(QString::fromUtf8(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(
        "# tilelens-timings/1\n"
        "kernel,impl,target,params,n,median_s,min_s,max_s,method,source,verified\n");
    f.write(rows);
    return path;
}

QString cell(const TimingsPanel& panel, int row, int column) {
    const auto* m = panel.recordsModel();
    return m->data(m->index(row, column)).toString();
}

}  // namespace

TEST(TimingsVerified, TheDialogAsksForANoteWhenTheBoxIsTicked) {
    TimingsImportDialog dialog;
    EXPECT_EQ(dialog.verifiedBox()->text(), QStringLiteral("I checked the outputs on the target"));
    EXPECT_FALSE(dialog.noteEdit()->isEnabled());
    EXPECT_FALSE(dialog.verifiedNote());
    dialog.verifiedBox()->setChecked(true);
    EXPECT_TRUE(dialog.noteEdit()->isEnabled());
    dialog.noteEdit()->setText(QStringLiteral("   "));
    dialog.selectFile(tokamaxV5e());
    dialog.accept();  // ticked without a note: refused, with the reason under the note
    EXPECT_NE(dialog.result(), QDialog::Accepted);
    EXPECT_FALSE(dialog.findChild<QLabel*>(QStringLiteral("verifiedNoteError"))->isHidden());
    dialog.noteEdit()->setText(QStringLiteral("  ") + kNote + QStringLiteral(" "));
    EXPECT_EQ(dialog.verifiedNote(), kNote);
    EXPECT_TRUE(dialog.findChild<QLabel*>(QStringLiteral("verifiedNoteError"))->isHidden());
}

TEST(TimingsVerified, WithoutTheBoxTheDecisionIsProvisionalAndSaysSo) {
    TimingsPanel panel;
    ASSERT_TRUE(importThroughDialog(panel, tokamaxV5e(), std::nullopt));
    ASSERT_EQ(panel.recordsModel()->rowCount(), 3);
    const Decision& d = panel.view().decision;
    ASSERT_TRUE(d.best);
    EXPECT_TRUE(d.provisional);
    EXPECT_TRUE(panel.endToEnd()->stateText().startsWith(QStringLiteral("PROVISIONAL")))
        << panel.endToEnd()->stateText().toStdString();
    EXPECT_TRUE(panel.endToEnd()->stateText().contains(QStringLiteral("3 unverified")));
    EXPECT_TRUE(panel.endToEnd()->decisionText().startsWith(QStringLiteral("Provisional: ")));
    const int best = static_cast<int>(*d.best);
    EXPECT_EQ(cell(panel, best, TimingsRecordsModel::DecisionColumn),
              QStringLiteral("best candidate (provisional)"));
    EXPECT_EQ(cell(panel, best, TimingsRecordsModel::ProvenanceColumn),
              QStringLiteral("measured (tpu-v5e), unverified"));
}

TEST(TimingsVerified, TheBoxAndNoteMakeItFinalAndTheTableKeepsTheNote) {
    TimingsPanel panel;
    ASSERT_TRUE(importThroughDialog(panel, tokamaxV5e(), kNote));
    ASSERT_EQ(panel.recordsModel()->rowCount(), 3);
    const Decision& d = panel.view().decision;
    ASSERT_TRUE(d.best);
    EXPECT_FALSE(d.provisional);
    EXPECT_TRUE(panel.endToEnd()->stateText().startsWith(QStringLiteral("FINAL")));
    EXPECT_FALSE(panel.endToEnd()->decisionText().contains(QStringLiteral("Provisional")));
    const auto* m = panel.recordsModel();
    for (int row = 0; row < 3; ++row) {
        EXPECT_EQ(cell(panel, row, TimingsRecordsModel::ProvenanceColumn),
                  QStringLiteral("measured (tpu-v5e), verified (attested)"));
        const QString tip =
            m->data(m->index(row, TimingsRecordsModel::ProvenanceColumn), Qt::ToolTipRole)
                .toString();
        EXPECT_TRUE(tip.contains(kNote)) << tip.toStdString();
    }
    EXPECT_EQ(cell(panel, static_cast<int>(*d.best), TimingsRecordsModel::DecisionColumn),
              QStringLiteral("best candidate"));

    // The same file again without the box: its records are replaced, provisional again.
    ASSERT_TRUE(importThroughDialog(panel, tokamaxV5e(), std::nullopt));
    EXPECT_TRUE(panel.view().decision.provisional);
}

TEST(TimingsVerified, AFilesOwnFalseRowsStayUnverifiedWithAWarning) {
    const QString csv =
        tempCsv("tilelens_verified_false.csv",
                "mm,pallas,tpu-v5e,bm=128,5,1e-3,1e-3,1e-3,device-profiler,measured,\n"
                "mm,pallas,tpu-v5e,bm=256,5,5e-4,5e-4,5e-4,device-profiler,measured,false\n");
    ASSERT_FALSE(csv.isEmpty());
    TimingsPanel panel;
    ASSERT_TRUE(importThroughDialog(panel, csv, kNote));
    const QStringList warnings = panel.warningLines();
    EXPECT_EQ(warnings.filter(QStringLiteral("--verified does not override")).size(), 1)
        << warnings.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(cell(panel, 1, TimingsRecordsModel::ProvenanceColumn),
              QStringLiteral("measured (tpu-v5e), check failed"));
    const Decision& d = panel.view().decision;
    ASSERT_TRUE(d.best);
    EXPECT_EQ(*d.best, 0u);  // the faster row failed its check: never used
    EXPECT_FALSE(d.provisional);
    QFile::remove(csv);
}

TEST(TimingsVerified, TheDialogsTargetFillsTheRecordsThatNameNoneAndSaysSo) {
    TimingsImportDialog dialog(nullptr, std::string("tpu-v5e"));
    QComboBox* box = dialog.fillTargetBox();
    EXPECT_FALSE(dialog.fillTarget());  // the default fills nothing
    EXPECT_TRUE(box->itemText(1).endsWith(QStringLiteral("the open spec's")))
        << box->itemText(1).toStdString();
    EXPECT_EQ(box->itemData(1).toString(), QStringLiteral("tpu-v5e"));
    EXPECT_EQ(box->findData(QStringLiteral("interpret")), -1);
    EXPECT_EQ(box->findData(QStringLiteral("tpu-v5e"), Qt::UserRole), 1);  // offered once

    const QString csv =
        tempCsv("tilelens_fill_target.csv",
                "mm,pallas,,bm=128,5,1e-3,1e-3,1e-3,device-profiler,measured,\n"
                "mm,pallas,tpu-v6e,bm=256,5,5e-4,5e-4,5e-4,device-profiler,measured,\n");
    ASSERT_FALSE(csv.isEmpty());
    TimingsPanel panel;
    ASSERT_TRUE(importThroughDialog(panel, csv, std::nullopt, QStringLiteral("tpu-v5e")));
    ASSERT_EQ(panel.recordsModel()->rowCount(), 2);
    EXPECT_EQ(cell(panel, 0, TimingsRecordsModel::TargetColumn), QStringLiteral("tpu-v5e"));
    EXPECT_EQ(cell(panel, 1, TimingsRecordsModel::TargetColumn), QStringLiteral("tpu-v6e"));
    const QString warnings = panel.warningLines().join(QLatin1Char('\n'));
    EXPECT_TRUE(warnings.contains(
        QStringLiteral("the import dialog's target tpu-v5e given to 1 record of 2")))
        << warnings.toStdString();
    EXPECT_TRUE(warnings.contains(QStringLiteral("choose no target in the import dialog")))
        << warnings.toStdString();
    QFile::remove(csv);
}
