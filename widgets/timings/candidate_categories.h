#pragma once
// The x axis of the candidates chart: one category per distinct candidate (its params, in
// any key order; its kernel's name when it has none), capped so that labels stay readable. Plain
// C++.
#include <cstddef>
#include <vector>

#include "core/timings/record.h"

namespace tl::gui {

// More categories than this and the labels cannot be read: the chart keeps the fastest.
inline constexpr std::size_t kMaxCandidateCategories = 40;

struct CandidateCategories {
    std::vector<int> category_of;           // per record; -1 when not on the chart
    std::vector<std::size_t> first_record;  // per category: the record that named it
    std::size_t total = 0;                  // distinct candidates before the cap
};

// Groups `records[indices]` into categories in the order first seen. Past `max`, keeps the
// `max` categories with the lowest median of any of their records (failed and untimed ones
// last), still in the order first seen.
// With `by_kernel`, records of different kernels are never one category (charting every
// kernel at once: twenty benchmarks that share `arg0=1` stay twenty candidates).
CandidateCategories candidate_categories(const std::vector<TimingRecord>& records,
                                         const std::vector<std::size_t>& indices,
                                         std::size_t max = kMaxCandidateCategories,
                                         bool by_kernel = false);

// Puts the categories in problem order: by kernel (with `by_kernel`), then by each param in
// numeric order where both are numbers (input_size 500 before 4000), records without a param
// after those with it; equal problems keep the order first seen.
void order_by_problem(const std::vector<TimingRecord>& records, CandidateCategories& categories,
                      bool by_kernel);

}  // namespace tl::gui
