#include "core/pyrun/npy.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <regex>

namespace tl {
namespace {

template <class T>
void convert(const std::vector<char>& raw, std::vector<double>& out) {
    const std::size_t n = raw.size() / sizeof(T);
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        T v;
        std::memcpy(&v, raw.data() + i * sizeof(T), sizeof(T));
        out[i] = static_cast<double>(v);
    }
}

// The element size of a supported descr, 0 for others.
int element_bytes(const std::string& d) {
    static const std::pair<const char*, int> kKnown[] = {
        {"<f4", 4}, {"<f8", 8}, {"|i1", 1}, {"<i2", 2}, {"<i4", 4}, {"<i8", 8},
        {"|u1", 1}, {"<u2", 2}, {"<u4", 4}, {"<u8", 8}, {"|b1", 1}, {"<f2", 2}};
    for (const auto& [name, bytes] : kKnown)
        if (d == name) return bytes;
    return 0;
}

double half_to_double(std::uint16_t h) {
    const int exp = (h >> 10) & 0x1f;
    const int mant = h & 0x3ff;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exp == 0) return sign * std::ldexp(mant, -24);
    if (exp == 31)
        return mant ? std::numeric_limits<double>::quiet_NaN()
                    : sign * std::numeric_limits<double>::infinity();
    return sign * std::ldexp(mant + 1024, exp - 25);
}

void decode(const std::string& d, const std::vector<char>& raw, std::vector<double>& out) {
    if (d == "<f4") return convert<float>(raw, out);
    if (d == "<f8") return convert<double>(raw, out);
    if (d == "|i1") return convert<std::int8_t>(raw, out);
    if (d == "<i2") return convert<std::int16_t>(raw, out);
    if (d == "<i4") return convert<std::int32_t>(raw, out);
    if (d == "<i8") return convert<std::int64_t>(raw, out);
    if (d == "|u1" || d == "|b1") return convert<std::uint8_t>(raw, out);
    if (d == "<u2") return convert<std::uint16_t>(raw, out);
    if (d == "<u4") return convert<std::uint32_t>(raw, out);
    if (d == "<u8") return convert<std::uint64_t>(raw, out);
    std::vector<double> v(raw.size() / 2);
    for (std::size_t i = 0; i < v.size(); ++i) {
        std::uint16_t h;
        std::memcpy(&h, raw.data() + 2 * i, 2);
        v[i] = half_to_double(h);
    }
    out = std::move(v);
}

}  // namespace

std::optional<NpyArray> read_npy(const std::string& path, std::string* error,
                                 std::int64_t max_elements) {
    const auto fail = [&](const std::string& why) -> std::optional<NpyArray> {
        if (error) *error = path + ": " + why;
        return std::nullopt;
    };
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot open the file");
    char magic[8];
    if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0)
        return fail("not a .npy file");
    std::uint32_t header_len = 0;
    if (magic[6] == 1) {
        unsigned char b[2];
        if (!in.read(reinterpret_cast<char*>(b), 2)) return fail("truncated header");
        header_len = b[0] | (b[1] << 8);
    } else if (magic[6] == 2 || magic[6] == 3) {
        unsigned char b[4];
        if (!in.read(reinterpret_cast<char*>(b), 4)) return fail("truncated header");
        header_len = b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<std::uint32_t>(b[3]) << 24);
    } else {
        return fail("unknown .npy version " + std::to_string(magic[6]));
    }
    if (header_len > (1u << 20)) return fail("header too long");
    std::string header(header_len, '\0');
    if (!in.read(header.data(), header_len)) return fail("truncated header");

    std::smatch m;
    NpyArray a;
    if (!std::regex_search(header, m, std::regex(R"('descr':\s*'([^']*)')")))
        return fail("no dtype in the header");
    a.descr = m[1];
    if (std::regex_search(header, m, std::regex(R"('fortran_order':\s*True)")))
        return fail("Fortran-order arrays are not read");
    if (!std::regex_search(header, m, std::regex(R"('shape':\s*\(([^)]*)\))")))
        return fail("no shape in the header");
    const int bytes = element_bytes(a.descr);
    if (bytes == 0) return fail("unsupported dtype '" + a.descr + "'");
    std::int64_t count = 1;
    const std::string dims = m[1];
    const std::regex number(R"(\d+)");
    for (auto it = std::sregex_iterator(dims.begin(), dims.end(), number);
         it != std::sregex_iterator(); ++it) {
        const auto s = it->str();
        if (s.size() > 12) return fail("a dimension is too large");
        const std::int64_t d = std::stoll(s);
        a.shape.push_back(d);
        if (a.shape.size() > 6) return fail("more than 6 dimensions");
        if (d != 0 && count > max_elements / d) return fail("more elements than the limit");
        count *= d;
    }
    if (count > max_elements) return fail("more elements than the limit");
    std::vector<char> raw(static_cast<std::size_t>(count) * static_cast<std::size_t>(bytes));
    if (!in.read(raw.data(), static_cast<std::streamsize>(raw.size())))
        return fail("the data is shorter than the shape says");
    decode(a.descr, raw, a.values);
    return a;
}

}  // namespace tl
