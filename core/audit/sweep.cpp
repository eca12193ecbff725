#include "core/audit/sweep.h"

#include <algorithm>
#include <set>

namespace tl {
namespace {

bool is_prime(std::int64_t n) {
    if (n < 2) return false;
    for (std::int64_t d = 2; d * d <= n; ++d)
        if (n % d == 0) return false;
    return true;
}

const std::string* bare_param(const SizeValue& v, const Spec& spec) {
    const auto* text = std::get_if<std::string>(&v);
    if (!text) return nullptr;
    for (const auto& [name, value] : spec.params)
        if (name == *text) return text;
    return nullptr;
}

std::string param_label(const std::string& name, std::int64_t b, std::int64_t v) {
    std::string rel;
    if (v == 1)
        rel = "1";
    else if (v == b - 1)
        rel = "b-1";
    else if (v == b)
        rel = "b";
    else if (v == b + 1)
        rel = "b+1";
    else if (v == 2 * b + 1)
        rel = "2b+1";
    else if (is_prime(v))
        rel = "prime";
    else
        rel = std::to_string(v);
    return name + " = " + rel + " (" + std::to_string(v) + ")";
}

// Gathers the sweep's cases: the spec's own, then the listed or the generated hostile ones.
class SweepCases {
public:
    SweepCases(const Spec& spec, const Instance& base) : spec_(spec), base_(base) {}

    SweepPlan plan(bool sweep_on) {
        add({}, "spec");
        if (!sweep_on || spec_.sweep.kind == SweepSpec::Kind::Off) {
            plan_.notes.push_back("off; only the spec's own params were checked");
            return std::move(plan_);
        }
        if (spec_.sweep.kind == SweepSpec::Kind::Params)
            explicit_cases();
        else
            auto_cases();
        note_skipped();
        return std::move(plan_);
    }

private:
    void add(std::map<std::string, std::int64_t> overrides, std::string label) {
        // Values equal to the spec's own are not overrides: keeps cases comparable.
        for (auto it = overrides.begin(); it != overrides.end();) {
            const auto own = base_.params.find(it->first);
            it = own != base_.params.end() && own->second == it->second ? overrides.erase(it)
                                                                        : std::next(it);
        }
        // A big dimension not under test keeps its remainder but only a few blocks.
        if (!overrides.empty())
            for (const auto& [name, value] : reduced_)
                if (!overrides.count(name)) overrides[name] = value;
        if (!seen_.insert(overrides).second) return;
        // A shape the kernel's own preconditions rule out is not a case: listed, not run.
        if (!overrides.empty()) {
            auto params = base_.params;
            for (const auto& [name, value] : overrides) params[name] = value;
            if (auto unmet = unmet_requirement(spec_, params)) {
                plan_.skipped.emplace_back(std::move(label), std::move(*unmet));
                return;
            }
        }
        plan_.cases.push_back({std::move(overrides), std::move(label)});
    }

    void note_skipped() {
        if (plan_.skipped.empty()) return;
        std::string list;
        for (std::size_t i = 0; i < plan_.skipped.size(); ++i)
            list += (i ? "; " : "") + plan_.skipped[i].first + ", which fails '" +
                    plan_.skipped[i].second + "'";
        plan_.notes.push_back("skipped " + std::to_string(plan_.skipped.size()) +
                              (plan_.skipped.size() == 1 ? " shape" : " shapes") +
                              " that the spec's requires rule out: " + list);
    }

    void explicit_cases() {
        const auto& lists = spec_.sweep.params;
        for (const auto& [name, values] : lists) plan_.swept.push_back({name, 0});
        if (spec_.sweep.mode == SweepSpec::Mode::Zip) {
            const std::size_t n = lists.empty() ? 0 : lists.front().second.size();
            for (std::size_t i = 0; i < n; ++i) {
                std::map<std::string, std::int64_t> c;
                for (const auto& [name, values] : lists) c[name] = values[i];
                add(c, "zip #" + std::to_string(i + 1));
            }
            return;
        }
        std::vector<std::size_t> at(lists.size(), 0);
        for (bool more = !lists.empty(); more;) {
            std::map<std::string, std::int64_t> c;
            for (std::size_t i = 0; i < lists.size(); ++i)
                c[lists[i].first] = lists[i].second[at[i]];
            add(c, "product");
            more = false;
            for (std::size_t i = lists.size(); i-- > 0;) {
                if (++at[i] < lists[i].second.size()) {
                    more = true;
                    break;
                }
                at[i] = 0;
            }
        }
    }

    void auto_cases() {
        if (!spec_.scalar_prefetch.empty()) {
            plan_.notes.push_back(
                "not derived: the scalar-prefetch arrays hold block indices for the "
                "spec's own shapes; list the shapes to try in sweep.params, with arrays that fit");
            return;
        }
        plan_.swept = swept_params(spec_, base_);
        if (plan_.swept.empty()) {
            plan_.notes.push_back(
                "no dimension is a param with a block smaller than it (shapes written as "
                "a param name, e.g. \"M\"), so there is nothing to vary");
            return;
        }
        reduce_big_dimensions();
        for (const auto& p : plan_.swept)
            for (const std::int64_t v : hostile_values(p.block))
                add({{p.name, v}}, param_label(p.name, p.block, v));
        tall_and_wide();
        // Rectangular: every dimension different and none divisible by its block.
        std::map<std::string, std::int64_t> rect, square;
        std::int64_t side = 0;
        for (std::size_t i = 0; i < plan_.swept.size(); ++i) {
            const auto& p = plan_.swept[i];
            const auto k = static_cast<std::int64_t>(i);
            rect[p.name] = (k + 1) * p.block + 2 * k + 1;
            side = std::max(side, 2 * p.block);
        }
        add(rect, "rectangular");
        // Square: one size for every dimension, a multiple of each block where it can be.
        for (const auto& p : plan_.swept) square[p.name] = side;
        add(square, "square");
    }

    // A dimension of more than kBigBlocks blocks is, in the cases that vary another param,
    // cut to kKeptBlocks blocks plus its own remainder: the edges the case tests are the same,
    // and a case of a big kernel costs what a small one does (docs/spec-format.md, `sweep`).
    void reduce_big_dimensions() {
        constexpr std::int64_t kBigBlocks = 8, kKeptBlocks = 4;
        std::string list;
        for (const auto& p : plan_.swept) {
            const auto own = base_.params.find(p.name);
            if (own == base_.params.end() || p.block <= 0 || own->second <= kBigBlocks * p.block)
                continue;
            const std::int64_t cut = kKeptBlocks * p.block + own->second % p.block;
            auto params = base_.params;
            params[p.name] = cut;
            if (unmet_requirement(spec_, params)) continue;
            reduced_[p.name] = cut;
            list += (list.empty() ? "" : ", ") + p.name + " = " + std::to_string(own->second) +
                    " to " + std::to_string(cut);
        }
        if (!list.empty())
            plan_.notes.push_back("big dimensions cut to " + std::to_string(kKeptBlocks) +
                                  " blocks plus their own remainder in the cases that vary "
                                  "another param (" +
                                  list +
                                  "), so each case's work stays bounded; the spec's own case "
                                  "keeps them whole");
    }

    // For a 2-D operand sized by two swept params: many rows and few columns, and the reverse.
    void tall_and_wide() {
        std::map<std::string, std::int64_t> blocks;
        for (const auto& p : plan_.swept) blocks[p.name] = p.block;
        for (const auto& op : spec_.operands) {
            if (op.shape.size() != 2) continue;
            const std::string* r = bare_param(op.shape[0], spec_);
            const std::string* c = bare_param(op.shape[1], spec_);
            if (!r || !c || *r == *c || !blocks.count(*r) || !blocks.count(*c)) continue;
            add({{*r, 8 * blocks[*r] + 1}, {*c, 1}}, "tall " + op.name);
            add({{*r, 1}, {*c, 8 * blocks[*c] + 1}}, "wide " + op.name);
        }
    }

    const Spec& spec_;
    const Instance& base_;
    SweepPlan plan_;
    std::set<std::map<std::string, std::int64_t>> seen_;
    std::map<std::string, std::int64_t> reduced_;  // big dimensions, in the other cases
};

}  // namespace

std::vector<std::int64_t> hostile_values(std::int64_t b) {
    // A prime in (2b+1, 3b], or for small blocks where there is none, the largest in (b, 3b].
    std::int64_t prime = 2 * b + 2;
    while (prime <= 3 * b && !is_prime(prime)) ++prime;
    if (prime > 3 * b)
        for (prime = 3 * b; prime > b + 1 && !is_prime(prime);) --prime;
    std::vector<std::int64_t> v{1, b - 1, b, b + 1, 2 * b + 1};
    if (is_prime(prime) && prime > b) v.push_back(prime);
    std::erase_if(v, [](std::int64_t x) { return x < 1; });
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

std::vector<SweptParam> swept_params(const Spec& spec, const Instance& base) {
    std::vector<SweptParam> out;
    for (std::size_t o = 0; o < spec.operands.size() && o < base.operands.size(); ++o) {
        const auto& op = spec.operands[o];
        if (!op.block_shape) continue;  // the whole array: nothing is blocked
        for (std::size_t d = 0; d < op.shape.size() && d < op.block_shape->size(); ++d) {
            const BlockDim& bd = (*op.block_shape)[d];
            const std::string* name = bare_param(op.shape[d], spec);
            if (!name || bd.kind != BlockDim::Kind::Blocked) continue;
            if (const auto* text = std::get_if<std::string>(&bd.size);
                text && mentions_name(*text, *name))
                continue;  // the block follows the dimension: varying it changes nothing
            const bool known = std::any_of(out.begin(), out.end(),
                                           [&](const SweptParam& p) { return p.name == *name; });
            if (!known) out.push_back({*name, base.operands[o].block[d].size});
        }
    }
    return out;
}

SweepPlan plan_sweep(const Spec& spec, const Instance& base, bool sweep_on) {
    return SweepCases(spec, base).plan(sweep_on);
}

}  // namespace tl
