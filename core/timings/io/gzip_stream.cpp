#include "core/timings/io/gzip_stream.h"

#include <zlib.h>

#include "core/base/format.h"
#include "core/base/limits.h"

namespace tl {
namespace {
constexpr std::size_t kChunk = 1 << 16;
}

struct GzipStreambuf::State {
    z_stream zs{};
    bool ready = false;
};

bool is_gzip(std::string_view first_bytes) {
    return first_bytes.size() >= 2 && static_cast<unsigned char>(first_bytes[0]) == 0x1f &&
           static_cast<unsigned char>(first_bytes[1]) == 0x8b;
}

GzipStreambuf::GzipStreambuf(std::istream& compressed)
    : src_(compressed), z_(std::make_unique<State>()), in_(kChunk), out_(kChunk * 4) {
    // 15 + 32: a gzip or zlib header, detected automatically.
    z_->ready = inflateInit2(&z_->zs, 15 + 32) == Z_OK;
    if (!z_->ready) error_ = "zlib could not be initialised";
    setg(out_.data(), out_.data(), out_.data());
}

GzipStreambuf::~GzipStreambuf() {
    if (z_->ready) inflateEnd(&z_->zs);
}

bool GzipStreambuf::fill_input() {
    src_.read(in_.data(), static_cast<std::streamsize>(in_.size()));
    const auto got = static_cast<std::size_t>(src_.gcount());
    compressed_read_ += got;
    z_->zs.next_in = reinterpret_cast<Bytef*>(in_.data());
    z_->zs.avail_in = static_cast<uInt>(got);
    return got > 0;
}

GzipStreambuf::int_type GzipStreambuf::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    auto& zs = z_->zs;
    while (!finished_ && error_.empty()) {
        if (zs.avail_in == 0 && !fill_input()) {
            // The input ends: fine after a whole member, truncated inside one.
            if (!member_ended_)
                error_ =
                    "the gzip data is truncated (the file ends inside the compressed "
                    "stream): copy the file again";
            finished_ = true;
            break;
        }
        if (member_ended_) {
            // Another gzip member follows (as `cat a.gz b.gz` makes); other bytes are
            // trailing padding, ignored as gzip does.
            if (zs.avail_in >= 2 && zs.next_in[0] == 0x1f && zs.next_in[1] == 0x8b) {
                inflateReset(&zs);
                member_ended_ = false;
            } else {
                finished_ = true;
                break;
            }
        }
        zs.next_out = reinterpret_cast<Bytef*>(out_.data());
        zs.avail_out = static_cast<uInt>(out_.size());
        const int rc = inflate(&zs, Z_NO_FLUSH);
        const std::size_t produced = out_.size() - zs.avail_out;
        if (rc == Z_STREAM_END) {
            member_ended_ = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            error_ = std::string("the gzip data is corrupt (") + (zs.msg ? zs.msg : "zlib error") +
                     "): copy the file again";
        }
        if (produced > 0 && (output_ += produced) > max_output_) {
            error_ = over_limit_message(
                "the decompressed file",
                "more than " + format_bytes_short(static_cast<std::int64_t>(output_ - produced)),
                LimitId::TimingFileBytes, std::nullopt, static_cast<std::int64_t>(max_output_));
            finished_ = true;
            break;
        }
        if (produced > 0) {
            setg(out_.data(), out_.data(), out_.data() + produced);
            return traits_type::to_int_type(*gptr());
        }
    }
    return traits_type::eof();
}

}  // namespace tl
