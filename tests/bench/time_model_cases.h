#pragma once
// Published kernel times to hold the planner's time model against (tests/bench/data/
// time_model_cases.txt, sources in its .source.md): each row as a spec of the same problem and
// tiling, and the rank statistics the benchmark prints for a table of tunings.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace tl::bench {

struct TimeModelCase {
    std::string set, table, target, body;
    std::int64_t n[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int copies = 0;  // 1: the timed operation also copies every operand once around the kernel
    double measured_s = 0;
    int line = 0;
};

// The rows of `path`; a malformed line is reported in `errors` with its number and skipped.
inline std::vector<TimeModelCase> read_time_model_cases(const std::string& path,
                                                        std::vector<std::string>& errors) {
    std::vector<TimeModelCase> rows;
    std::ifstream in(path);
    if (!in) errors.push_back(path + ": cannot be read");
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#') continue;
        std::istringstream fields(text);
        TimeModelCase c;
        c.line = line;
        fields >> c.set >> c.table >> c.target >> c.body;
        for (auto& v : c.n) fields >> v;
        fields >> c.copies >> c.measured_s;
        if (!fields || c.measured_s <= 0 || c.copies < 0 || c.copies > 1)
            errors.push_back(path + ":" + std::to_string(line) +
                             ": expected 'set table target body' then eight whole numbers, "
                             "copies (0 or 1) and a positive time in seconds");
        else
            rows.push_back(c);
    }
    return rows;
}

inline nlohmann::json time_model_operand(const std::string& name, const std::string& role,
                                         nlohmann::json shape, nlohmann::json block,
                                         const std::string& map) {
    return {{"name", name},        {"role", role},         {"shape", shape},
            {"dtype", "bfloat16"}, {"block_shape", block}, {"index_map", map}};
}

// A GPU program owns its output tile and walks the whole contraction (K, or the keys) in
// inner steps, n7 at a time with n8 tiles in flight: the grid has no axis over it.
inline bool time_model_on_gpu(const TimeModelCase& c) {
    return c.target.rfind("gpu", 0) == 0;
}

inline nlohmann::json inner_tile(nlohmann::json tile, std::int64_t buffers) {
    nlohmann::json j = {{"tile", std::move(tile)}};
    if (buffers > 0) j["buffers"] = buffers;
    return j;
}

inline nlohmann::json time_model_matmul(const TimeModelCase& c, bool gpu) {
    nlohmann::json j;
    j["params"] = {{"M", c.n[0]},  {"N", c.n[1]},  {"K", c.n[2]}, {"bm", c.n[3]},
                   {"bn", c.n[4]}, {"bk", c.n[5]}, {"tk", c.n[6]}};
    if (gpu) {
        j["grid"] = {"cdiv(M, bm)", "cdiv(N, bn)"};
        auto x = time_model_operand("x", "input", {"M", "K"}, {"bm", "K"}, "lambda i, j: (i, 0)");
        auto y = time_model_operand("y", "input", {"K", "N"}, {"K", "bn"}, "lambda i, j: (0, j)");
        x["inner"] = inner_tile({nullptr, "tk"}, c.n[7]);
        y["inner"] = inner_tile({"tk", nullptr}, c.n[7]);
        // The result leaves through the pipeline's own memory once the K loop is done, so
        // the output is no pipelined block of its own.
        j["operands"] = {x,
                         y,
                         {{"name", "o"},
                          {"role", "output"},
                          {"shape", {"M", "N"}},
                          {"dtype", "bfloat16"},
                          {"memory_space", "any"}}};
        j["dimension_semantics"] = {"parallel", "parallel"};
        j["kernel"] = {{"body", "matmul"}};
        return j;
    }
    j["grid"] = {"cdiv(M, bm)", "cdiv(N, bn)", "cdiv(K, bk)"};
    j["operands"] = {
        time_model_operand("x", "input", {"M", "K"}, {"bm", "bk"}, "lambda i, j, k: (i, k)"),
        time_model_operand("y", "input", {"K", "N"}, {"bk", "bn"}, "lambda i, j, k: (k, j)"),
        time_model_operand("o", "output", {"M", "N"}, {"bm", "bn"}, "lambda i, j, k: (i, j)")};
    j["dimension_semantics"] = {"parallel", "parallel", "arbitrary"};
    j["kernel"] = {{"body", "matmul"}, {"reduction_axis", 2}};
    return j;
}

// Flash attention over [batch x heads, S, D]. On TPU the grid walks the keys innermost (a
// reduction) and each key block is computed n7 rows at a time (block_kv_compute); on a GPU
// one program holds its queries and streams every key through n8 tiles of n7.
inline nlohmann::json time_model_attention(const TimeModelCase& c, bool gpu) {
    nlohmann::json j;
    j["params"] = {{"B", c.n[0]},  {"S", c.n[1]},  {"T", c.n[2]}, {"D", c.n[3]},
                   {"bq", c.n[4]}, {"bk", c.n[5]}, {"tk", c.n[6]}};
    const std::string q_map = gpu ? "lambda b, i: (b, i, 0)" : "lambda b, i, t: (b, i, 0)";
    const std::string kv_map = gpu ? "lambda b, i: (b, 0, 0)" : "lambda b, i, t: (b, t, 0)";
    auto k = time_model_operand("k", "input", {"B", "T", "D"}, {1, "bk", "D"}, kv_map);
    auto v = time_model_operand("v", "input", {"B", "T", "D"}, {1, "bk", "D"}, kv_map);
    const std::int64_t buffers = gpu ? c.n[7] : 0;
    if (gpu || c.n[6] < c.n[5]) {
        k["inner"] = inner_tile({nullptr, "tk", nullptr}, buffers);
        v["inner"] = inner_tile({nullptr, "tk", nullptr}, buffers);
    }
    auto o = time_model_operand("o", "output", {"B", "S", "D"}, {1, "bq", "D"}, q_map);
    if (gpu) {  // the GPU kernels store the result from registers, not through a block
        o.erase("block_shape");
        o.erase("index_map");
        o["memory_space"] = "any";
    }
    j["operands"] = {time_model_operand("q", "input", {"B", "S", "D"}, {1, "bq", "D"}, q_map), k, v,
                     o};
    if (gpu) {
        j["grid"] = {"B", "cdiv(S, bq)"};
        j["dimension_semantics"] = {"parallel", "parallel"};
        j["kernel"] = {{"body", "attention"}};
        return j;
    }
    j["grid"] = {"B", "cdiv(S, bq)", "cdiv(T, bk)"};
    // Batch (and head) and query blocks are independent, the key axis a reduction: the
    // semantics the kernels give, which decide whether a megacore chip splits the grid.
    j["dimension_semantics"] = {"parallel", "parallel", "arbitrary"};
    j["kernel"] = {{"body", "attention"}, {"reduction_axis", 2}};
    return j;
}

// The Pallas guide's matmul or a flash attention, written as the row's kernel runs.
inline nlohmann::json time_model_spec(const TimeModelCase& c) {
    const bool gpu = time_model_on_gpu(c);
    nlohmann::json j =
        c.body == "matmul" ? time_model_matmul(c, gpu) : time_model_attention(c, gpu);
    j["tilelens"] = 2;
    j["name"] = c.table;
    j["target"] = c.target;
    return j;
}

// Average ranks (ties share the mean of their places), for Spearman's correlation.
inline std::vector<double> time_model_ranks(const std::vector<double>& v) {
    std::vector<std::size_t> order(v.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> rank(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
        for (std::size_t k = i; k <= j; ++k) rank[order[k]] = (static_cast<double>(i + j) / 2) + 1;
        i = j + 1;
    }
    return rank;
}

// Pearson's correlation of the ranks (Spearman's rho, ties averaged).
inline double spearman(const std::vector<double>& a, const std::vector<double>& b) {
    const auto ra = time_model_ranks(a), rb = time_model_ranks(b);
    const double n = static_cast<double>(a.size()), mean = (n + 1) / 2;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        sab += (ra[i] - mean) * (rb[i] - mean);
        saa += (ra[i] - mean) * (ra[i] - mean);
        sbb += (rb[i] - mean) * (rb[i] - mean);
    }
    return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0;
}

}  // namespace tl::bench
