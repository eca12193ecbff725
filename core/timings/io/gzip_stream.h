#pragma once
// Reading `.gz` timing files: zlib inflates the compressed stream in chunks as the importer
// reads, so a large compressed trace is never decompressed whole into memory.
#include <cstdint>
#include <istream>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace tl {

// True when the bytes start with the gzip magic number (1f 8b).
bool is_gzip(std::string_view first_bytes);

class GzipStreambuf : public std::streambuf {
public:
    explicit GzipStreambuf(std::istream& compressed);
    ~GzipStreambuf() override;
    GzipStreambuf(const GzipStreambuf&) = delete;
    GzipStreambuf& operator=(const GzipStreambuf&) = delete;

    // Empty while the data is sound; otherwise why reading stopped early (a truncated file,
    // or zlib's message for corrupt data).
    const std::string& error() const { return error_; }
    std::uint64_t compressed_bytes_read() const { return compressed_read_; }
    // Past this many decompressed bytes reading stops with error() naming the limit: a small
    // file can inflate a thousandfold (timing-file-bytes, docs/bad-input.md).
    void set_max_output(std::uint64_t bytes) { max_output_ = bytes; }

protected:
    int_type underflow() override;

private:
    struct State;
    bool fill_input();

    std::istream& src_;
    std::unique_ptr<State> z_;
    std::vector<char> in_, out_;
    bool member_ended_ = false;
    bool finished_ = false;
    std::uint64_t compressed_read_ = 0;
    std::uint64_t output_ = 0;
    std::uint64_t max_output_ = UINT64_MAX;
    std::string error_;
};

}  // namespace tl
