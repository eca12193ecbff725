// Target profiles: the embedded catalog, its figures against the published ones its sources
// name, overrides, user catalogs and unknown ids.
#include <gtest/gtest.h>

#include "core/target/target.h"

namespace tl {
namespace {

constexpr std::int64_t kMiB = 1024 * 1024;

const TargetProfile& get(std::string_view id) {
    const TargetProfile* t = builtin_targets().find(id);
    if (!t) throw std::runtime_error("missing target " + std::string(id));
    return *t;
}

bool has_error_at(const Diagnostics& d, std::string_view path) {
    for (const auto& e : d)
        if (e.path == path) return true;
    return false;
}

TEST(Targets, EmbeddedCatalogParsesWithoutErrors) {
    Diagnostics errors;
    auto catalog = load_targets(builtin_targets_json(), &errors);
    ASSERT_TRUE(catalog) << join(errors);
    EXPECT_TRUE(errors.empty());
    EXPECT_EQ(catalog->ids(), builtin_targets().ids());
    EXPECT_FALSE(catalog->notes().empty());
}

TEST(Targets, EveryDocumentedIdExists) {
    for (auto id : {"tpu-v4", "tpu-v5e", "tpu-v5p", "tpu-v6e", "tpu-v7x", "gpu-h100", "gpu-h200",
                    "gpu-mosaic", "gpu-triton", "interpret"})
        EXPECT_NE(builtin_targets().find(id), nullptr) << id;
}

// The numbers below are typed from the documentation that each target's `source` in
// resources/targets.json names, not copied from that file.
struct TableRow {
    const char* id;
    double bf16_peak;
    double hbm;
    std::int64_t vmem;
    std::optional<int> cores;
    bool megacore;
};

TEST(Targets, FiguresMatchTheDesignTable) {
    const TableRow rows[] = {
        {"tpu-v4", 275e12, 1.2e12, 16 * kMiB, 2, true},
        {"tpu-v5e", 197e12, 819e9, 128 * kMiB, 1, false},
        {"tpu-v5p", 459e12, 2.76e12, 64 * kMiB, 2, true},
        {"tpu-v6e", 918e12, 1.64e12, 128 * kMiB, 1, false},
        {"tpu-v7x", 2307e12, 7.38e12, 64 * kMiB, 2, false},
        {"gpu-h100", 989e12, 3.35e12, 228 * 1024, std::nullopt, false},
        {"gpu-h200", 989e12, 4.8e12, 228 * 1024, std::nullopt, false},
    };
    for (const auto& row : rows) {
        SCOPED_TRACE(row.id);
        const auto& t = get(row.id);
        ASSERT_TRUE(t.peak(DType::BFloat16));
        EXPECT_DOUBLE_EQ(*t.peak(DType::BFloat16), row.bf16_peak);
        ASSERT_TRUE(t.hbm_bytes_per_s);
        EXPECT_DOUBLE_EQ(*t.hbm_bytes_per_s, row.hbm);
        EXPECT_EQ(t.vmem_bytes, row.vmem);
        EXPECT_EQ(t.cores, row.cores);
        EXPECT_EQ(t.megacore, row.megacore);
    }
}

TEST(Targets, DefaultScopedLimitsAreMarkedChangeable) {
    for (auto id : {"tpu-v4", "tpu-v5e", "tpu-v5p"}) {
        EXPECT_EQ(get(id).vmem_limit_bytes, 16 * kMiB) << id;
        EXPECT_TRUE(get(id).vmem_limit_default) << id;
    }
    for (auto id : {"tpu-v6e", "tpu-v7x"}) {
        EXPECT_EQ(get(id).vmem_limit_bytes, 32 * kMiB) << id;
        EXPECT_TRUE(get(id).vmem_limit_default) << id;
    }
    // GPUs budget the shared memory of one SM.
    EXPECT_EQ(get("gpu-h100").vmem_limit_bytes, 228 * 1024);
}

TEST(Targets, KindsBackendsAndSources) {
    EXPECT_EQ(get("tpu-v5e").kind, TargetKind::Tpu);
    EXPECT_EQ(get("gpu-h100").backend, GpuBackend::Mosaic);
    EXPECT_EQ(get("gpu-h200").backend, GpuBackend::Mosaic);
    EXPECT_EQ(get("gpu-mosaic").backend, GpuBackend::Mosaic);
    EXPECT_EQ(get("gpu-triton").backend, GpuBackend::Triton);
    // The backend profiles carry H100 figures.
    EXPECT_EQ(get("gpu-triton").hbm_bytes_per_s, get("gpu-h100").hbm_bytes_per_s);
    EXPECT_EQ(get("gpu-mosaic").peak(DType::BFloat16), get("gpu-h100").peak(DType::BFloat16));
    for (const auto& t : builtin_targets().targets()) {
        if (t.kind == TargetKind::Interpret) continue;
        for (auto group : {"compute", "memory", "vmem"})
            EXPECT_TRUE(t.sources.contains(group)) << t.id << " " << group;
    }
}

TEST(Targets, UnsourcedFiguresAreNull) {
    // TPU float32 matmul is emulated; the catalog has no figure rather than a guess.
    EXPECT_FALSE(get("tpu-v5e").peak(DType::Float32));
    EXPECT_FALSE(ridge_point(get("tpu-v5e"), DType::Float32));
    const auto& interp = get("interpret");
    EXPECT_EQ(interp.kind, TargetKind::Interpret);
    EXPECT_FALSE(interp.hbm_bytes_per_s);
    EXPECT_FALSE(interp.vmem_limit_bytes);
    EXPECT_TRUE(interp.peak_flops.empty());
}

TEST(Targets, TpuDtypesExcludeFloat64AndFloat16) {
    const auto& t = get("tpu-v6e");
    for (auto d : {DType::Float32, DType::BFloat16, DType::Int8, DType::Int16, DType::Int32,
                   DType::UInt8, DType::Bool})
        EXPECT_TRUE(t.supports(d)) << to_string(d);
    EXPECT_FALSE(t.supports(DType::Float64));
    EXPECT_FALSE(t.supports(DType::Float16));
    EXPECT_TRUE(get("gpu-h100").supports(DType::Float64));
}

TEST(Targets, RidgePointIsPeakOverBandwidth) {
    // 197e12 / 819e9 = 240.54 FLOP/byte ("v5e ~ 240").
    auto r = ridge_point(get("tpu-v5e"));
    ASSERT_TRUE(r);
    EXPECT_NEAR(*r, 240.54, 0.01);
    // 989e12 / 3.35e12 = 295.2
    EXPECT_NEAR(*ridge_point(get("gpu-h100")), 295.22, 0.01);
    EXPECT_FALSE(ridge_point(get("interpret")));
}

TEST(Targets, UnknownIdListsKnownIdsAndSuggests) {
    EXPECT_EQ(builtin_targets().find("tpu-v5"), nullptr);
    const std::string msg = builtin_targets().unknown_target_message("tpu-v5");
    EXPECT_NE(msg.find("unknown target 'tpu-v5'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("known: tpu-v4, tpu-v5e, tpu-v5p"), std::string::npos) << msg;
    EXPECT_NE(msg.find("did you mean 'tpu-v5e' or 'tpu-v5p'?"), std::string::npos) << msg;
    // Nothing close: no suggestion.
    EXPECT_EQ(builtin_targets().unknown_target_message("cerebras").find("did you mean"),
              std::string::npos);

    Diagnostics errors;
    EXPECT_FALSE(resolve_target(builtin_targets(), "tpu-v6", Json::object(), &errors));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].path, "target");
    EXPECT_NE(errors[0].message.find("'tpu-v6e'"), std::string::npos);
}

TEST(Targets, ClosestNamesFindsFragments) {
    const std::vector<std::string> ids = builtin_targets().ids();
    EXPECT_EQ(closest_names("v5e", ids), std::vector<std::string>{"tpu-v5e"});
    EXPECT_EQ(closest_names("gpu-h10", ids), std::vector<std::string>{"gpu-h100"});
    EXPECT_TRUE(closest_names("zzzzzz", ids).empty());
    // Three edits from "bool" is past the limit for a three-letter name.
    EXPECT_TRUE(closest_names("bf1", {"bool", "int8"}).empty());
    EXPECT_EQ(closest_names("tpu-v9e", ids), (std::vector<std::string>{"tpu-v5e", "tpu-v6e"}));
}

TEST(Targets, FormatBytes) {
    EXPECT_EQ(format_bytes(1), "1 byte");
    EXPECT_EQ(format_bytes(1000), "1000 bytes");
    EXPECT_EQ(format_bytes(16777216), "16777216 bytes (16 MiB)");
    EXPECT_EQ(format_bytes(1536), "1536 bytes (1.5 KiB)");
    EXPECT_EQ(format_bytes(233472), "233472 bytes (228 KiB)");
}

TEST(Overrides, ReplaceFiguresAndMarkThem) {
    const auto& base = get("tpu-v5e");
    Json o = Json::parse(R"({"vmem_limit_bytes": 33554432, "hbm_bytes_per_s": 8e11,
                             "peak_flops": {"float32": 5e13, "bfloat16": null},
                             "cores": 2, "megacore": true})");
    Diagnostics errors;
    const TargetProfile t = apply_overrides(base, o, &errors);
    EXPECT_TRUE(errors.empty()) << join(errors);
    EXPECT_EQ(t.vmem_limit_bytes, 32 * kMiB);
    EXPECT_FALSE(t.vmem_limit_default);
    EXPECT_DOUBLE_EQ(*t.hbm_bytes_per_s, 8e11);
    EXPECT_DOUBLE_EQ(*t.peak(DType::Float32), 5e13);
    EXPECT_FALSE(t.peak(DType::BFloat16));
    EXPECT_DOUBLE_EQ(*t.peak(DType::Int8), 394e12);  // untouched
    EXPECT_EQ(t.cores, 2);
    EXPECT_TRUE(t.megacore);
    EXPECT_EQ(t.overridden.size(), 5u);
    EXPECT_EQ(t.sources.at("vmem"), "override: target_overrides.vmem_limit_bytes");
    // The base profile is not modified.
    EXPECT_EQ(base.vmem_limit_bytes, 16 * kMiB);
}

TEST(Overrides, EmptyOrNullIsANoOp) {
    Diagnostics errors;
    EXPECT_EQ(apply_overrides(get("tpu-v4"), Json::object(), &errors).vmem_limit_bytes, 16 * kMiB);
    EXPECT_EQ(apply_overrides(get("tpu-v4"), Json(), &errors).id, "tpu-v4");
    EXPECT_TRUE(errors.empty());
}

TEST(Overrides, UnknownKeyNamesPathAndKnownKeys) {
    Diagnostics errors;
    const auto t = apply_overrides(get("tpu-v5e"), Json::parse(R"({"vmem_limit": 1})"), &errors);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].path, "target_overrides.vmem_limit");
    EXPECT_NE(errors[0].message.find("known: vmem_limit_bytes, vmem_bytes, hbm_bytes_per_s"),
              std::string::npos)
        << errors[0].message;
    EXPECT_NE(errors[0].message.find("did you mean 'vmem_limit_bytes'?"), std::string::npos);
    EXPECT_EQ(t.vmem_limit_bytes, 16 * kMiB);
}

TEST(Overrides, LimitAbovePhysicalNamesBoth) {
    Diagnostics errors;
    const auto t =
        apply_overrides(get("tpu-v5e"), Json::parse(R"({"vmem_limit_bytes": 200000000})"), &errors);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].path, "target_overrides.vmem_limit_bytes");
    EXPECT_NE(errors[0].message.find("200000000"), std::string::npos) << errors[0].message;
    EXPECT_NE(errors[0].message.find("134217728"), std::string::npos) << errors[0].message;
    EXPECT_EQ(t.vmem_limit_bytes, 16 * kMiB);  // left as it was
    EXPECT_TRUE(t.vmem_limit_default);

    // Exactly the physical VMEM is allowed; so is raising both together.
    errors.clear();
    EXPECT_EQ(
        apply_overrides(get("tpu-v5e"), Json::parse(R"({"vmem_limit_bytes": 134217728})"), &errors)
            .vmem_limit_bytes,
        128 * kMiB);
    EXPECT_EQ(apply_overrides(get("tpu-v5e"), Json::parse(R"({"vmem_limit_bytes": 200000000,
                                              "vmem_bytes": 268435456})"),
                              &errors)
                  .vmem_limit_bytes,
              200000000);
    EXPECT_TRUE(errors.empty()) << join(errors);

    // Lowering the physical VMEM under the limit blames vmem_bytes.
    apply_overrides(get("tpu-v6e"), Json::parse(R"({"vmem_bytes": 1048576})"), &errors);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].path, "target_overrides.vmem_bytes");
}

TEST(Overrides, WrongTypesAreErrorsAtTheirPath) {
    Diagnostics errors;
    apply_overrides(get("tpu-v5e"),
                    Json::parse(R"({"vmem_limit_bytes": "4 * ", "hbm_bytes_per_s": -1,
                                    "peak_flops": {"bf16": 1e12}, "megacore": 1,
                                    "backend": "triton"})"),
                    &errors);
    EXPECT_TRUE(has_error_at(errors, "target_overrides.vmem_limit_bytes"));
    EXPECT_TRUE(has_error_at(errors, "target_overrides.hbm_bytes_per_s"));
    EXPECT_TRUE(has_error_at(errors, "target_overrides.peak_flops.bf16"));
    EXPECT_TRUE(has_error_at(errors, "target_overrides.megacore"));
    EXPECT_TRUE(has_error_at(errors, "target_overrides.backend"));  // not a GPU
    EXPECT_EQ(errors.size(), 5u) << join(errors);

    // A limit may be an expression of the params (checked per instance); only its syntax is
    // checked here.
    errors.clear();
    const auto per_tiling = apply_overrides(
        get("tpu-v5e"), Json::parse(R"({"vmem_limit_bytes": "4 * bm * bn"})"), &errors);
    EXPECT_TRUE(errors.empty()) << join(errors);
    EXPECT_EQ(per_tiling.vmem_limit_expr, "4 * bm * bn");

    errors.clear();
    apply_overrides(get("tpu-v5e"), Json::parse("[1]"), &errors);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].path, "target_overrides");
}

TEST(Overrides, GpuBackendCanBeSwitched) {
    Diagnostics errors;
    auto t = apply_overrides(get("gpu-h200"), Json::parse(R"({"backend": "triton"})"), &errors);
    EXPECT_TRUE(errors.empty());
    EXPECT_EQ(t.backend, GpuBackend::Triton);
}

TEST(LoadTargets, UserCatalog) {
    Diagnostics errors;
    auto c = load_targets(R"({"tilelens_targets": 1, "targets": [
        {"id": "my-tpu", "kind": "tpu", "peak_flops": {"bfloat16": 1e14},
         "hbm_bytes_per_s": 1e12, "vmem_bytes": 1048576, "vmem_limit_bytes": 524288}]})",
                          &errors);
    ASSERT_TRUE(c) << join(errors);
    const auto* t = c->find("my-tpu");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->display_name, "my-tpu");
    EXPECT_EQ(t->vmem_limit_bytes, 524288);
    EXPECT_DOUBLE_EQ(*ridge_point(*t), 100.0);
    EXPECT_TRUE(t->supports(DType::Float64));  // no dtypes list: all of them
}

TEST(LoadTargets, MalformedJsonGivesLineAndColumn) {
    Diagnostics errors;
    EXPECT_FALSE(load_targets("{\"tilelens_targets\": 1,\n  \"targets\": [,]}", &errors));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].line, 2);
    EXPECT_EQ(errors[0].column, 15);
}

TEST(LoadTargets, EntryErrorsNameTheirPath) {
    Diagnostics errors;
    EXPECT_FALSE(load_targets(R"({"tilelens_targets": 1, "targets": [
        {"id": "a", "kind": "tpu", "hbm_bandwidth": 1e12},
        {"id": "b", "kind": "npu"},
        {"id": "c", "kind": "tpu", "vmem_bytes": 1024, "vmem_limit_bytes": 2048},
        {"id": "d", "kind": "gpu"},
        {"id": "d", "kind": "interpret"}]})",
                              &errors));
    EXPECT_TRUE(has_error_at(errors, "targets[0].hbm_bandwidth")) << join(errors);
    EXPECT_TRUE(has_error_at(errors, "targets[1].kind"));
    EXPECT_TRUE(has_error_at(errors, "targets[2].vmem_limit_bytes"));
    EXPECT_TRUE(has_error_at(errors, "targets[4].id"));  // duplicate

    errors.clear();
    EXPECT_FALSE(load_targets(R"({"targets": []})", &errors));
    EXPECT_TRUE(has_error_at(errors, "tilelens_targets"));
}

}  // namespace
}  // namespace tl
