#include "widgets/timings/candidate_categories.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <string>
#include <tuple>

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

// A record's place in problem order: per param key (in `keys`' order) whether it lacks it,
// then its value as a number or, for other values, as JSON text.
using ProblemSortKey = std::vector<std::tuple<bool, double, std::string>>;

ProblemSortKey problem_sort_key(const TimingRecord& r, const std::vector<std::string>& keys) {
    ProblemSortKey key;
    for (const auto& k : keys) {
        const auto it = r.params.is_object() ? r.params.find(k) : r.params.end();
        if (it == r.params.end())
            key.emplace_back(true, 0.0, std::string());
        else if (it->is_number())
            key.emplace_back(false, it->get<double>(), std::string());
        else
            key.emplace_back(false, std::numeric_limits<double>::infinity(), it->dump());
    }
    return key;
}

}  // namespace

void order_by_problem(const std::vector<TimingRecord>& records, CandidateCategories& categories,
                      bool by_kernel) {
    std::vector<std::string> keys;  // every param key, in the order first seen
    for (std::size_t i : categories.first_record)
        if (records[i].params.is_object())
            for (const auto& [k, v] : records[i].params.items())
                if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
    const std::size_t n = categories.first_record.size();
    std::vector<std::pair<std::string, ProblemSortKey>> sort_keys;
    for (std::size_t i : categories.first_record) {
        const TimingRecord& r = records[i];
        sort_keys.emplace_back(by_kernel ? r.kernel.value_or(r.label) : std::string(),
                               problem_sort_key(r, keys));
    }
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return sort_keys[a] < sort_keys[b]; });
    std::vector<int> renumber(n);
    std::vector<std::size_t> first;
    for (std::size_t to = 0; to < n; ++to) {
        renumber[order[to]] = int(to);
        first.push_back(categories.first_record[order[to]]);
    }
    for (int& c : categories.category_of)
        if (c >= 0) c = renumber[std::size_t(c)];
    categories.first_record = std::move(first);
}

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
