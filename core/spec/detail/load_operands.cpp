// Loading the `operands` list: names, roles, shapes, dtypes and BlockSpecs.
#include <algorithm>

#include "core/spec/detail/reader.h"
#include "core/spec/json_path.h"

namespace tl::detail {

namespace {

const std::vector<std::string_view> kOperandKeys = {
    "name", "role", "shape", "dtype", "block_shape", "index_map", "buffer_count", "unread"};
const std::vector<std::string_view> kOperandKeysV2 = {"memory_space", "alias_of", "discard",
                                                      "revisit",      "data",     "inner"};
constexpr std::int64_t kMaxInnerBuffers = 16;

void read_operand_v2(SpecReader& r, const Json& op, const std::string& path, OperandSpec* out);
void read_inner(SpecReader& r, const Json& j, const std::string& path, OperandSpec* out);

std::optional<BlockDim> read_block_dim(SpecReader& r, const Json& j, const std::string& path) {
    BlockDim dim;
    if (j.is_null()) {
        dim.kind = BlockDim::Kind::Squeezed;
        return dim;
    }
    if (!j.is_object()) {
        auto size = r.read_size(j, path, 1, "block size");
        if (!size) return std::nullopt;
        dim.size = *size;
        return dim;
    }
    dim.kind = BlockDim::Kind::Element;
    r.check_keys(j, path, {"element", "padding"}, nullptr);
    bool ok = true;
    if (const Json* e = r.require(j, path, "element")) {
        auto size = r.read_size(*e, path + ".element", 1, "block size");
        ok = size.has_value();
        if (size) dim.size = *size;
    } else {
        ok = false;
    }
    if (const Json* p = SpecReader::find(j, "padding")) {
        const auto ppath = path + ".padding";
        if (!p->is_array() || p->size() != 2) {
            r.error(ppath, "expected [lo, hi] (two integers >= 0), got " + describe_json(*p));
            return std::nullopt;
        }
        std::int64_t* ends[2] = {&dim.pad_lo, &dim.pad_hi};
        for (std::size_t k = 0; k < 2; ++k) {
            auto v = r.read_int((*p)[k], path_index(ppath, k));
            if (v && *v < 0) {
                r.error(path_index(ppath, k),
                        "padding must be at least 0, got " + std::to_string(*v));
                v.reset();
            }
            ok = ok && v.has_value();
            if (v) *ends[k] = *v;
        }
    }
    return ok ? std::optional<BlockDim>(dim) : std::nullopt;
}

// Returns the rank, or -1 when the shape is unusable (the index map is then not checked).
int read_shape(SpecReader& r, const Json& op, const std::string& path, OperandSpec* out) {
    const Json* s = r.require(op, path, "shape");
    const auto spath = path + ".shape";
    if (s == nullptr || !r.expect_array(*s, spath)) return -1;
    if (s->size() > 6) {
        r.error(spath, "rank " + std::to_string(s->size()) + "; an operand has 0 to 6 dimensions");
        return -1;
    }
    if ((s->empty() || s->size() > 4) &&
        !r.need_v2(spath, "rank " + std::to_string(s->size()) +
                              " (format 1 allows 1 to 4 dimensions) is a version-2 feature"))
        return -1;
    bool ok = true;
    for (std::size_t k = 0; k < s->size(); ++k) {
        auto v = r.read_size((*s)[k], path_index(spath, k), 1, "size");
        ok = ok && v.has_value();
        out->shape.push_back(v.value_or(SizeValue{std::int64_t{1}}));
    }
    return ok ? static_cast<int>(s->size()) : -1;
}

void read_block_shape(SpecReader& r, const Json& j, const std::string& path, int rank,
                      OperandSpec* out) {
    if (!r.expect_array(j, path)) return;
    if (rank >= 0 && static_cast<int>(j.size()) != rank)
        r.error(path, "has " + std::to_string(j.size()) + " entries but the shape has rank " +
                          std::to_string(rank) + "; give one per dimension (null squeezes it)");
    std::vector<BlockDim> dims;
    for (std::size_t k = 0; k < j.size(); ++k)
        if (auto d = read_block_dim(r, j[k], path_index(path, k))) dims.push_back(*d);
    out->block_shape = std::move(dims);
}

OperandSpec read_operand(SpecReader& r, const Json& op, const std::string& path,
                         const std::vector<OperandSpec>& earlier) {
    OperandSpec out;
    r.check_keys(op, path, kOperandKeys, &out.extra, kOperandKeysV2);
    if (const Json* n = r.require(op, path, "name"))
        if (auto s = r.read_string(*n, path + ".name")) {
            out.name = *s;
            if (!is_identifier(*s))
                r.error(path + ".name", describe_json(*n) +
                                            " is not an identifier; use letters, "
                                            "digits and _, not starting with a digit");
            for (std::size_t k = 0; k < earlier.size(); ++k)
                if (earlier[k].name == *s)
                    r.error(path + ".name", "'" + *s + "' is already the name of operands[" +
                                                std::to_string(k) + "]; names must be unique");
        }
    if (const Json* j = r.require(op, path, "role"))
        if (auto c = r.read_choice(*j, path + ".role", {"input", "output"}))
            out.role = *c == 0 ? Role::Input : Role::Output;
    const int rank = read_shape(r, op, path, &out);
    if (const Json* j = r.require(op, path, "dtype"))
        if (auto s = r.read_string(*j, path + ".dtype")) {
            if (auto d = parse_dtype(*s)) {
                out.dtype = *d;
                if (dtype_needs_v2(*d))
                    r.need_v2(path + ".dtype", "'" + *s + "' is a version-2 dtype");
            } else
                r.error(path + ".dtype",
                        "unknown dtype '" + *s + "'; known: " + std::string(known_dtypes()));
        }
    if (const Json* j = SpecReader::find(op, "block_shape"))
        read_block_shape(r, *j, path + ".block_shape", rank, &out);
    if (const Json* j = SpecReader::find(op, "index_map"))
        if (auto s = r.read_string(*j, path + ".index_map")) {
            out.index_map = *s;
            if (rank >= 0) r.check_index_map(*s, path + ".index_map", rank);
        }
    if (const Json* j = SpecReader::find(op, "buffer_count"))
        if (auto v = r.read_int(*j, path + ".buffer_count")) {
            if (*v == 1 || *v == 2)
                out.buffer_count = static_cast<int>(*v);
            else
                r.error(path + ".buffer_count",
                        "must be 1 or 2 (single or double buffering), got " + std::to_string(*v));
        }
    if (const Json* j = SpecReader::find(op, "unread"))
        if (auto c = r.read_choice(*j, path + ".unread", {"random", "zero"}))
            out.zero_unread = *c == 1;
    if (r.version() >= 2) read_operand_v2(r, op, path, &out);
    return out;
}

// Keys that make sense for one role only are errors on the other: nothing is ignored.
bool check_role(SpecReader& r, const Json& op, const std::string& path, const OperandSpec& out,
                std::string_view key, Role wanted) {
    if (!SpecReader::find(op, key)) return false;
    if (out.role == wanted) return true;
    r.error(path + "." + std::string(key), "'" + std::string(key) + "' applies to " +
                                               (wanted == Role::Output ? "outputs" : "inputs") +
                                               "; this operand is an " +
                                               std::string(to_string(out.role)));
    return false;
}

void read_operand_v2(SpecReader& r, const Json& op, const std::string& path, OperandSpec* out) {
    if (const Json* j = SpecReader::find(op, "memory_space")) {
        // The saved names, then the spellings of real kernels.
        static const std::vector<std::string_view> kChoices = {
            "vmem",       "smem",      "any",    "hbm",      "pltpu.VMEM",
            "pltpu.SMEM", "pltpu.ANY", "pl.ANY", "pltpu.HBM"};
        static const MemorySpace kValues[] = {
            MemorySpace::Vmem, MemorySpace::Smem, MemorySpace::Any,
            MemorySpace::Hbm,  MemorySpace::Vmem, MemorySpace::Smem,
            MemorySpace::Any,  MemorySpace::Any,  MemorySpace::Hbm};
        if (auto c = r.read_choice(*j, path + ".memory_space", kChoices)) {
            out->memory_space = kValues[*c];
            if (is_manual(kValues[*c]) && out->index_map)
                r.error(path + ".index_map",
                        "an operand in memory_space \"" + std::string(to_string(kValues[*c])) +
                            "\" is the whole array in HBM, moved by the kernel itself: it has "
                            "no index map; leave the key out");
        }
    }
    if (check_role(r, op, path, *out, "alias_of", Role::Output))
        if (auto s = r.read_string(*SpecReader::find(op, "alias_of"), path + ".alias_of"))
            out->alias_of = *s;
    if (check_role(r, op, path, *out, "discard", Role::Output)) {
        const Json& j = *SpecReader::find(op, "discard");
        if (j.is_boolean())
            out->discard = j.get<bool>();
        else
            r.error(path + ".discard", "expected true or false, got " + describe_json(j));
    }
    if (check_role(r, op, path, *out, "revisit", Role::Output))
        if (auto c = r.read_choice(*SpecReader::find(op, "revisit"), path + ".revisit",
                                   {"immediate", "any"}))
            out->revisit = *c == 0 ? OutputRevisit::Immediate : OutputRevisit::Any;
    if (const Json* j = SpecReader::find(op, "inner")) read_inner(r, *j, path + ".inner", out);
    if (check_role(r, op, path, *out, "data", Role::Input))
        if (auto c = r.read_choice(*SpecReader::find(op, "data"), path + ".data",
                                   {"random", "zeros", "ones", "iota"}))
            out->data = static_cast<InputData>(*c);
}

// "inner": {"tile": [null, "bk"], "buffers": 2}. A squeezed or Element dimension has no
// tiles of its own (null there); an operand in HBM is always streamed, so it needs buffers.
void read_inner(SpecReader& r, const Json& j, const std::string& path, OperandSpec* out) {
    if (!r.expect_object(j, path)) return;
    r.check_keys(j, path, {"tile", "buffers"}, nullptr);
    InnerSpec inner;
    bool ok = true;
    if (const Json* t = r.require(j, path, "tile"); t && r.expect_array(*t, path + ".tile")) {
        const auto tpath = path + ".tile";
        if (t->size() != out->shape.size()) {
            r.error(tpath, "has " + std::to_string(t->size()) + " entries but the shape has rank " +
                               std::to_string(out->shape.size()) +
                               "; give one per dimension (null: the whole block there)");
            ok = false;
        }
        bool any = false;
        for (std::size_t d = 0; d < t->size(); ++d) {
            const auto dpath = path_index(tpath, d);
            if ((*t)[d].is_null()) {
                inner.tile.emplace_back();
                continue;
            }
            const BlockDim* b = out->block_shape && d < out->block_shape->size()
                                    ? &(*out->block_shape)[d]
                                    : nullptr;
            if (b && b->kind != BlockDim::Kind::Blocked) {
                r.error(dpath, std::string(b->kind == BlockDim::Kind::Squeezed
                                               ? "the block is squeezed here"
                                               : "the block is element-indexed here") +
                                   "; only a blocked dimension has tiles: use null");
                ok = false;
                continue;
            }
            auto v = r.read_size((*t)[d], dpath, 1, "tile size");
            ok = ok && v.has_value();
            any = any || v.has_value();
            inner.tile.emplace_back(v);
        }
        if (ok && !any) {
            r.error(tpath,
                    "every entry is null, so the tile is the whole block; give the tile "
                    "size of the dimension walked in inner steps, or leave inner out");
            ok = false;
        }
    } else {
        ok = false;
    }
    if (const Json* b = SpecReader::find(j, "buffers"))
        if (auto v = r.read_int(*b, path + ".buffers")) {
            if (*v >= 1 && *v <= kMaxInnerBuffers)
                inner.buffers = static_cast<int>(*v);
            else {
                r.error(path + ".buffers", "must be 1 to " + std::to_string(kMaxInnerBuffers) +
                                               " (the tiles in flight: emit_pipeline's buffer "
                                               "count, num_stages, max_concurrent_steps), got " +
                                               std::to_string(*v));
                ok = false;
            }
        }
    if (ok && !inner.buffers && out->is_manual_dma()) {
        r.error(path + ".buffers",
                "missing: an operand in memory_space \"" +
                    std::string(to_string(*out->memory_space)) +
                    "\" stays in HBM, so its tiles are streamed; give the number of tiles in "
                    "flight (2 for emit_pipeline's default double buffering)");
        ok = false;
    }
    if (ok) out->inner = std::move(inner);
}

// An alias names an earlier or later input of the same dtype, shared by one output only.
void check_aliases(SpecReader& r, const Spec& spec) {
    for (std::size_t i = 0; i < spec.operands.size(); ++i) {
        const auto& op = spec.operands[i];
        if (!op.alias_of) continue;
        const auto path = path_index("operands", i) + ".alias_of";
        const auto in = std::find_if(spec.operands.begin(), spec.operands.end(),
                                     [&](const OperandSpec& o) { return o.name == *op.alias_of; });
        if (in == spec.operands.end() || in->role != Role::Input) {
            r.error(path, "'" + *op.alias_of + "' is not " +
                              (in == spec.operands.end() ? "an operand" : "an input") +
                              "; alias_of names the input whose buffer this output shares");
            continue;
        }
        if (in->dtype != op.dtype)
            r.error(path, "'" + *op.alias_of + "' is " + std::string(to_string(in->dtype)) +
                              " but this output is " + std::string(to_string(op.dtype)) +
                              "; aliased buffers have the same shape and dtype");
        for (std::size_t k = 0; k < i; ++k)
            if (spec.operands[k].alias_of == op.alias_of)
                r.error(path, "'" + *op.alias_of + "' is already aliased by operands[" +
                                  std::to_string(k) + "]; an input's buffer has one alias");
    }
}

}  // namespace

void read_operands(SpecReader& r, const Json& list, Spec* spec) {
    if (!r.expect_array(list, "operands")) return;
    if (list.empty()) {
        r.error("operands", "the list is empty; a spec needs at least one output operand");
        return;
    }
    bool has_output = false, all_inputs = true, roles_ok = true;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto path = path_index("operands", i);
        const Json* role = SpecReader::find(list[i], "role");
        has_output = has_output || (role && *role == "output");
        all_inputs = all_inputs && role && *role == "input";
        roles_ok = roles_ok && role && (*role == "input" || *role == "output");
        // A placeholder keeps spec->operands[i] lined up with the file for later messages.
        spec->operands.push_back(r.expect_object(list[i], path)
                                     ? read_operand(r, list[i], path, spec->operands)
                                     : OperandSpec{});
    }
    if (!has_output && all_inputs)
        r.error("operands", "no operand has \"role\": \"output\"; a kernel needs at least one");
    r.set_roles_read(roles_ok);
    check_aliases(r, *spec);
}

}  // namespace tl::detail
