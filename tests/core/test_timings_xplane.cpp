// XProf's XSpace protobuf (xprof-xplane) and the protobuf wire reader under it. The spaces here
// are encoded by the test itself, field by field, in the layout jax.profiler writes.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/timings/io/protobuf_wire.h"
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::import_fixture;
using testing::import_text;

// --- a small encoder -----------------------------------------------------------------------

std::string varint(std::uint64_t v) {
    std::string out;
    do {
        out += static_cast<char>((v & 0x7f) | (v >= 0x80 ? 0x80 : 0));
        v >>= 7;
    } while (v != 0);
    return out;
}
std::string num(std::uint32_t field, std::int64_t v) {
    return varint(field << 3) + varint(static_cast<std::uint64_t>(v));
}
std::string bytes(std::uint32_t field, const std::string& v) {
    return varint((field << 3) | 2) + varint(v.size()) + v;
}

// XEvent: metadata_id 1, offset_ps 2, duration_ps 3. Times in microseconds, as in a trace.
std::string event(std::int64_t metadata, double ts_us, double dur_us) {
    return num(1, metadata) + num(2, static_cast<std::int64_t>(ts_us * 1e6 + 0.5)) +
           num(3, static_cast<std::int64_t>(dur_us * 1e6 + 0.5));
}
// XLine: name 2, timestamp_ns 3, events 4, display_name 11.
std::string line(const std::string& name, const std::vector<std::string>& events,
                 const std::string& display = "") {
    std::string out = num(1, 1) + bytes(2, name) + num(3, 1'700'000'000'000'000'000);
    for (const auto& e : events) out += bytes(4, e);
    if (!display.empty()) out += bytes(11, display);
    return out;
}
// One map<int64, XEventMetadata or XStatMetadata> entry: key 1, value 2 {id 1, name 2}.
std::string metadata(std::uint32_t field, std::int64_t id, const std::string& name) {
    return bytes(field, num(1, id) + bytes(2, num(1, id) + bytes(2, name)));
}
// XPlane: id 1, name 2, lines 3, event_metadata 4, stat_metadata 5, stats 6.
std::string plane(const std::string& name, const std::vector<std::string>& lines,
                  const std::vector<std::string>& ops, const std::string& device_type = "") {
    std::string out = num(1, 7) + bytes(2, name);
    for (const auto& l : lines) out += bytes(3, l);
    for (std::size_t i = 0; i < ops.size(); ++i)
        out += metadata(4, static_cast<std::int64_t>(i + 1), ops[i]);
    if (!device_type.empty()) {
        out += metadata(5, 3, "device_type_string");
        out += bytes(6, num(1, 3) + bytes(5, device_type));  // XStat: metadata_id 1, str 5
    }
    return out;
}
std::string space(const std::vector<std::string>& planes) {
    std::string out;
    for (const auto& p : planes) out += bytes(1, p);
    return out;
}

// The device of tests/golden/timings/chrome-trace/step.trace.json as an XSpace: the same
// ops at the same times on "XLA Ops", the same steps on "XLA Modules", and a host plane.
std::string step_space() {
    // Event metadata ids: 1 jit_step(1), 2 jit_inner(2), 3 matmul.1, 4 fusion.3, 5 matmul.2,
    // 6 copy.1.
    const std::vector<std::string> ops = {"jit_step(1)", "jit_inner(2)", "matmul.1",
                                          "fusion.3",    "matmul.2",     "copy.1"};
    const std::string modules =
        line("XLA Modules", {event(1, 100, 100), event(2, 110, 50), event(1, 300, 100)});
    const std::string xla_ops =
        line("XLA Ops", {event(3, 110, 20), event(4, 135, 10), event(5, 150, 30), event(5, 155, 10),
                         event(6, 160, 5), event(3, 310, 24), event(4, 340, 12)});
    const std::string host = plane("/host:CPU", {line("XLA Ops", {event(1, 0, 500)})}, ops);
    return space(
        {host, plane("/device:TPU:0", {line("XLA TraceMe", {event(1, 0, 900)}), modules, xla_ops},
                     ops, "TPU v4")});
}

ImportResult import_bytes(const std::string& data, ImportConfig config = {}) {
    if (config.file.empty()) config.file = "host.xplane.pb";
    return import_text("xprof-xplane", data, config);
}

const Diagnostic* warning_with(const ImportResult& r, const std::string& text) {
    for (const auto& w : r.warnings)
        if (w.message.find(text) != std::string::npos) return &w;
    return nullptr;
}

// --- the wire reader ----------------------------------------------------------------------

TEST(ProtobufWire, ReadsEachWireTypeWithItsOffset) {
    // varint 150 (field 1), fixed64 1.5 (field 2), bytes "hi" (field 3), fixed32 (field 4).
    std::string data = num(1, 150);
    data += varint((2 << 3) | 1);
    const double d = 1.5;
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, 8);
    for (int i = 0; i < 8; ++i) data += static_cast<char>((bits >> (8 * i)) & 0xff);
    data += bytes(3, "hi");
    data += varint((4 << 3) | 5) + std::string("\x01\x02\x00\x00", 4);
    pb::WireStatus status;
    pb::WireReader r(data, status);
    pb::WireField f;
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(f.number, 1u);
    EXPECT_EQ(f.value, 150u);
    EXPECT_EQ(f.offset, 0u);
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(f.type, pb::WireType::Fixed64);
    EXPECT_EQ(f.as_double(), 1.5);
    EXPECT_EQ(f.offset, 3u);
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(f.bytes, "hi");
    EXPECT_EQ(f.bytes_offset, 14u);
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(f.type, pb::WireType::Fixed32);
    EXPECT_EQ(f.value, 0x0201u);
    EXPECT_FALSE(r.next(f));
    EXPECT_TRUE(status.ok()) << status.error;
    // The largest varint there is, and a negative int64 (ten bytes).
    std::size_t pos = 0;
    std::uint64_t v = 0;
    const std::string max = varint(~std::uint64_t{0});
    ASSERT_EQ(max.size(), 10u);
    EXPECT_TRUE(pb::read_varint(max, pos, v));
    EXPECT_EQ(v, ~std::uint64_t{0});
}

TEST(ProtobufWire, MalformedInputStopsWithTheByteOffset) {
    const auto error_of = [](const std::string& data) {
        pb::WireStatus status;
        pb::WireReader r(data, status);
        pb::WireField f;
        while (r.next(f)) {
        }
        return status.error;
    };
    // A varint whose last byte is missing: the tag at 0 is fine, the value at 1 is cut.
    EXPECT_EQ(error_of(std::string("\x08\x96", 2)),
              "a varint cut short by the end of its message at byte 1");
    // Eleven continuation bytes: longer than 64 bits.
    EXPECT_EQ(error_of("\x08" + std::string(11, '\xff')), "a varint longer than 64 bits at byte 1");
    // Ten bytes whose last holds more than the 64th bit.
    EXPECT_EQ(error_of("\x08" + std::string(9, '\xff') + "\x02"),
              "a varint longer than 64 bits at byte 1");
    // A length past the end: 5 declared, 2 there; the length's own offset is named.
    EXPECT_EQ(error_of(num(1, 1) + "\x12\x05" + "ab"),
              "a field of 5 bytes where 2 remain in its message (truncated or damaged) at byte 3");
    // A gigantic length is compared, not allocated.
    EXPECT_EQ(error_of("\x0a" + varint(std::uint64_t{1} << 62) + "x"),
              "a field of 4611686018427387904 bytes where 1 remain in its message (truncated or "
              "damaged) at byte 1");
    EXPECT_EQ(error_of("\x09\x01\x02"),
              "a 64-bit value cut short by the end of its message at "
              "byte 1");
    EXPECT_EQ(error_of(num(2, 5) + "\x0b"),
              "a group (wire type 3), which this reader does not read at byte 2");
    EXPECT_EQ(error_of("\x0e"), "an unknown wire type 6 at byte 0");
    EXPECT_EQ(error_of(std::string("\x00\x01", 2)),
              "a field number of 0 (not 1 to 536870911): not protobuf data, or damaged at byte 0");
    EXPECT_EQ(error_of(""), "");
}

TEST(ProtobufWire, NestingPastTheLimitIsRefusedWithItsOffset) {
    // Forty messages inside each other: field 1 of field 1 of ...
    std::string data = num(2, 1);
    for (int i = 0; i < 40; ++i) data = bytes(1, data);
    pb::WireStatus status;
    std::optional<pb::WireReader> r = pb::WireReader(data, status);
    int depth = 0;
    pb::WireField f;
    while (r && r->next(f) && f.number == 1) {
        r = r->nested(f);
        if (r) depth = r->depth();
    }
    EXPECT_EQ(depth, pb::kMaxNesting);
    ASSERT_FALSE(status.ok());
    // Each level's tag and length take two bytes: level 33 starts at byte 66.
    EXPECT_EQ(status.error, "messages nested more than 32 deep at byte 66");
    EXPECT_EQ(status.offset, 66u);
}

// --- the importer -------------------------------------------------------------------------

TEST(Xplane, TpuOpsAreTheChromeTraceOnesOfTheSameCapture) {
    const auto r = import_bytes(step_space());
    ASSERT_TRUE(r.complete) << all_warnings(r);
    EXPECT_TRUE(r.warnings.empty()) << all_warnings(r);
    const auto t = import_fixture("chrome-trace", "chrome-trace/step.trace.json");
    ASSERT_EQ(r.records.size(), 3u) << all_warnings(r);
    ASSERT_EQ(t.records.size(), r.records.size());
    for (std::size_t i = 0; i < r.records.size(); ++i) {
        const auto& x = r.records[i];
        const auto& c = t.records[i];
        EXPECT_EQ(x.kernel, c.kernel);
        EXPECT_EQ(x.label, c.label);
        EXPECT_EQ(x.n, c.n);
        EXPECT_EQ(x.device, c.device);
        EXPECT_EQ(x.method, TimingMethod::DeviceProfiler);
        EXPECT_EQ(x.source, TimingSource::Measured);
        EXPECT_EQ(x.format, "xprof-xplane");
        EXPECT_EQ(x.file, "host.xplane.pb");
        EXPECT_EQ(x.target, "tpu-v4");  // the plane's device_type_string, "TPU v4"
        EXPECT_FALSE(c.target);
        for (auto field : {&TimingRecord::median_s, &TimingRecord::min_s, &TimingRecord::max_s,
                           &TimingRecord::mean_s, &TimingRecord::share})
            EXPECT_NEAR((x.*field).value_or(-1), (c.*field).value_or(-2), 1e-12) << i;
    }
    // As the chrome-trace test counts it: matmul 20, 24, 30 us (the nested matmul.2 not
    // counted), 74 of the steps' 200 us.
    EXPECT_EQ(r.records[0].kernel, "matmul");
    EXPECT_EQ(r.records[0].n, 3);
    EXPECT_NEAR(*r.records[0].median_s, 24e-6, 1e-15);
    EXPECT_NEAR(*r.records[0].share, 0.37, 1e-12);
}

TEST(Xplane, GpuKernelsOnComputeStreamsWithoutCopies) {
    const std::vector<std::string> ops = {"matmul_kernel", "MemcpyH2D", "loop_add_fusion"};
    const std::string compute =
        line("Stream #13", {event(1, 100, 412.75), event(3, 520, 9.5), event(1, 1100, 408.25)},
             "Stream #13(Compute)");
    const std::string copies = line("Stream #14", {event(2, 10, 80.25)}, "Stream #14(MemcpyH2D)");
    const std::string mixed = line("Stream #15", {event(2, 10, 5)}, "Stream #15(Compute)");
    const auto r = import_bytes(space({plane("/device:GPU:0", {compute, copies, mixed}, ops)}));
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    EXPECT_EQ(r.records[0].kernel, "matmul_kernel");
    EXPECT_EQ(r.records[0].n, 2);
    EXPECT_NEAR(*r.records[0].median_s, (412.75e-6 + 408.25e-6) / 2, 1e-15);
    EXPECT_EQ(r.records[0].device, "/device:GPU:0");
    EXPECT_FALSE(r.records[0].target);  // the plane names no device type
    EXPECT_EQ(r.records[1].kernel, "loop_add_fusion");
    // No XLA Modules line: no share, and a warning says why.
    EXPECT_FALSE(r.records[0].share);
    EXPECT_TRUE(warning_with(r, "no 'XLA Modules' time on /device:GPU:0")) << all_warnings(r);
}

TEST(Xplane, DetectionPicksItFromTheFirstBytes) {
    const std::string data = step_space();
    const TimingImporter* imp = detect_timing_format("host.xplane.pb", data.substr(0, 40));
    ASSERT_NE(imp, nullptr);
    EXPECT_EQ(imp->format_id(), "xprof-xplane");
    // Through the file: a plain .xplane.pb, found by its content.
    const auto path = std::filesystem::temp_directory_path() / "tilelens_test_host.xplane.pb";
    {
        std::ofstream out(path, std::ios::binary);
        out << data;
    }
    const auto r = import_timing_file(path.string());
    std::filesystem::remove(path);
    EXPECT_EQ(r.records.size(), 3u) << all_warnings(r);
    ASSERT_FALSE(r.records.empty());
    EXPECT_EQ(r.records[0].format, "xprof-xplane");
}

TEST(Xplane, OtherFilesAreNotClaimed) {
    const TimingImporter* imp = find_timing_importer("xprof-xplane");
    ASSERT_NE(imp, nullptr);
    const std::string png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
    const std::string gzip("\x1f\x8b\x08\0\0\0\0\0", 8);
    const std::string elf(
        "\x7f"
        "ELF\x02\x01\x01\0",
        8);
    for (const auto& head : {png, gzip, elf, std::string("{\"traceEvents\": []}"),
                             std::string("name,time\nmatmul,1\n"), std::string("\nname,x\n"),
                             std::string(), std::string("\x0a", 1)})
        EXPECT_FALSE(imp->supports("x.pb", head)) << head;
    // Protobuf, but not an XSpace: its first field holds no plane named in text.
    EXPECT_FALSE(imp->supports("x.pb", bytes(1, bytes(2, std::string("\x01\x02\xff", 3)))));
    EXPECT_FALSE(imp->supports("x.pb", bytes(1, num(3, 4))));
    EXPECT_FALSE(imp->supports("x.pb", bytes(2, "/device:TPU:0")));
    // A real XSpace under a text name is not taken for one.
    EXPECT_FALSE(imp->supports("x.json", step_space()));
    EXPECT_TRUE(imp->supports("x.pb", step_space()));
    EXPECT_TRUE(imp->supports("x.pb", step_space().substr(0, 40)));  // the head ends in a plane
}

TEST(Xplane, TruncatedSpaceKeepsTheDevicesReadBeforeTheCut) {
    const std::string whole = step_space();
    const std::string cut = whole + whole.substr(0, 10);  // inside the second copy's first plane
    const auto r = import_bytes(cut);
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.records.size(), 3u) << all_warnings(r);
    // The second copy's first plane: its length is at byte whole.size() + 1.
    const std::string at = "at byte " + std::to_string(whole.size() + 1);
    const auto* w = warning_with(r, "the XSpace is damaged or truncated (a field of ");
    ASSERT_NE(w, nullptr) << all_warnings(r);
    EXPECT_NE(w->message.find(at), std::string::npos) << w->message;
}

TEST(Xplane, MalformedSpacesWarnWithTheOffsetAndNeverCrash) {
    const auto damaged = [](const std::string& data, const std::string& text) {
        const auto r = import_bytes(data);
        EXPECT_FALSE(r.complete);
        EXPECT_TRUE(r.records.empty());
        const auto* w = warning_with(r, text);
        EXPECT_NE(w, nullptr) << all_warnings(r);
        EXPECT_TRUE(warning_with(r, "the XSpace is damaged or truncated")) << all_warnings(r);
    };
    // A varint cut by the end of the file, right after a tag.
    damaged(std::string("\x0a\x80", 2), "a varint cut short by the end of its message at byte 1");
    // A gigantic declared length: refused, nothing allocated for it.
    damaged("\x0a" + varint(std::uint64_t{1} << 62),
            "a field of 4611686018427387904 bytes where 0 remain");
    // A plane whose line declares more bytes than the plane holds: the line's length is at
    // byte 2 + 2 + 15 + 1 (the space's tag and length, the plane's id and name, the line's
    // tag).
    const std::string inner = num(1, 7) + bytes(2, "/device:TPU:0") + "\x1a\x7f" + "xx";
    damaged(bytes(1, inner), "where 2 remain in its message (truncated or damaged) at byte 20");
    // An event deep in a device plane's XLA Ops line, cut inside its duration varint.
    std::string bad_event = num(1, 1) + num(2, 5) + "\x18\xff";
    const std::string ops = line("XLA Ops", {bad_event});
    damaged(space({plane("/device:TPU:0", {ops}, {"fusion.1"})}), "a varint cut short");
    // A space saved as text: every byte that is not UTF-8 became EF BF BD.
    std::string mangled;
    for (char c : step_space())
        mangled += static_cast<unsigned char>(c) < 0x80 ? std::string(1, c) : "\xef\xbf\xbd";
    damaged(mangled, "U+FFFD replacement characters (EF BF BD): the file was saved as text");
    // Random bytes, read as an XSpace anyway.
    std::string noise;
    for (int i = 0; i < 4096; ++i) noise += static_cast<char>((i * 2654435761u) >> 13);
    const auto r = import_bytes(noise);
    EXPECT_TRUE(r.records.empty());
    EXPECT_FALSE(r.warnings.empty());
}

TEST(Xplane, EventsItCannotTimeAreSkippedWithAWarning) {
    const std::vector<std::string> names = {"jit_step(1)", "fusion.1"};
    // An aggregated event (num_occurrences 5, no offset), an event naming metadata 9 that the
    // plane lacks, and one timed event.
    const std::string aggregated = num(1, 2) + num(5, 4) + num(3, 1000);
    const std::string unnamed = num(1, 9) + num(2, 0) + num(3, 1000);
    const std::string ops = line("XLA Ops", {aggregated, unnamed, event(2, 10, 2)});
    const std::string modules = line("XLA Modules", {event(1, 0, 20)});
    std::string data = space({plane("/device:TPU:0", {modules, ops}, names, "TPU v9 Ultra")});
    data += bytes(2, "Profiler failed on host 3");  // XSpace.errors
    const auto r = import_bytes(data);
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_EQ(r.records[0].kernel, "fusion");
    EXPECT_NEAR(*r.records[0].median_s, 2e-6, 1e-15);
    EXPECT_NEAR(*r.records[0].share, 0.1, 1e-12);
    EXPECT_FALSE(r.records[0].target);
    EXPECT_TRUE(warning_with(r, "an aggregated event")) << all_warnings(r);
    EXPECT_TRUE(warning_with(r, "metadata id 9 names no op")) << all_warnings(r);
    EXPECT_TRUE(warning_with(r, "device type 'TPU v9 Ultra'")) << all_warnings(r);
    EXPECT_TRUE(warning_with(r, "Profiler failed on host 3")) << all_warnings(r);
}

TEST(Xplane, ASpaceWithoutDeviceOpsSaysSo) {
    const auto r = import_bytes(space({plane("/host:CPU", {line("python3", {})}, {})}));
    EXPECT_TRUE(r.records.empty());
    EXPECT_TRUE(warning_with(r, "1 planes, 0 of a device, and no 'XLA Ops'")) << all_warnings(r);
}

TEST(Xplane, CancelStopsTheImport) {
    std::istringstream in(step_space());
    ImportConfig config;
    config.file = "host.xplane.pb";
    const auto r =
        find_timing_importer("xprof-xplane")->import(in, config, [](std::uint64_t, std::uint64_t) {
            return false;
        });
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(r.records.empty());
    EXPECT_TRUE(warning_with(r, "import cancelled"));
}

}  // namespace
}  // namespace tl
