#include "core/base/limits.h"

#include <array>
#include <atomic>
#include <cctype>
#include <charconv>

#include "core/base/format.h"

namespace tl {
namespace {

constexpr std::int64_t Ki = 1024, Mi = Ki * 1024, Gi = Mi * 1024, Ti = Gi * 1024;
constexpr std::int64_t kTop = std::int64_t{1} << 62;  // sums of a few such sizes stay in 64 bits

// The order of LimitId. The tops of the depth limits keep recursion within a thread's stack.
constexpr std::array<LimitInfo, 17> kTable{{
    {LimitId::SpecFileBytes, "spec-file-bytes", 64 * Mi, LimitUnit::Bytes, 1, kTop,
     "size of a spec file (*.tilelens.json)"},
    {LimitId::JsonDepth, "json-depth", 100, LimitUnit::Levels, 1, 10000,
     "nesting of arrays and objects in a spec or timing JSON file"},
    {LimitId::Elements, "elements", std::int64_t{1} << 40, LimitUnit::Count, 1, kTop,
     "elements of all operands of one instance together"},
    {LimitId::Programs, "programs", std::int64_t{1} << 26, LimitUnit::Count, 1, kTop,
     "programs in a grid (product of the grid sizes)"},
    {LimitId::BlockElements, "block-elements", std::int64_t{1} << 32, LimitUnit::Count, 1, kTop,
     "elements of one block (a whole-array block included)"},
    {LimitId::ExpressionLength, "expression-length", 10000, LimitUnit::Characters, 1, 1000000,
     "length of one expression's text"},
    {LimitId::ExpressionNesting, "expression-nesting", 200, LimitUnit::Levels, 1, 1000,
     "parentheses and unary operators inside each other in an expression"},
    {LimitId::ExpressionDepth, "expression-depth", 1000, LimitUnit::Levels, 1, 5000,
     "operations inside operations in an expression (its tree's depth)"},
    {LimitId::AnalysedPrograms, "analysed-programs", std::int64_t{1} << 31, LimitUnit::Count, 1,
     std::int64_t{1} << 40, "programs the indexing analysis walks one by one"},
    {LimitId::CoverageCells, "coverage-cells", std::int64_t{1} << 26, LimitUnit::Count, 1,
     std::int64_t{1} << 36, "cells of the coverage map of one operand"},
    {LimitId::InterpreterMemoryBytes, "interpreter-memory-bytes", 4 * Gi, LimitUnit::Bytes, 1, kTop,
     "memory the interpreter may allocate for one run (arrays and blocks)"},
    {LimitId::TimingFileBytes, "timing-file-bytes", 4 * Gi, LimitUnit::Bytes, 1, kTop,
     "size of a timing file (decompressed, for .gz)"},
    {LimitId::TimingRecords, "timing-records", 1000000, LimitUnit::Count, 1, kTop,
     "timing records kept from one file"},
    {LimitId::CsvRecordBytes, "csv-record-bytes", Mi, LimitUnit::Bytes, 1, Gi,
     "length of one CSV record (a quote left open runs to the end of the file)"},
    {LimitId::KernelFileBytes, "kernel-file-bytes", 16 * Mi, LimitUnit::Bytes, 1, kTop,
     "size of a Python kernel file (python.file, import)"},
    {LimitId::PythonSeconds, "python-seconds", 60, LimitUnit::Seconds, 1, 86400,
     "wall-clock time of one run of a Python kernel file"},
    {LimitId::PythonMemoryBytes, "python-memory-bytes", 4 * Gi, LimitUnit::Bytes, 64 * Mi, kTop,
     "address space of the Python child that runs a kernel file"},
}};

struct Values {
    std::array<std::atomic<std::int64_t>, kTable.size()> v;
    Values() {
        for (std::size_t i = 0; i < kTable.size(); ++i) v[i].store(kTable[i].default_value);
    }
};

std::array<std::atomic<std::int64_t>, kTable.size()>& current() {
    static Values values;
    return values.v;
}

std::size_t index(LimitId id) {
    return static_cast<std::size_t>(id);
}

std::string names_list() {
    std::string out;
    for (const auto& l : kTable) out += (out.empty() ? "" : ", ") + std::string(l.name);
    return out;
}

std::string_view form_of(LimitUnit unit) {
    switch (unit) {
        case LimitUnit::Bytes:
            return "a whole number of bytes, optionally with K, M, G, T (powers of 1000) or "
                   "Ki, Mi, Gi, Ti (powers of 1024) and B: 4096, 64Mi, 4GiB";
        case LimitUnit::Seconds:
            return "a whole number of seconds, optionally ending in s: 120, 300s";
        default:
            return "a whole number, optionally with K, M, G, T (powers of 1000) or Ki, Mi, Gi, "
                   "Ti (powers of 1024): 5000, 64Ki, 1M";
    }
}

}  // namespace

std::span<const LimitInfo> limit_table() {
    return kTable;
}

const LimitInfo& limit_info(LimitId id) {
    return kTable[index(id)];
}

std::optional<LimitId> find_limit(std::string_view name) {
    for (const auto& l : kTable)
        if (l.name == name) return l.id;
    return std::nullopt;
}

std::int64_t limit(LimitId id) {
    return current()[index(id)].load(std::memory_order_relaxed);
}

void set_limit(LimitId id, std::int64_t value) {
    const auto& info = limit_info(id);
    value = value < info.min ? info.min : value > info.max ? info.max : value;
    current()[index(id)].store(value, std::memory_order_relaxed);
}

void reset_limits() {
    for (const auto& l : kTable) current()[index(l.id)].store(l.default_value);
}

std::optional<std::int64_t> parse_limit_value(std::string_view text, LimitUnit unit,
                                              std::string* error) {
    const auto fail = [&]() -> std::optional<std::int64_t> {
        if (error) *error = "'" + std::string(text) + "' is not " + std::string(form_of(unit));
        return std::nullopt;
    };
    std::int64_t number = 0;
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    const auto [rest, ec] = std::from_chars(begin, end, number);
    if (ec == std::errc::result_out_of_range) {
        if (error) *error = "'" + std::string(text) + "' does not fit in 64 bits";
        return std::nullopt;
    }
    if (ec != std::errc() || rest == begin || number < 0) return fail();
    std::string_view suffix(rest, static_cast<std::size_t>(end - rest));
    if (unit == LimitUnit::Seconds) {
        if (suffix.empty() || suffix == "s") return number;
        return fail();
    }
    if (unit == LimitUnit::Bytes && !suffix.empty() && suffix.back() == 'B')
        suffix.remove_suffix(1);
    std::int64_t scale = 1;
    if (!suffix.empty()) {
        const bool binary = suffix.size() == 2 && suffix[1] == 'i';
        if (suffix.size() != 1 && !binary) return fail();
        const int power = std::string_view("KMGT").find(
            static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0]))));
        if (power < 0) return fail();
        for (int i = 0; i <= power; ++i) scale *= binary ? 1024 : 1000;
    }
    std::int64_t value = 0;
    if (__builtin_mul_overflow(number, scale, &value)) {
        if (error) *error = "'" + std::string(text) + "' does not fit in 64 bits";
        return std::nullopt;
    }
    return value;
}

bool apply_limit_setting(std::string_view setting, std::string* error) {
    const auto eq = setting.find('=');
    if (eq == std::string_view::npos) {
        if (error)
            *error = "'" + std::string(setting) +
                     "' is not NAME=VALUE (for example elements=2Ti); the names: " + names_list();
        return false;
    }
    const std::string_view name = setting.substr(0, eq);
    const auto id = find_limit(name);
    if (!id) {
        if (error)
            *error = "unknown limit '" + std::string(name) + "'; the limits are: " + names_list();
        return false;
    }
    const auto& info = limit_info(*id);
    std::string why;
    const auto value = parse_limit_value(setting.substr(eq + 1), info.unit, &why);
    if (!value || *value < info.min || *value > info.max) {
        if (error)
            *error = "limit " + std::string(name) + ": " +
                     (value ? std::string(setting.substr(eq + 1)) + " is out of range" : why) +
                     "; it takes " + limit_setting_text(*id, info.min) + " to " +
                     limit_setting_text(*id, info.max);
        return false;
    }
    set_limit(*id, *value);
    return true;
}

std::string format_limit(LimitId id, std::int64_t value) {
    switch (limit_info(id).unit) {
        case LimitUnit::Bytes:
            return format_bytes_short(value);
        case LimitUnit::Seconds:
            return std::to_string(value) + " s";
        default:
            return std::to_string(value);
    }
}

std::string limit_setting_text(LimitId id, std::int64_t value) {
    const LimitUnit unit = limit_info(id).unit;
    if (unit == LimitUnit::Seconds || value == 0) return std::to_string(value);
    // The largest binary unit that divides it exactly, so the text reads back the same.
    static constexpr std::array<std::pair<std::int64_t, const char*>, 4> kUnits{
        {{Ti, "Ti"}, {Gi, "Gi"}, {Mi, "Mi"}, {Ki, "Ki"}}};
    for (const auto& [scale, name] : kUnits)
        if (value % scale == 0 && value / scale < 1000000)
            return std::to_string(value / scale) + name;
    return std::to_string(value);
}

std::string over_limit_message(std::string_view what, std::string_view figure, LimitId id,
                               std::optional<std::int64_t> needed,
                               std::optional<std::int64_t> in_force) {
    const auto& info = limit_info(id);
    return std::string(what) + " is " + std::string(figure) + ", over the limit of " +
           format_limit(id, in_force.value_or(limit(id))) + " (" + std::string(info.name) + "); " +
           raise_hint(id, needed);
}

std::string raise_hint(LimitId id, std::optional<std::int64_t> needed) {
    const auto& info = limit_info(id);
    if (!needed) {
        const std::int64_t now = limit(id);
        if (now >= info.max)
            needed = now + 1;  // at the top already
        else
            needed = now > info.max / 2 ? info.max : 2 * now;
    }
    if (*needed <= info.max)
        return "raise it with --limit " + std::string(info.name) + "=" +
               limit_setting_text(id, *needed);
    return "--limit " + std::string(info.name) + " goes up to " + limit_setting_text(id, info.max) +
           ", which is not enough";
}

std::string limits_table_text() {
    std::size_t w_name = 4, w_def = 7;
    for (const auto& l : kTable) {
        w_name = std::max(w_name, l.name.size());
        w_def = std::max(w_def, format_limit(l.id, l.default_value).size());
    }
    const auto pad = [](std::string s, std::size_t w) {
        s.resize(std::max(w, s.size()), ' ');
        return s;
    };
    std::string out = pad("name", w_name) + "  " + pad("default", w_def) + "  " +
                      pad("current", w_def) + "  guards\n";
    for (const auto& l : kTable) {
        const std::int64_t now = limit(l.id);
        out += pad(std::string(l.name), w_name) + "  " +
               pad(format_limit(l.id, l.default_value), w_def) + "  " +
               pad(format_limit(l.id, now), w_def) + "  " + std::string(l.guards) + "\n";
    }
    return out;
}

}  // namespace tl
