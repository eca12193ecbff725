#pragma once
// The real window of the GUI smoke tests, shown on the X server ctest runs them under, with
// what the tests wait for and check on it.
#include <gtest/gtest.h>

#include <QApplication>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <string>
#include <thread>

#include "core/audit/audit.h"
#include "widgets/document/spec_document.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/kit/job_tracker.h"
#include "widgets/mainwindow/main_window.h"

namespace tl::smoke {

inline const QString kSource = QStringLiteral(TILELENS_SOURCE_DIR);

inline QString example(const char* name) {
    return kSource +
           QStringLiteral("/resources/examples/%1.tilelens.json").arg(QLatin1String(name));
}

template <class F>
bool waitUntil(F done, int ms = 60000) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (!done()) {
        if (std::chrono::steady_clock::now() > until) return false;
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

struct SmokeWindow {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    gui::MainWindow w{&settings};

    SmokeWindow() {
        w.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&w));
    }
    bool settled() {
        return waitUntil([&] { return !w.document()->isAnalysing() && !w.task()->running(); });
    }
    QString badge() const { return w.findChild<QLabel*>(QStringLiteral("verdict"))->text(); }
    // What the badge must say for the document on show.
    QString expected() const {
        const gui::ExplorerSnapshot& s = w.document()->snapshot();
        if (!w.document()->diagnostics().empty()) return QStringLiteral("SPEC ERRORS");
        if (!s.audit) return {};
        return QString::fromStdString(std::string(to_string(s.audit->verdict))).toUpper();
    }
    void expectCurrent(const char* where) {
        ASSERT_TRUE(settled()) << where;
        EXPECT_EQ(badge(), expected()) << where;
        EXPECT_EQ(w.explorer()->snapshot().generation, w.document()->generation()) << where;
    }
};

}  // namespace tl::smoke
