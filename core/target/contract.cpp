// The contract check: runs each rule of the target in turn (rank and block tiling per
// operand, dtype, the VMEM budget, grid semantics) and collects violations and advice.
#include "core/target/contract.h"

#include "core/target/detail/contract_rules.h"

namespace tl {
namespace detail {

std::string operand_prefix(const ResolvedOperand& op) {
    return "operand " + op.name + ": block " + format_block(op) + " " +
           std::string(to_string(op.dtype)) + ": ";
}

Finding violation(std::string operand, std::string_view rule, std::string message) {
    Finding f;
    f.kind = FindingKind::ContractViolation;
    f.severity = Severity::Error;
    f.operand = std::move(operand);
    f.rule = std::string(rule);
    f.message = std::move(message);
    return f;
}

}  // namespace detail

namespace {

using detail::violation;

std::string dtype_list(const std::vector<DType>& ds) {
    std::string out;
    for (auto d : ds) {
        if (!out.empty()) out += ", ";
        out += to_string(d);
    }
    return out;
}

void check_dtypes(const Instance& inst, const TargetProfile& t, ContractResult& r) {
    for (const auto& op : inst.operands) {
        if (t.supports(op.dtype)) continue;
        // The nearest supported type of the same width class.
        DType fix = op.dtype == DType::Float16 ? DType::BFloat16 : DType::Float32;
        if (!t.supports(fix) && !t.dtypes.empty()) fix = t.dtypes.front();
        r.violations.push_back(
            violation(op.name, "dtype",
                      "operand " + op.name + ": dtype " + std::string(to_string(op.dtype)) +
                          " is not supported on " + t.id + " (supported: " + dtype_list(t.dtypes) +
                          "); use " + std::string(to_string(fix))));
    }
}

std::string limit_phrase(const TargetProfile& t, std::int64_t limit) {
    if (t.kind == TargetKind::Gpu)
        return "the shared memory budget of " + format_bytes(limit) +
               " per block (the shared memory of one SM) on " + t.id;
    if (!t.vmem_limit_bytes) return "the physical VMEM of " + format_bytes(limit) + " on " + t.id;
    return "the scoped VMEM limit of " + format_bytes(limit) + " on " + t.id +
           (t.vmem_limit_default ? " (the default, user-changeable)" : "");
}

void check_vmem(const Instance& inst, const TargetProfile& t, const ContractOptions& o,
                ContractResult& r) {
    const std::int64_t limit = r.vmem_limit_bytes;
    if (limit <= 0 || r.vmem_bytes <= limit) return;
    const std::string mem(t.scratch_memory_name());
    std::string msg = mem + ": ";
    for (std::size_t i = 0; i < r.vmem_parts.size(); ++i) {
        const auto& p = r.vmem_parts[i];
        msg += (i ? " + " : "") + p.label + " " + std::to_string(p.buffers) + " × " +
               std::to_string(p.block_bytes);
        for (const auto& op : inst.operands)
            if (op.name == p.label && op.streamed())
                msg += " (inner tiles " + format_inner_tile(op) + ")";
    }
    const std::int64_t over = r.vmem_bytes - limit;
    msg += " = " + format_bytes(r.vmem_bytes) + " exceeds " + limit_phrase(t, limit) + " by " +
           std::to_string(over) + (over == 1 ? " byte" : " bytes") + "; fix: ";
    if (auto fixes = shrink_blocks_to_fit(inst, t, o, limit)) {
        msg += "smaller blocks that keep the tiling rule, e.g. ";
        Instance smaller = inst;
        for (std::size_t i = 0; i < fixes->size(); ++i) {
            const auto& f = (*fixes)[i];
            for (auto& op : smaller.operands) {
                if (op.name != f.operand) continue;
                if (f.inner_tile) {
                    const std::string before = format_inner_tile(op);
                    for (std::size_t d = 0; d < op.inner->tile.size(); ++d)
                        op.inner->tile[d] = f.to[d];
                    msg += (i ? ", " : "") + f.operand + "'s inner tile " + before + " -> " +
                           format_inner_tile(op);
                    break;
                }
                const std::string before = format_block(op);
                for (std::size_t d = 0; d < op.block.size(); ++d) op.block[d].size = f.to[d];
                msg += (i ? ", " : "") + f.operand + " " + before + " -> " + format_block(op);
                break;
            }
        }
        std::int64_t sum = 0;
        for (const auto& p : vmem_parts(smaller, t, o)) sum = detail::sat_add(sum, p.bytes());
        msg += " (total " + format_bytes(sum) + ")";
    } else {
        msg += "no smaller blocks fit: every block is at its smallest valid size";
    }
    if (t.kind == TargetKind::Tpu && t.vmem_bytes && t.vmem_limit_bytes) {
        if (r.vmem_bytes <= *t.vmem_bytes)
            msg +=
                "; or raise target_overrides.vmem_limit_bytes (vmem_limit_bytes in the "
                "kernel's compiler params) to at least " +
                std::to_string(r.vmem_bytes) + " (physical VMEM " + format_bytes(*t.vmem_bytes) +
                ")";
        else
            msg +=
                "; raising vmem_limit_bytes cannot help: the total exceeds the physical VMEM "
                "of " +
                format_bytes(*t.vmem_bytes);
    }
    r.violations.push_back(violation("", "vmem", std::move(msg)));
}

void check_grid_semantics(const Instance& inst, ContractResult& r) {
    const auto sem = [&](int a) {
        return a < static_cast<int>(inst.semantics.size()) ? inst.semantics[a]
                                                           : Semantics::Arbitrary;
    };
    int first_arbitrary = -1;
    std::vector<int> late;
    for (int a = 0; a < inst.grid_rank(); ++a) {
        if (sem(a) == Semantics::Arbitrary && first_arbitrary < 0) first_arbitrary = a;
        if (is_parallel(sem(a)) && first_arbitrary >= 0) late.push_back(a);
    }
    if (late.empty()) return;
    std::string written, axes;
    for (int a = 0; a < inst.grid_rank(); ++a)
        written += (a ? ", " : "") + std::string(to_string(sem(a)));
    for (std::size_t i = 0; i < late.size(); ++i)
        axes += (i ? (i + 1 == late.size() ? " and " : ", ") : "") + std::to_string(late[i]);
    const bool one = late.size() == 1;
    r.violations.push_back(violation(
        "", "grid_semantics",
        "dimension_semantics (" + written + "): grid ax" + (one ? "is " : "es ") + axes +
            (one ? " is" : " are") + " parallel but follow" + (one ? "s" : "") +
            " arbitrary axis " + std::to_string(first_arbitrary) +
            "; parallel axes must form a prefix of the grid: reorder the grid so that the "
            "parallel axes come first (and their index-map parameters with them), or mark ax" +
            (one ? "is " : "es ") + axes + " arbitrary"));
}

void advise_megacore(const Instance& inst, const TargetProfile& t, ContractResult& r) {
    if (!t.megacore || inst.grid_rank() == 0) return;
    for (auto s : inst.semantics)
        if (is_parallel(s)) return;
    r.advice.push_back(t.id + " has " + std::to_string(t.cores.value_or(2)) +
                       " TensorCores (megacore): marking a leading grid axis \"parallel\" lets "
                       "the cores share its programs, if they write disjoint output blocks");
}

void check_smem(const Instance& inst, ContractResult& r) {
    const auto parts = smem_parts(inst);
    std::int64_t total = 0;
    for (const auto& p : parts) total = detail::sat_add(total, p.bytes());
    if (total <= kTpuSmemBytes) return;
    std::string msg = "SMEM: ";
    for (std::size_t i = 0; i < parts.size(); ++i)
        msg += (i ? " + " : "") + parts[i].label + " " + std::to_string(parts[i].buffers) + " × " +
               std::to_string(parts[i].block_bytes);
    msg += " = " + format_bytes(total) + " exceeds the SMEM of " + format_bytes(kTpuSmemBytes) +
           " per TensorCore; fix: keep large tables in HBM (memory_space \"any\") and copy the "
           "part a program needs, or split the table across calls";
    r.violations.push_back(violation("", "vmem", std::move(msg)));
}

// Triton leaves BlockSpec sizes free; only the body's own loads and stores need power-of-two
// arrays (docs/semantics.md, "GPU targets"), which the BlockSpec cannot show: advice, not a
// violation.
void advise_triton(const Instance& inst, ContractResult& r) {
    for (const auto& op : inst.operands) {
        if (op.manual()) continue;
        for (std::size_t d = 0; d < op.block.size(); ++d) {
            const std::int64_t size = detail::dim_size(op.block[d]);
            if (size <= 0 || (size & (size - 1)) == 0) continue;
            r.advice.push_back("operand " + op.name + ": block dimension " + std::to_string(d) +
                               " is " + std::to_string(size) +
                               ", not a power of two; Triton accepts the BlockSpec, but the "
                               "body's loads and stores must use power-of-two slices of it "
                               "(pl.ds with a power-of-two size)");
            break;
        }
    }
}

}  // namespace

ContractOptions contract_options(const Json& kernel_options) {
    ContractOptions o;
    if (!kernel_options.is_object()) return o;
    const auto acc = kernel_options.find("accumulator");
    o.f32_scratch_for_output =
        acc != kernel_options.end() && acc->is_string() && acc->get<std::string>() == "f32_scratch";
    return o;
}

ContractResult check_contract(const Instance& inst, const TargetProfile& given,
                              const ContractOptions& options) {
    ContractResult r;
    // A limit written as an expression of the params is this instance's own.
    TargetProfile target = given;
    std::string limit_error;
    if (!limit_for_params(target, inst.params, &limit_error))
        r.violations.push_back(violation("", "vmem", limit_error));
    r.vmem_parts = vmem_parts(inst, target, options);
    for (const auto& p : r.vmem_parts) r.vmem_bytes = detail::sat_add(r.vmem_bytes, p.bytes());
    if (target.kind == TargetKind::Interpret) return r;
    r.vmem_limit_bytes = target.vmem_limit_bytes.value_or(target.vmem_bytes.value_or(0));
    const bool triton = target.kind == TargetKind::Gpu && target.backend == GpuBackend::Triton;
    // Triton BlockSpecs point into global memory: no shared-memory budget applies to them.
    // Streamed inner tiles are staged in shared memory by its software pipeline, but it keeps
    // fewer in flight when they do not fit (published kernels run past the sum), so their
    // sum is advice there, not a violation.
    bool has_inner = false;
    for (const auto& op : inst.operands) has_inner = has_inner || op.inner.has_value();
    if (triton) {
        if (r.vmem_limit_bytes > 0 && r.vmem_bytes > r.vmem_limit_bytes)
            r.advice.push_back(
                "the streamed inner tiles take " + format_bytes(r.vmem_bytes) + " (" +
                std::to_string(r.vmem_parts.size()) +
                " operands × their stages) against the shared memory of " +
                format_bytes(r.vmem_limit_bytes) +
                " per SM: Triton will keep fewer stages in flight, or fail to compile with "
                "'out of resource: shared memory'; smaller tiles or fewer stages keep them all");
        r.vmem_limit_bytes = 0;
    }

    // Operands in HBM (memory_space any/hbm) have no blocks: the tiling rules do not apply.
    if (target.kind == TargetKind::Tpu) {
        r.rules_checked = {"rank", "block_tiling", "dtype", "vmem", "grid_semantics"};
        for (const auto& op : inst.operands)
            if (!op.manual() && op.memory_space != MemorySpace::Smem)
                detail::check_tpu_blocks(op, target, r);
    } else if (triton) {
        if (has_inner) r.rules_checked.push_back("block_tiling");
        r.rules_checked.push_back("dtype");
        advise_triton(inst, r);
    } else {
        r.rules_checked = {"block_tiling", "dtype", "vmem"};
        for (const auto& op : inst.operands)
            if (!op.manual()) detail::check_gpu_blocks(op, target, r);
    }
    if (has_inner) detail::check_inner_tiles(inst, target, r);
    check_dtypes(inst, target, r);
    if (r.vmem_limit_bytes > 0) check_vmem(inst, target, options, r);
    if (target.kind == TargetKind::Tpu) {
        check_smem(inst, r);
        check_grid_semantics(inst, r);
        advise_megacore(inst, target, r);
    }
    return r;
}

std::string rule_description(std::string_view rule, const TargetProfile& t) {
    const bool tpu = t.kind == TargetKind::Tpu;
    if (rule == "rank")
        return "every block has rank >= 1 (squeezed dimensions count), one entry per array "
               "dimension";
    if (rule == "block_tiling") {
        if (tpu)
            return "the last two block dimensions each equal the array's or are multiples of 8 "
                   "and 128; a rank-1 block equals the array, is a multiple of 1024, or is a "
                   "power of two of at least 128 × 32 / bits";
        if (t.backend == GpuBackend::Triton)
            return "none on the BlockSpec (the body's loads and stores use power-of-two arrays); "
                   "an inner tile's tiled dimensions are powers of two";
        return "the minor-most block dimension spans a multiple of 16 bytes; blocked dimensions "
               "only";
    }
    if (rule == "dtype") return "operand dtypes are among: " + dtype_list(t.dtypes);
    if (rule == "vmem") {
        const auto limit = t.vmem_limit_bytes.value_or(t.vmem_bytes.value_or(0));
        return std::string(tpu ? "the sum of buffer_count × block bytes"
                               : "the sum of block bytes (buffer_count × when a grid axis is "
                                 "sequential)") +
               " or, for streamed operands, buffers × inner tile bytes, plus scratch, fits the " +
               std::string(tpu ? "scoped VMEM limit" : "shared memory per SM") + " of " +
               format_bytes(limit);
    }
    if (rule == "grid_semantics") return "parallel grid axes form a prefix of the grid";
    return "unknown rule";
}

}  // namespace tl
