#include "widgets/editor/table_text.h"

#include <sstream>

#include "widgets/editor/list_text.h"

namespace tl::gui {
namespace {

// Without the spaces and tabs around it.
std::string trim_blanks(std::string_view s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    const auto e = s.find_last_not_of(" \t");
    return std::string(s.substr(b, e - b + 1));
}

// Splits on ";" outside brackets.
std::vector<std::string> split_semicolons(std::string_view text) {
    std::vector<std::string> out;
    int depth = 0;
    std::string cur;
    for (const char c : text) {
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (c == ';' && depth <= 0) {
            if (auto t = trim_blanks(cur); !t.empty()) out.push_back(t);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (auto t = trim_blanks(cur); !t.empty()) out.push_back(t);
    return out;
}

}  // namespace

std::vector<std::string> parse_requires(std::string_view text) {
    return split_semicolons(text);
}

std::string format_requires(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "; " : "") + items[i];
    return out;
}

std::optional<std::vector<ScalarPrefetchSpec>> parse_prefetch(std::string_view text,
                                                              std::string* why) {
    std::vector<ScalarPrefetchSpec> out;
    for (const auto& entry : split_semicolons(text)) {
        const auto eq = entry.find('=');
        const auto fail = [&](const std::string& what) {
            if (why) *why = "'" + entry + "': " + what;
            return std::nullopt;
        };
        if (eq == std::string::npos) return fail("write name = values, e.g. cols = 0, 1, 1, 2");
        ScalarPrefetchSpec sp;
        std::string head = trim_blanks(entry.substr(0, eq));
        if (const auto open = head.find('('); open != std::string::npos) {
            const auto close = head.find(')', open);
            if (close == std::string::npos) return fail("close the shape with ')'");
            std::istringstream dims(head.substr(open + 1, close - open - 1));
            std::string d;
            while (std::getline(dims, d, ',')) try {
                    sp.shape.push_back(std::stoll(trim_blanks(d)));
                } catch (const std::exception&) {
                    return fail("a table's shape is integers, e.g. (2, 3)");
                }
            const std::string dtype = trim_blanks(head.substr(close + 1));
            if (!dtype.empty()) {
                const auto t = parse_dtype(dtype);
                if (!t) return fail("'" + dtype + "' is not a dtype");
                sp.dtype = *t;
            }
            head = trim_blanks(head.substr(0, open));
        }
        sp.name = head;
        std::istringstream values(entry.substr(eq + 1));
        std::string v;
        while (std::getline(values, v, ',')) try {
                if (!trim_blanks(v).empty()) sp.values.push_back(std::stoll(trim_blanks(v)));
            } catch (const std::exception&) {
                return fail("'" + trim_blanks(v) + "' is not an integer");
            }
        if (sp.shape.size() == 1) sp.shape.clear();  // one dimension is the default form
        out.push_back(std::move(sp));
    }
    return out;
}

std::string format_prefetch(const std::vector<ScalarPrefetchSpec>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& sp = items[i];
        out += (i ? "; " : "") + sp.name;
        if (!sp.shape.empty() || sp.dtype != DType::Int32) {
            out += "(";
            const std::vector<std::int64_t> shape =
                sp.shape.empty()
                    ? std::vector<std::int64_t>{static_cast<std::int64_t>(sp.values.size())}
                    : sp.shape;
            for (std::size_t k = 0; k < shape.size(); ++k)
                out += (k ? ", " : "") + std::to_string(shape[k]);
            out += ")";
            if (sp.dtype != DType::Int32) out += " " + std::string(to_string(sp.dtype));
        }
        out += " =";
        for (std::size_t k = 0; k < sp.values.size(); ++k)
            out += (k ? ", " : " ") + std::to_string(sp.values[k]);
    }
    return out;
}

std::optional<std::vector<ScratchSpec>> parse_scratch(std::string_view text, std::string* why) {
    std::vector<ScratchSpec> out;
    for (const auto& entry : split_semicolons(text)) {
        const auto open = entry.find('('), close = entry.rfind(')');
        if (open == std::string::npos || close == std::string::npos || close < open) {
            if (why) *why = "'" + entry + "': write name(shape) dtype, e.g. acc(bm, bn) float32";
            return std::nullopt;
        }
        ScratchSpec sc;
        sc.name = trim_blanks(entry.substr(0, open));
        sc.shape = parse_sizes(entry.substr(open + 1, close - open - 1));
        std::istringstream rest(entry.substr(close + 1));
        std::string word;
        bool typed = false;
        while (rest >> word) {
            if (word == "dma" || word == "regular") {
                sc.semaphore =
                    word == "dma" ? ScratchSpec::Semaphore::Dma : ScratchSpec::Semaphore::Regular;
                typed = true;
            } else if (word == "vmem" || word == "smem") {
                sc.memory_space = word == "vmem" ? MemorySpace::Vmem : MemorySpace::Smem;
            } else if (auto d = parse_dtype(word)) {
                sc.dtype = *d;
                typed = true;
            } else {
                if (why)
                    *why = "'" + entry + "': '" + word +
                           "' is not a dtype, vmem/smem, or dma/regular (a semaphore)";
                return std::nullopt;
            }
        }
        if (!typed) {
            if (why) *why = "'" + entry + "': give a dtype (float32, ...) or dma/regular";
            return std::nullopt;
        }
        out.push_back(std::move(sc));
    }
    return out;
}

std::string format_scratch(const std::vector<ScratchSpec>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& sc = items[i];
        out += (i ? "; " : "") + sc.name + "(" + format_sizes(sc.shape) + ")";
        if (sc.semaphore != ScratchSpec::Semaphore::None) {
            out += sc.semaphore == ScratchSpec::Semaphore::Dma ? " dma" : " regular";
        } else {
            out += " " + std::string(to_string(sc.dtype));
            if (sc.memory_space == MemorySpace::Smem) out += " smem";
        }
    }
    return out;
}

}  // namespace tl::gui
