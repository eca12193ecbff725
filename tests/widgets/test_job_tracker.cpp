// The job lane every background computation of the window runs on: the newest job's result
// is delivered, a superseded one's never; Refuse, Replace and Queue decide what a start does
// while a job runs; progress is polled and cancel reaches the job.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "test_util.h"
#include "widgets/kit/job_tracker.h"

using namespace tl::gui;

namespace {

// A job that waits until `open` is set (or it is cancelled), then returns `value`.
JobTracker::Work gated(std::atomic<bool>& open, int value, std::vector<int>& delivered,
                       std::atomic<int>* ran = nullptr) {
    return [&open, value, &delivered, ran](JobControl& control) -> JobTracker::Deliver {
        if (ran) ++*ran;
        while (!open.load() && !control.cancelled()) std::this_thread::yield();
        return [value, &delivered](bool) { delivered.push_back(value); };
    };
}

TEST(JobTracker, RefuseTurnsAwayAStartWhileAJobRuns) {
    JobTracker lane(JobTracker::WhenBusy::Refuse);
    std::atomic<bool> open{false};
    std::vector<int> delivered;
    EXPECT_NE(lane.start(QStringLiteral("a"), 1, gated(open, 1, delivered)), 0u);
    EXPECT_EQ(lane.start(QStringLiteral("b"), 2, gated(open, 2, delivered)), 0u);
    EXPECT_EQ(lane.generation(), 1u);
    open = true;
    ASSERT_TRUE(lane.waitForIdle());
    EXPECT_EQ(delivered, std::vector<int>{1});
}

TEST(JobTracker, ReplaceCancelsTheRunningJobAndDropsItsResult) {
    JobTracker lane(JobTracker::WhenBusy::Replace);
    std::atomic<bool> never{false}, open{true};
    std::vector<int> delivered;
    std::vector<std::pair<quint64, bool>> ended;
    QObject::connect(&lane, &JobTracker::finished,
                     [&](quint64 id, bool, bool applied) { ended.emplace_back(id, applied); });
    const quint64 a = lane.start(QStringLiteral("a"), 1, gated(never, 1, delivered));
    const quint64 b = lane.start(QStringLiteral("b"), 2, gated(open, 2, delivered));
    EXPECT_TRUE(lane.cancelRequested()) << "the running job was told to stop";
    ASSERT_TRUE(lane.waitForIdle());
    EXPECT_EQ(delivered, std::vector<int>{2}) << "the superseded result never arrives";
    ASSERT_EQ(ended.size(), 2u);
    EXPECT_EQ(ended[0], std::make_pair(a, false));
    EXPECT_EQ(ended[1], std::make_pair(b, true));
    EXPECT_EQ(lane.generation(), 2u);
}

TEST(JobTracker, QueueKeepsOnlyTheNewestWaitingJob) {
    JobTracker lane(JobTracker::WhenBusy::Queue);
    std::atomic<bool> open{false};
    std::atomic<int> ran_b{0}, ran_c{0};
    std::vector<int> delivered;
    lane.start(QStringLiteral("a"), 1, gated(open, 1, delivered));
    lane.start(QStringLiteral("b"), 2, gated(open, 2, delivered, &ran_b));
    lane.start(QStringLiteral("c"), 3, gated(open, 3, delivered, &ran_c));
    EXPECT_FALSE(lane.cancelRequested()) << "Queue lets the running job finish";
    open = true;
    ASSERT_TRUE(lane.waitForIdle());
    EXPECT_EQ(ran_b.load(), 0) << "a waiting job replaced by a newer one never runs";
    EXPECT_EQ(ran_c.load(), 1);
    EXPECT_EQ(delivered, std::vector<int>{3}) << "generation 1 is stale once 3 was asked for";
}

TEST(JobTracker, ReportsProgressAndDeliversACancelledJobAsCancelled) {
    JobTracker lane(JobTracker::WhenBusy::Refuse);
    std::atomic<bool> reported{false};
    std::vector<qint64> seen;
    QObject::connect(&lane, &JobTracker::progress, [&](qint64 done, qint64 total) {
        if (total == 10) seen.push_back(done);
    });
    bool cancelled = false;
    lane.start(QStringLiteral("long"), 1, [&](JobControl& control) -> JobTracker::Deliver {
        control.report(4, 10);
        reported = true;
        while (!control.cancelled()) std::this_thread::yield();
        return [&cancelled](bool c) { cancelled = c; };
    });
    ASSERT_TRUE(tl::test::wait_until([&] { return reported.load() && !seen.empty(); }));
    EXPECT_EQ(seen.back(), 4);
    lane.cancel();
    ASSERT_TRUE(lane.waitForIdle());
    EXPECT_TRUE(cancelled) << "a cancelled job's partial result is delivered, marked";
}

}  // namespace
