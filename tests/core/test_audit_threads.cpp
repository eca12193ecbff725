// How the audit shares the cores between its sweep cases and each case's numerics.
#include <gtest/gtest.h>

#include "core/audit/detail/audit_detail.h"

namespace tl {
namespace {

AuditOptions with_jobs(int jobs) {
    AuditOptions o;
    o.jobs = jobs;
    return o;
}

TEST(AuditThreads, ASingleCaseGivesItsNumericsEveryJob) {
    EXPECT_EQ(numerics_jobs(1, with_jobs(4)), 4);
    EXPECT_EQ(numerics_jobs(1, with_jobs(1)), 1);
    EXPECT_GE(numerics_jobs(1, with_jobs(0)), 1);
}

TEST(AuditThreads, CasesThatKeepEveryWorkerBusyRunTheirNumericsOnOneThread) {
    EXPECT_EQ(numerics_jobs(7, with_jobs(2)), 1);
    EXPECT_EQ(numerics_jobs(2, with_jobs(2)), 1);
    EXPECT_EQ(numerics_jobs(40, with_jobs(0)), 1);
}

TEST(AuditThreads, FewerCasesThanJobsShareTheRest) {
    EXPECT_EQ(numerics_jobs(2, with_jobs(4)), 2);
    EXPECT_EQ(numerics_jobs(3, with_jobs(8)), 2);
    // Never more threads in all than jobs.
    for (std::size_t cases = 1; cases < 10; ++cases)
        for (int jobs = 1; jobs < 10; ++jobs)
            EXPECT_LE(static_cast<int>(std::min<std::size_t>(cases, jobs)) *
                          numerics_jobs(cases, with_jobs(jobs)),
                      jobs)
                << cases << " cases, " << jobs << " jobs";
}

}  // namespace
}  // namespace tl
