#pragma once
// Helpers shared by the widget suites.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>
#include <ostream>

#include "widgets/document/spec_document.h"

// Readable QStrings in test failure messages.
inline void PrintTo(const QString& s, std::ostream* os) {
    *os << '"' << s.toStdString() << '"';
}

namespace tl::test {

inline QString example_file(const char* name) {
    return QStringLiteral(TILELENS_SOURCE_DIR "/resources/examples/") + QString::fromUtf8(name) +
           QStringLiteral(".tilelens.json");
}

// Runs the event loop until `done()` or `ms` passed; returns done().
template <class Pred>
bool wait_until(Pred done, int ms = 20000) {
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 10);
    return done();
}

// Waits until the document's newest edit has been analysed.
inline bool settle(const gui::SpecDocument& doc) {
    return wait_until([&] { return !doc.isAnalysing(); });
}

}  // namespace tl::test
