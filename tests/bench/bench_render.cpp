// Rendering: a full repaint of all operand views at 1920 x 1080 into a QImage must take under
// 16 ms (one frame at 60 Hz) at any array size. The arrays are matmuls whose blocks stay
// 128 x 128 (and 8 x 128 for the finest partition), so a 16384 x 16384 array has 128 x 128
// (2048 x 128) block cells and 268M elements that must never be drawn one by one.
#include <benchmark/benchmark.h>

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <string>

#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "core/view/operand_scene.h"
#include "core/view/sheet_layout.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/operand_painter.h"
#include "widgets/explorer/operand_sheet.h"

namespace {

constexpr double kTargetMs = 16.0;

std::shared_ptr<const tl::Analysis> matmul(std::int64_t m, std::int64_t n, std::int64_t bm,
                                           std::int64_t bn) {
    static std::map<std::string, std::shared_ptr<const tl::Analysis>> cache;
    const std::string key = std::to_string(m) + "x" + std::to_string(n) + "/" + std::to_string(bm) +
                            "x" + std::to_string(bn);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    const std::string json = R"json({"tilelens": 1, "name": "bench", "params": {"M": )json" +
                             std::to_string(m) + R"json(, "N": )json" + std::to_string(n) +
                             R"json(, "bm": )json" + std::to_string(bm) + R"json(, "bn": )json" +
                             std::to_string(bn) + R"json(},
        "grid": ["cdiv(M, bm)", "cdiv(N, bn)", "cdiv(N, bn)"],
        "operands": [
          {"name": "x", "role": "input", "shape": ["M", "N"], "dtype": "float32",
           "block_shape": ["bm", "bn"], "index_map": "lambda i, j, k: (i, k)"},
          {"name": "y", "role": "input", "shape": ["N", "N"], "dtype": "float32",
           "block_shape": ["bn", "bn"], "index_map": "lambda i, j, k: (k, j)"},
          {"name": "o", "role": "output", "shape": ["M", "N"], "dtype": "float32",
           "block_shape": ["bm", "bn"], "index_map": "lambda i, j, k: (i, j)"}]})json";
    const tl::LoadResult l = tl::load_spec(json, "bench");
    if (!l.spec) std::abort();
    const tl::ResolveResult r = tl::resolve(*l.spec);
    if (!r.instance) std::abort();
    auto a = std::make_shared<const tl::Analysis>(tl::analyse(*r.instance));
    cache[key] = a;
    return a;
}

// Prints the milliseconds per repaint next to the 16 ms target and their ratio.
void report(benchmark::State& state, std::chrono::steady_clock::time_point start) {
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count() /
        static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
    state.counters["ms"] = ms;
    state.counters["target_ms"] = kTargetMs;
    state.counters["of_target"] = ms / kTargetMs;
}

// Every operand view of one program, as the explorer shows them, at 1920 x 1080 logical
// pixels (args: array side, block rows, coverage overlay, device pixel ratio).
void BM_FullRepaint(benchmark::State& state) {
    const std::int64_t n = state.range(0), bm = state.range(1);
    const auto a = matmul(n, n, bm, 128);
    tl::gui::SheetContent content;
    content.scenes = tl::view::build_scenes(a, a->programs() / 2 + 1);
    content.header = QStringLiteral("bench");
    content.coverage = state.range(2) != 0;
    const auto layout = tl::view::layout_sheet(content.scenes, 1920, 1080, tl::gui::sheetMetrics());
    const qreal dpr = static_cast<qreal>(state.range(3));
    QImage img(QSize(1920, 1080) * dpr, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(dpr);
    const auto pal = tl::gui::ExplorerPalette::light();
    QFont font = QGuiApplication::font();
    font.setPixelSize(12);
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        QPainter p(&img);
        const auto st = tl::gui::paintSheet(p, layout, content, pal, font);
        benchmark::DoNotOptimize(st.rects);
    }
    report(state, start);
}
BENCHMARK(BM_FullRepaint)
    ->ArgNames({"side", "bm", "overlay", "dpr"})
    ->Args({300, 128, 0, 1})
    ->Args({4096, 128, 0, 1})
    ->Args({16384, 128, 0, 1})
    ->Args({16384, 128, 1, 1})
    ->Args({16384, 8, 1, 1})
    ->Args({16384, 128, 0, 2})
    ->Unit(benchmark::kMillisecond);

// One view filling 1920 x 1080, zoomed in to 12 pixels per element in the middle of a
// 16384 x 16384 array: element lines, block lines and labels of what is on screen only.
void BM_ZoomedRepaint(benchmark::State& state) {
    const auto a = matmul(16384, 16384, 128, 128);
    const auto scenes = tl::view::build_scenes(a, a->programs() / 2 + 1);
    const auto& s = scenes[2];
    tl::view::ViewTransform t;
    t.scale_x = t.scale_y = 12;
    t.origin_x = -8000 * 12.0;
    t.origin_y = -8000 * 12.0;
    QImage img(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    tl::gui::OperandPaintOptions o;
    o.coverageOverlay = state.range(0) != 0;
    o.font = QGuiApplication::font();
    const auto pal = tl::gui::ExplorerPalette::light();
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        QPainter p(&img);
        const auto st = tl::gui::paintOperandCanvas(p, QRectF(0, 0, 1920, 1080), s, t, o, pal);
        benchmark::DoNotOptimize(st.lines);
    }
    report(state, start);
}
BENCHMARK(BM_ZoomedRepaint)->ArgName("overlay")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The error heat map of a 16384 x 16384 output (2048 x 2048 bins of 8 x 8 elements, every
// tenth bin bad) filling 1920 x 1080: one scaled image of the bins on screen.
void BM_HeatRepaint(benchmark::State& state) {
    const auto a = matmul(16384, 16384, 128, 128);
    const auto scenes = tl::view::build_scenes(a, 0);
    QImage heat(2048, 2048, QImage::Format_ARGB32_Premultiplied);
    heat.fill(Qt::transparent);
    const auto pal = tl::gui::ExplorerPalette::light();
    for (int y = 0; y < heat.height(); ++y)
        for (int x = (y * 7) % 10; x < heat.width(); x += 10)
            heat.setPixelColor(x, y, pal.heat((x % 100) / 100.0));
    tl::gui::OperandPaintOptions o;
    o.heat = &heat;
    o.heatBinRows = o.heatBinCols = 8;
    o.font = QGuiApplication::font();
    const tl::view::ViewTransform t = tl::view::fit(scenes[2].extent, {0, 0, 1920, 1080}, 10);
    QImage img(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        QPainter p(&img);
        const auto st =
            tl::gui::paintOperandCanvas(p, QRectF(0, 0, 1920, 1080), scenes[2], t, o, pal);
        benchmark::DoNotOptimize(st.rects);
    }
    report(state, start);
}
BENCHMARK(BM_HeatRepaint)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);  // fonts need it
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
