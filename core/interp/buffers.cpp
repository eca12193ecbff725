#include "core/interp/buffers.h"

#include <cstring>
#ifdef __linux__
#include <sys/mman.h>
#endif
#include <new>
#include <utility>

namespace tl {

namespace {
constexpr std::size_t kAlign = 64;  // a cache line; also what AVX-512 loads like
// From this size on, whole fresh pages straight from the kernel: they are already zero, and
// transparent huge pages cut the page faults of a 16 MiB array from 4096 to 8.
constexpr std::size_t kMapBytes = std::size_t{1} << 21;

bool mapped(std::size_t bytes) {
#ifdef __linux__
    return bytes >= kMapBytes;
#else
    (void)bytes;
    return false;
#endif
}

// Zero-filled storage of `bytes` bytes, aligned to kAlign.
std::byte* allocate(std::size_t bytes) {
#ifdef __linux__
    if (mapped(bytes)) {
        void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
        madvise(p, bytes, MADV_HUGEPAGE);  // a hint; fine to be refused
        return static_cast<std::byte*>(p);
    }
#endif
    auto* p = static_cast<std::byte*>(
        ::operator new (bytes == 0 ? kAlign : bytes, std::align_val_t{kAlign}));
    std::memset(p, 0, bytes);
    return p;
}
}  // namespace

void Buffer::Free::operator()(std::byte* p) const {
#ifdef __linux__
    if (mapped(bytes)) {
        munmap(p, bytes);
        return;
    }
#endif
    ::operator delete (p, std::align_val_t{kAlign});
}

Buffer::Buffer(DType dtype, std::vector<std::int64_t> shape)
    : dtype_(dtype), shape_(std::move(shape)), strides_(shape_.size(), 1) {
    size_ = 1;
    for (std::size_t d = shape_.size(); d-- > 0;) {
        strides_[d] = size_;
        size_ *= shape_[d] < 0 ? 0 : shape_[d];
    }
    data_ = {allocate(bytes()), Free{bytes()}};
}

Buffer::Buffer(const Buffer& other)
    : dtype_(other.dtype_), shape_(other.shape_), strides_(other.strides_), size_(other.size_) {
    if (other.data_) {
        data_ = {allocate(bytes()), Free{bytes()}};
        std::memcpy(data_.get(), other.data_.get(), bytes());
    }
}

Buffer& Buffer::operator=(const Buffer& other) {
    if (this != &other) *this = Buffer(other);
    return *this;
}

double Buffer::get(std::int64_t i) const {
    return dispatch_dtype(dtype_, [&](auto tag) {
        using T = typename decltype(tag)::type;
        return to_double(data<T>()[i]);
    });
}

std::int64_t Buffer::get_int(std::int64_t i) const {
    return dispatch_dtype(dtype_, [&](auto tag) -> std::int64_t {
        using T = typename decltype(tag)::type;
        if constexpr (is_float_type<T>) {
            return from_double<std::int64_t>(to_double(data<T>()[i]));
        } else {
            return static_cast<std::int64_t>(data<T>()[i]);
        }
    });
}

void Buffer::set(std::int64_t i, double v) {
    dispatch_dtype(dtype_, [&](auto tag) {
        using T = typename decltype(tag)::type;
        data<T>()[i] = from_double<T>(v);
    });
}

void Buffer::set_int(std::int64_t i, std::int64_t v) {
    dispatch_dtype(dtype_, [&](auto tag) {
        using T = typename decltype(tag)::type;
        data<T>()[i] = from_int<T>(v);
    });
}

std::vector<double> Buffer::to_doubles() const {
    std::vector<double> out(static_cast<std::size_t>(size_));
    copy_to_doubles(out.data());
    return out;
}

void Buffer::copy_to_doubles(double* dst) const {
    dispatch_dtype(dtype_, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* p = data<T>();
        for (std::int64_t i = 0; i < size_; ++i) dst[i] = to_double(p[i]);
    });
}

std::vector<std::int64_t> Buffer::to_ints() const {
    std::vector<std::int64_t> out(static_cast<std::size_t>(size_));
    for (std::int64_t i = 0; i < size_; ++i) out[static_cast<std::size_t>(i)] = get_int(i);
    return out;
}

bool Buffer::same_value(std::int64_t i, const Buffer& other) const {
    if (other.dtype_ != dtype_) return get(i) == other.get(i);
    return dispatch_dtype(dtype_, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T a = data<T>()[i], b = other.data<T>()[i];
        if constexpr (is_float_type<T>) {
            const double da = to_double(a), db = to_double(b);
            return da == db || (std::isnan(da) && std::isnan(db));
        } else {
            return a == b;
        }
    });
}

std::int64_t Buffer::offset(std::span<const std::int64_t> index) const {
    std::int64_t off = 0;
    for (std::size_t d = 0; d < index.size() && d < strides_.size(); ++d)
        off += index[d] * strides_[d];
    return off;
}

std::vector<std::int64_t> Buffer::unravel(std::int64_t i) const {
    std::vector<std::int64_t> idx(shape_.size(), 0);
    for (std::size_t d = 0; d < shape_.size(); ++d) {
        idx[d] = strides_[d] > 0 ? i / strides_[d] : 0;
        i -= idx[d] * strides_[d];
    }
    return idx;
}

}  // namespace tl
