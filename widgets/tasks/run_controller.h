#pragma once
// Run: interprets the kernel of the newest snapshot in the background and attaches the run
// and its numerics to that snapshot (dropped when the spec was edited meanwhile).
#include <QObject>
#include <memory>

#include "core/interp/numerics.h"

namespace tl::gui {

class JobTracker;
class SpecDocument;

class RunController : public QObject {
    Q_OBJECT
public:
    RunController(SpecDocument* document, JobTracker* task, QObject* parent = nullptr);

    // Starts a run; false (with a message) when there is nothing to run or a job is running.
    bool start();

signals:
    void message(const QString& text);  // for the log and the status bar
    void finished(bool attached);

private:
    struct Outcome {
        std::shared_ptr<RunResult> run;
        std::shared_ptr<NumericsResult> numerics;
        quint64 generation = 0;
    };
    void onFinished(const Outcome& outcome, bool cancelled);

    SpecDocument* document_;
    JobTracker* task_;
    bool running_ = false;
};

}  // namespace tl::gui
