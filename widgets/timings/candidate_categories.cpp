#include "widgets/timings/candidate_categories.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <string>

namespace tl::gui {
namespace {

// Equal for equal params in any key order; a record without params is known by its kernel.
std::string category_key(const TimingRecord& r, bool by_kernel) {
    const std::string name = r.kernel.value_or(r.label);
    if (!r.params.is_object() || r.params.empty()) return "\x01" + name;
    std::map<std::string, std::string> sorted;
    for (const auto& [k, v] : r.params.items()) sorted[k] = v.dump();
    std::string key = by_kernel ? name + '\x04' : std::string();
    for (const auto& [k, v] : sorted) key += k + '\x02' + v + '\x03';
    return key;
}

double best_time(const TimingRecord& r) {
    if (r.status == TimingStatus::Ok && r.median_s) return *r.median_s;
    return std::numeric_limits<double>::infinity();
}

}  // namespace

CandidateCategories candidate_categories(const std::vector<TimingRecord>& records,
                                         const std::vector<std::size_t>& indices, std::size_t max,
                                         bool by_kernel) {
    CandidateCategories out;
    out.category_of.assign(records.size(), -1);
    std::map<std::string, int> by_key;
    std::vector<double> fastest;
    for (std::size_t i : indices) {
        const auto [it, added] =
            by_key.emplace(category_key(records[i], by_kernel), int(out.first_record.size()));
        if (added) {
            out.first_record.push_back(i);
            fastest.push_back(std::numeric_limits<double>::infinity());
        }
        out.category_of[i] = it->second;
        fastest[std::size_t(it->second)] =
            std::min(fastest[std::size_t(it->second)], best_time(records[i]));
    }
    out.total = out.first_record.size();
    if (out.total <= max) return out;

    std::vector<std::size_t> order(out.total);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return fastest[a] < fastest[b]; });
    std::vector<bool> kept(out.total, false);
    for (std::size_t k = 0; k < max; ++k) kept[order[k]] = true;
    std::vector<int> renumber(out.total, -1);
    std::vector<std::size_t> first;
    for (std::size_t c = 0; c < out.total; ++c)
        if (kept[c]) {
            renumber[c] = int(first.size());
            first.push_back(out.first_record[c]);
        }
    for (int& c : out.category_of)
        if (c >= 0) c = renumber[std::size_t(c)];
    out.first_record = std::move(first);
    return out;
}

}  // namespace tl::gui
