// The core's one thread pool: every index once, the first exception back in the caller, no
// work started after a failure, and one thread running in order on the caller.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/base/parallel_for.h"

namespace tl {
namespace {

TEST(ParallelFor, RunsEveryIndexExactlyOnce) {
    for (const std::size_t n : {0, 1, 2, 3, 7, 100, 1000})
        for (const int threads : {0, 1, 2, 3, 4, 8, 64}) {
            std::vector<std::atomic<int>> runs(n);
            parallel_for(n, threads, [&](std::size_t i) { ++runs[i]; });
            for (std::size_t i = 0; i < n; ++i)
                EXPECT_EQ(runs[i].load(), 1) << "n " << n << ", threads " << threads << ", i " << i;
        }
}

TEST(ParallelFor, NothingToDoCallsNothing) {
    bool called = false;
    parallel_for(0, 4, [&](std::size_t) { called = true; });
    parallel_for(0, 0, [&](std::size_t) { called = true; });
    EXPECT_FALSE(called);
}

TEST(ParallelFor, NeverMoreThreadsThanAskedOrThanIndices) {
    for (const std::size_t n : {1, 3, 50})
        for (const int threads : {1, 2, 3, 8}) {
            std::mutex lock;
            std::set<std::thread::id> ids;
            parallel_for(n, threads, [&](std::size_t) {
                std::this_thread::sleep_for(std::chrono::microseconds(200));
                const std::lock_guard guard(lock);
                ids.insert(std::this_thread::get_id());
            });
            EXPECT_LE(ids.size(), std::min<std::size_t>(n, static_cast<std::size_t>(threads)))
                << "n " << n << ", threads " << threads;
        }
}

TEST(ParallelFor, OneThreadRunsInOrderOnTheCaller) {
    const auto caller = std::this_thread::get_id();
    std::vector<std::size_t> order;
    bool on_caller = true;
    parallel_for(20, 1, [&](std::size_t i) {
        order.push_back(i);
        on_caller = on_caller && std::this_thread::get_id() == caller;
    });
    ASSERT_EQ(order.size(), 20u);
    for (std::size_t i = 0; i < order.size(); ++i) EXPECT_EQ(order[i], i);
    EXPECT_TRUE(on_caller);
}

TEST(ParallelFor, TheCallerRunsIndexZero) {
    for (int round = 0; round < 20; ++round) {
        std::thread::id zero;
        parallel_for(8, 4, [&](std::size_t i) {
            if (i == 0) zero = std::this_thread::get_id();
        });
        EXPECT_EQ(zero, std::this_thread::get_id());
    }
}

TEST(ParallelFor, AnExceptionFromAWorkerReachesTheCaller) {
    for (const int threads : {1, 2, 4, 16}) {
        std::atomic<int> ran{0};
        try {
            parallel_for(64, threads, [&](std::size_t i) {
                ++ran;
                if (i == 5) throw std::runtime_error("index 5");
            });
            ADD_FAILURE() << "no exception with " << threads << " threads";
        } catch (const std::runtime_error& e) {
            EXPECT_EQ(std::string(e.what()), "index 5");
        }
        EXPECT_GE(ran.load(), 1);
    }
}

TEST(ParallelFor, OnlyOneOfSeveralExceptionsIsRethrown) {
    // Every index throws: the threads that each catch one must not end the process.
    std::atomic<int> ran{0};
    EXPECT_THROW(parallel_for(100, 8,
                              [&](std::size_t i) {
                                  ++ran;
                                  std::this_thread::sleep_for(std::chrono::microseconds(100));
                                  throw std::out_of_range(std::to_string(i));
                              }),
                 std::out_of_range);
    EXPECT_GE(ran.load(), 1);
    EXPECT_LE(ran.load(), 8);  // each thread stops after its first failure
}

TEST(ParallelFor, ExceptionsOfAnyTypeReachTheCaller) {
    EXPECT_THROW(parallel_for(10, 3,
                              [](std::size_t i) {
                                  if (i == 9) throw 42;
                              }),
                 int);
}

TEST(ParallelFor, WorkAfterAFailureIsSkipped) {
    // On the calling thread alone, nothing after the failing index runs.
    std::vector<std::size_t> order;
    EXPECT_THROW(parallel_for(10, 1,
                              [&](std::size_t i) {
                                  order.push_back(i);
                                  if (i == 3) throw std::runtime_error("stop");
                              }),
                 std::runtime_error);
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3}));

    // On several threads, index 0 (the caller's, first) fails at once: the other threads stop
    // at their next index, long before the 10000 are done.
    std::atomic<int> ran{0};
    EXPECT_THROW(parallel_for(10000, 4,
                              [&](std::size_t i) {
                                  ++ran;
                                  if (i == 0) throw std::runtime_error("first");
                                  std::this_thread::sleep_for(std::chrono::milliseconds(1));
                              }),
                 std::runtime_error);
    EXPECT_LT(ran.load(), 1000);
}

TEST(ParallelFor, HardwareThreadsIsAtLeastOne) {
    EXPECT_GE(hardware_threads(), 1);
}

}  // namespace
}  // namespace tl
