// Thrust's containers and common algorithms for hip2vortex: an `#include <thrust/...>` of a
// program is this file, translated with the program (libraries/README.md). Device memory is the
// HIP runtime's; the algorithms run on the host (a device range is copied in, computed with the
// C++ standard library and copied back), so they are correct on every backend, for programs whose
// time is not in them, and their functors must be callable on the host (__host__ __device__).
#pragma once

#include <hip/hip_runtime.h>
#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <numeric>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

namespace thrust {

template <typename T>
class device_reference;

/**
 * A pointer to device memory. Kernels may take one and dereference it; on the host it is an
 * iterator the algorithms copy through, and an element is read and written through copies.
 */
template <typename T>
class device_ptr {
 public:
  typedef T value_type;
  typedef std::ptrdiff_t difference_type;
  typedef T *pointer;
  typedef std::random_access_iterator_tag iterator_category;

  device_ptr() = default;
  __host__ __device__ explicit device_ptr(T *p) : p_(p) {}
  /** device_ptr<T> to device_ptr<const T>. */
  template <typename U, typename = typename std::enable_if<std::is_convertible<U *, T *>::value>::type>
  __host__ __device__ device_ptr(const device_ptr<U> &other) : p_(other.get()) {}
  __host__ __device__ T *get() const { return p_; }
#ifdef __HIP_DEVICE_COMPILE__
  typedef T &reference;
  __device__ T &operator*() const { return *p_; }
  __device__ T &operator[](difference_type n) const { return p_[n]; }
#else
  typedef device_reference<T> reference;
  device_reference<T> operator*() const { return device_reference<T>(p_); }
  device_reference<T> operator[](difference_type n) const { return device_reference<T>(p_ + n); }
#endif
  __host__ __device__ device_ptr operator+(difference_type n) const { return device_ptr(p_ + n); }
  __host__ __device__ device_ptr operator-(difference_type n) const { return device_ptr(p_ - n); }
  __host__ __device__ difference_type operator-(const device_ptr &other) const { return p_ - other.p_; }
  __host__ __device__ device_ptr &operator+=(difference_type n) { p_ += n; return *this; }
  __host__ __device__ device_ptr &operator-=(difference_type n) { p_ -= n; return *this; }
  __host__ __device__ device_ptr &operator++() { ++p_; return *this; }
  __host__ __device__ device_ptr &operator--() { --p_; return *this; }
  __host__ __device__ bool operator==(const device_ptr &other) const { return p_ == other.p_; }
  __host__ __device__ bool operator!=(const device_ptr &other) const { return p_ != other.p_; }
  __host__ __device__ bool operator<(const device_ptr &other) const { return p_ < other.p_; }

 private:
  T *p_;
};

template <typename T>
__host__ __device__ T *raw_pointer_cast(device_ptr<T> p) { return p.get(); }
template <typename T>
__host__ __device__ T *raw_pointer_cast(T *p) { return p; }

/** thrust::complex, on the host and the device; aligned as Thrust aligns it (twice its part). */
template <typename T>
struct alignas(2 * sizeof(T)) complex {
  T re;
  T im;

  __host__ __device__ complex(const T &real = T(), const T &imag = T()) : re(real), im(imag) {}
  template <typename U>
  __host__ __device__ complex(const complex<U> &other) : re(T(other.real())), im(T(other.imag())) {}
  __host__ __device__ T real() const { return re; }
  __host__ __device__ T imag() const { return im; }
  __host__ __device__ void real(T value) { re = value; }
  __host__ __device__ void imag(T value) { im = value; }
  __host__ __device__ complex &operator+=(const complex &o) { return *this = *this + o; }
  __host__ __device__ complex &operator-=(const complex &o) { return *this = *this - o; }
  __host__ __device__ complex &operator*=(const complex &o) { return *this = *this * o; }
  __host__ __device__ complex &operator/=(const complex &o) { return *this = *this / o; }
};

template <typename T>
__host__ __device__ complex<T> operator+(const complex<T> &a, const complex<T> &b) { return complex<T>(a.re + b.re, a.im + b.im); }
template <typename T>
__host__ __device__ complex<T> operator-(const complex<T> &a, const complex<T> &b) { return complex<T>(a.re - b.re, a.im - b.im); }
template <typename T>
__host__ __device__ complex<T> operator-(const complex<T> &a) { return complex<T>(-a.re, -a.im); }
template <typename T>
__host__ __device__ complex<T> operator*(const complex<T> &a, const complex<T> &b) { return complex<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); }
template <typename T>
__host__ __device__ complex<T> operator*(const complex<T> &a, const T &b) { return complex<T>(a.re * b, a.im * b); }
template <typename T>
__host__ __device__ complex<T> operator*(const T &a, const complex<T> &b) { return complex<T>(a * b.re, a * b.im); }
template <typename T>
__host__ __device__ complex<T> operator/(const complex<T> &a, const complex<T> &b) {
  const T d = b.re * b.re + b.im * b.im;
  return complex<T>((a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d);
}
template <typename T>
__host__ __device__ complex<T> operator/(const complex<T> &a, const T &b) { return complex<T>(a.re / b, a.im / b); }
template <typename T>
__host__ __device__ bool operator==(const complex<T> &a, const complex<T> &b) { return a.re == b.re && a.im == b.im; }
template <typename T>
__host__ __device__ bool operator!=(const complex<T> &a, const complex<T> &b) { return !(a == b); }
template <typename T>
__host__ __device__ T norm(const complex<T> &z) { return z.re * z.re + z.im * z.im; }
template <typename T>
__host__ __device__ T abs(const complex<T> &z) { return sqrt(norm(z)); }
template <typename T>
__host__ __device__ complex<T> conj(const complex<T> &z) { return complex<T>(z.re, -z.im); }

}  // namespace thrust

// The rest is host code only: a program's device code sees none of it.
#ifndef __HIP_DEVICE_COMPILE__

// Thrust 2.6, as ROCm's rocThrust reports it.
#define THRUST_VERSION 200600
#define THRUST_MAJOR_VERSION 2
#define THRUST_MINOR_VERSION 6
#define THRUST_SUBMINOR_VERSION 0

namespace thrust {

using std::get;
using std::make_pair;
using std::make_tuple;
using std::pair;
using std::tuple;

/** Where the raw pointers an algorithm is given point: `thrust::host` (the default) or `thrust::device`. */
struct execution_policy {
  bool device;
  execution_policy on(hipStream_t) const { return *this; }
};

static const execution_policy host = {false};
static const execution_policy device = {true};
namespace hip {
static const execution_policy par = {true};
static const execution_policy par_nosync = {true};
}  // namespace hip
namespace cuda = hip;

/** An element of device memory, read and written through copies. */
template <typename T>
class device_reference {
 public:
  explicit device_reference(T *p) : p_(p) {}
  operator T() const {
    typename std::remove_const<T>::type value;
    hipMemcpy(&value, p_, sizeof(T), hipMemcpyDeviceToHost);
    return value;
  }
  device_reference &operator=(const T &value) {
    hipMemcpy(p_, &value, sizeof(T), hipMemcpyHostToDevice);
    return *this;
  }
  device_reference &operator=(const device_reference &other) { return *this = T(other); }
  device_ptr<T> operator&() const { return device_ptr<T>(p_); }

 private:
  T *p_;
};

template <typename T>
device_ptr<T> device_pointer_cast(T *p) { return device_ptr<T>(p); }
template <typename T>
device_ptr<T> device_pointer_cast(device_ptr<T> p) { return p; }

template <typename T>
device_ptr<T> device_malloc(size_t n) {
  T *p = nullptr;
  hipMalloc(&p, n * sizeof(T));
  return device_ptr<T>(p);
}
template <typename T>
void device_free(device_ptr<T> p) { hipFree(p.get()); }

template <typename T>
using host_vector = std::vector<T>;

/** A vector in device memory. */
template <typename T>
class device_vector {
 public:
  typedef T value_type;
  typedef device_ptr<T> iterator;
  typedef device_ptr<T> const_iterator;
  typedef device_reference<T> reference;
  typedef size_t size_type;

  device_vector() : data_(nullptr), size_(0) {}
  explicit device_vector(size_t n, const T &value = T()) : data_(nullptr), size_(0) { resize(n, value); }
  device_vector(const device_vector &other) : data_(nullptr), size_(0) { *this = other; }
  device_vector(const std::vector<T> &items) : data_(nullptr), size_(0) { *this = items; }
  template <typename InputIterator, typename = typename std::enable_if<!std::is_integral<InputIterator>::value>::type>
  device_vector(InputIterator first, InputIterator last) : data_(nullptr), size_(0) { *this = std::vector<T>(first, last); }
  ~device_vector() { hipFree(data_); }

  device_vector &operator=(const device_vector &other) {
    if (this != &other) {
      Allocate(other.size_);
      if (size_) hipMemcpy(data_, other.data_, size_ * sizeof(T), hipMemcpyDeviceToDevice);
    }
    return *this;
  }
  device_vector &operator=(const std::vector<T> &items) {
    Allocate(items.size());
    if (size_) hipMemcpy(data_, items.data(), size_ * sizeof(T), hipMemcpyHostToDevice);
    return *this;
  }
  /** `thrust::host_vector<T> h = d;` */
  operator std::vector<T>() const {
    std::vector<T> items(size_);
    if (size_) hipMemcpy(items.data(), data_, size_ * sizeof(T), hipMemcpyDeviceToHost);
    return items;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  device_ptr<T> data() const { return device_ptr<T>(data_); }
  device_ptr<T> begin() const { return device_ptr<T>(data_); }
  device_ptr<T> end() const { return device_ptr<T>(data_ + size_); }
  device_ptr<const T> cbegin() const { return device_ptr<const T>(data_); }
  device_ptr<const T> cend() const { return device_ptr<const T>(data_ + size_); }
  device_reference<T> operator[](size_t i) const { return device_reference<T>(data_ + i); }
  device_reference<T> front() const { return (*this)[0]; }
  device_reference<T> back() const { return (*this)[size_ - 1]; }
  void clear() { Allocate(0); }
  void resize(size_t n, const T &value = T()) {
    std::vector<T> items = *this;
    items.resize(n, value);
    *this = items;
  }

 private:
  void Allocate(size_t n) {
    if (n == size_) return;
    hipFree(data_);
    data_ = nullptr;
    size_ = n;
    if (n) hipMalloc(&data_, n * sizeof(T));
  }

  T *data_;
  size_t size_;
};

// Functional objects.
template <typename A, typename R>
struct unary_function {
  typedef A argument_type;
  typedef R result_type;
};
template <typename A, typename B, typename R>
struct binary_function {
  typedef A first_argument_type;
  typedef B second_argument_type;
  typedef R result_type;
};
template <typename T = void>
struct plus {
  template <typename A, typename B>
  auto operator()(const A &a, const B &b) const -> decltype(a + b) { return a + b; }
};
template <typename T = void>
struct minus {
  template <typename A, typename B>
  auto operator()(const A &a, const B &b) const -> decltype(a - b) { return a - b; }
};
template <typename T = void>
struct multiplies {
  template <typename A, typename B>
  auto operator()(const A &a, const B &b) const -> decltype(a * b) { return a * b; }
};
template <typename T = void>
struct maximum {
  template <typename A>
  A operator()(const A &a, const A &b) const { return std::max(a, b); }
};
template <typename T = void>
struct minimum {
  template <typename A>
  A operator()(const A &a, const A &b) const { return std::min(a, b); }
};
template <typename T = void>
struct less {
  template <typename A, typename B>
  bool operator()(const A &a, const B &b) const { return std::less<>()(a, b); }
};
template <typename T = void>
struct greater {
  template <typename A, typename B>
  bool operator()(const A &a, const B &b) const { return std::greater<>()(a, b); }
};
template <typename T = void>
struct equal_to {
  template <typename A, typename B>
  bool operator()(const A &a, const B &b) const { return std::equal_to<>()(a, b); }
};
template <typename T = void>
struct negate {
  template <typename A>
  A operator()(const A &a) const { return -a; }
};
template <typename T = void>
struct identity {
  template <typename A>
  A operator()(const A &a) const { return a; }
};

typedef std::minstd_rand default_random_engine;

namespace detail {

template <typename Iterator>
using Value = typename std::remove_const<typename std::iterator_traits<Iterator>::value_type>::type;

/** Whether an iterator's items are in device memory: a device_ptr, or a raw pointer under a device policy. */
template <typename T>
bool OnDevice(const execution_policy &, device_ptr<T>) { return true; }
template <typename T>
bool OnDevice(const execution_policy &policy, T *) { return policy.device; }
template <typename Iterator>
bool OnDevice(const execution_policy &, Iterator) { return false; }

template <typename T>
T *Raw(device_ptr<T> p) { return p.get(); }
template <typename T>
T *Raw(T *p) { return p; }
template <typename Iterator>
Value<Iterator> *Raw(Iterator) { return nullptr; }

/** The `n` items from `first`, on the host. */
template <typename Iterator>
std::vector<Value<Iterator>> Read(const execution_policy &policy, Iterator first, size_t n) {
  std::vector<Value<Iterator>> items(n);
  if (OnDevice(policy, first)) {
    if (n) hipMemcpy(items.data(), Raw(first), n * sizeof(items[0]), hipMemcpyDeviceToHost);
  } else {
    for (size_t i = 0; i < n; ++i) items[i] = first[i];
  }
  return items;
}

/** Writes `items` from `first`; returns the end of what it wrote. */
template <typename Iterator, typename T>
Iterator Write(const execution_policy &policy, Iterator first, const std::vector<T> &items) {
  if (OnDevice(policy, first)) {
    if (!items.empty()) hipMemcpy(Raw(first), items.data(), items.size() * sizeof(T), hipMemcpyHostToDevice);
  } else {
    for (size_t i = 0; i < items.size(); ++i) first[i] = items[i];
  }
  return first + items.size();
}

template <typename Iterator>
size_t Count(Iterator first, Iterator last) { return static_cast<size_t>(last - first); }

template <typename Iterator>
std::vector<Value<Iterator>> ReadRange(const execution_policy &policy, Iterator first, Iterator last) { return Read(policy, first, Count(first, last)); }

/** The position in [first, last) of the item `find` finds among the items on the host. */
template <typename Iterator, typename Find>
Iterator Found(const execution_policy &policy, Iterator first, Iterator last, Find find) {
  std::vector<Value<Iterator>> items = ReadRange(policy, first, last);
  return first + (find(items.begin(), items.end()) - items.begin());
}

/**
 * `init` combined with the items reduced pairwise, neighbours in order, as a GPU's tree of partial
 * results does: the operator need only be associative, and rounding errors grow with log n, not n
 * (a left fold adds each item to one huge partial sum; kurtosis's moments came out 25x off).
 */
template <typename T, typename BinaryFunction>
T Pairwise(std::vector<T> v, T init, BinaryFunction op) {
  if (v.empty()) return init;
  for (size_t width = v.size(); width > 1; width = (width + 1) / 2) {
    for (size_t i = 0; i + 1 < width; i += 2) v[i / 2] = op(v[i], v[i + 1]);
    if (width % 2) v[width / 2] = v[width - 1];
  }
  return op(init, v[0]);
}

/** `map(i)` as a T for each i < n, for Pairwise. */
template <typename T, typename Map>
std::vector<T> Mapped(size_t n, Map map) {
  std::vector<T> v;
  v.reserve(n);
  for (size_t i = 0; i < n; ++i) v.push_back(static_cast<T>(map(i)));
  return v;
}

}  // namespace detail

// Fancy iterators whose items are computed (read on the host, where the algorithms run; not in
// kernels): counting, constant, transform and permutation.
namespace detail {
/** A random-access iterator over `Derived::at(position)`; `position` is what moves. */
template <typename Derived, typename T>
class ComputedIterator {
 public:
  typedef T value_type;
  typedef std::ptrdiff_t difference_type;
  typedef T reference;
  typedef void pointer;
  typedef std::random_access_iterator_tag iterator_category;

  T operator*() const { return self().at(position_); }
  T operator[](difference_type n) const { return self().at(position_ + n); }
  Derived operator+(difference_type n) const { return moved(n); }
  Derived operator-(difference_type n) const { return moved(-n); }
  difference_type operator-(const Derived &other) const { return position_ - other.position_ + self().base_distance(other); }
  Derived &operator+=(difference_type n) { position_ += n; return static_cast<Derived &>(*this); }
  Derived &operator++() { return *this += 1; }
  Derived operator++(int) { Derived before = self(); ++*this; return before; }
  bool operator==(const Derived &other) const { return *this - other == 0; }
  bool operator!=(const Derived &other) const { return *this - other != 0; }
  bool operator<(const Derived &other) const { return *this - other < 0; }

 protected:
  explicit ComputedIterator(difference_type position) : position_(position) {}
  /** How far apart two iterators' underlying iterators are (an adaptor's own; 0 for the others). */
  difference_type base_distance(const Derived &) const { return 0; }

 private:
  const Derived &self() const { return static_cast<const Derived &>(*this); }
  Derived moved(difference_type n) const { Derived d = self(); d.position_ += n; return d; }
  difference_type position_;
};
}  // namespace detail

/** start, start + 1, ... */
template <typename T>
class counting_iterator : public detail::ComputedIterator<counting_iterator<T>, T> {
 public:
  explicit counting_iterator(T start = T()) : detail::ComputedIterator<counting_iterator<T>, T>(static_cast<std::ptrdiff_t>(start)) {}
  T at(std::ptrdiff_t position) const { return static_cast<T>(position); }
};
template <typename T>
counting_iterator<T> make_counting_iterator(T start) { return counting_iterator<T>(start); }

/** `value` at every position. */
template <typename T>
class constant_iterator : public detail::ComputedIterator<constant_iterator<T>, T> {
 public:
  explicit constant_iterator(T value = T(), std::ptrdiff_t position = 0) : detail::ComputedIterator<constant_iterator<T>, T>(position), value_(value) {}
  T at(std::ptrdiff_t) const { return value_; }

 private:
  T value_;
};
template <typename T>
constant_iterator<T> make_constant_iterator(T value, std::ptrdiff_t position = 0) { return constant_iterator<T>(value, position); }

/** `f(base[i])`. */
template <typename F, typename Iterator, typename T = typename std::decay<decltype(std::declval<F>()(std::declval<detail::Value<Iterator>>()))>::type>
class transform_iterator : public detail::ComputedIterator<transform_iterator<F, Iterator, T>, T> {
 public:
  transform_iterator(Iterator base, F f) : detail::ComputedIterator<transform_iterator, T>(0), base_(base), f_(f) {}
  T at(std::ptrdiff_t position) const { return f_(static_cast<detail::Value<Iterator>>(base_[position])); }
  std::ptrdiff_t base_distance(const transform_iterator &other) const { return base_ - other.base_; }

 private:
  Iterator base_;
  F f_;
};
template <typename Iterator, typename F>
transform_iterator<F, Iterator> make_transform_iterator(Iterator base, F f) { return transform_iterator<F, Iterator>(base, f); }

/** `elements[indices[i]]`. */
template <typename ElementIterator, typename IndexIterator>
class permutation_iterator : public detail::ComputedIterator<permutation_iterator<ElementIterator, IndexIterator>, detail::Value<ElementIterator>> {
 public:
  permutation_iterator(ElementIterator elements, IndexIterator indices)
      : detail::ComputedIterator<permutation_iterator, detail::Value<ElementIterator>>(0), elements_(elements), indices_(indices) {}
  detail::Value<ElementIterator> at(std::ptrdiff_t position) const {
    return elements_[static_cast<std::ptrdiff_t>(static_cast<detail::Value<IndexIterator>>(indices_[position]))];
  }
  std::ptrdiff_t base_distance(const permutation_iterator &other) const { return indices_ - other.indices_; }

 private:
  ElementIterator elements_;
  IndexIterator indices_;
};
template <typename ElementIterator, typename IndexIterator>
permutation_iterator<ElementIterator, IndexIterator> make_permutation_iterator(ElementIterator elements, IndexIterator indices) {
  return permutation_iterator<ElementIterator, IndexIterator>(elements, indices);
}

// Each algorithm takes an optional execution policy first; without one, raw pointers are host memory.

template <typename Iterator, typename T>
void sequence(const execution_policy &policy, Iterator first, Iterator last, T init, T step) {
  std::vector<detail::Value<Iterator>> items(detail::Count(first, last));
  for (size_t i = 0; i < items.size(); ++i) items[i] = init + static_cast<T>(i) * step;
  detail::Write(policy, first, items);
}
template <typename Iterator, typename T>
void sequence(const execution_policy &policy, Iterator first, Iterator last, T init) { sequence(policy, first, last, init, T(1)); }
template <typename Iterator>
void sequence(const execution_policy &policy, Iterator first, Iterator last) { sequence(policy, first, last, detail::Value<Iterator>(0)); }
template <typename Iterator, typename T>
void sequence(Iterator first, Iterator last, T init, T step) { sequence(host, first, last, init, step); }
template <typename Iterator, typename T>
void sequence(Iterator first, Iterator last, T init) { sequence(host, first, last, init); }
template <typename Iterator>
void sequence(Iterator first, Iterator last) { sequence(host, first, last); }

template <typename Iterator, typename T>
void fill(const execution_policy &policy, Iterator first, Iterator last, const T &value) {
  detail::Write(policy, first, std::vector<detail::Value<Iterator>>(detail::Count(first, last), value));
}
template <typename Iterator, typename T>
void fill(Iterator first, Iterator last, const T &value) { fill(host, first, last, value); }

template <typename InputIterator, typename OutputIterator>
OutputIterator copy(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result) {
  return detail::Write(policy, result, detail::ReadRange(policy, first, last));
}
template <typename InputIterator, typename OutputIterator>
OutputIterator copy(InputIterator first, InputIterator last, OutputIterator result) { return copy(host, first, last, result); }

template <typename InputIterator, typename OutputIterator, typename UnaryFunction>
OutputIterator transform(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result, UnaryFunction op) {
  std::vector<detail::Value<InputIterator>> in = detail::ReadRange(policy, first, last);
  std::vector<detail::Value<OutputIterator>> out(in.size());
  std::transform(in.begin(), in.end(), out.begin(), op);
  return detail::Write(policy, result, out);
}
template <typename InputIterator1, typename InputIterator2, typename OutputIterator, typename BinaryFunction>
OutputIterator transform(const execution_policy &policy, InputIterator1 first1, InputIterator1 last1, InputIterator2 first2, OutputIterator result, BinaryFunction op) {
  std::vector<detail::Value<InputIterator1>> a = detail::ReadRange(policy, first1, last1);
  std::vector<detail::Value<InputIterator2>> b = detail::Read(policy, first2, a.size());
  std::vector<detail::Value<OutputIterator>> out(a.size());
  std::transform(a.begin(), a.end(), b.begin(), out.begin(), op);
  return detail::Write(policy, result, out);
}
template <typename InputIterator, typename OutputIterator, typename UnaryFunction>
OutputIterator transform(InputIterator first, InputIterator last, OutputIterator result, UnaryFunction op) { return transform(host, first, last, result, op); }
template <typename InputIterator1, typename InputIterator2, typename OutputIterator, typename BinaryFunction>
OutputIterator transform(InputIterator1 first1, InputIterator1 last1, InputIterator2 first2, OutputIterator result, BinaryFunction op) { return transform(host, first1, last1, first2, result, op); }

template <typename Iterator, typename T, typename BinaryFunction>
T reduce(const execution_policy &policy, Iterator first, Iterator last, T init, BinaryFunction op) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  return detail::Pairwise(detail::Mapped<T>(items.size(), [&](size_t i) { return items[i]; }), init, op);
}
template <typename Iterator, typename T>
T reduce(const execution_policy &policy, Iterator first, Iterator last, T init) { return reduce(policy, first, last, init, std::plus<T>()); }
template <typename Iterator>
detail::Value<Iterator> reduce(const execution_policy &policy, Iterator first, Iterator last) { return reduce(policy, first, last, detail::Value<Iterator>(0)); }
template <typename Iterator, typename T, typename BinaryFunction>
T reduce(Iterator first, Iterator last, T init, BinaryFunction op) { return reduce(host, first, last, init, op); }
template <typename Iterator, typename T>
T reduce(Iterator first, Iterator last, T init) { return reduce(host, first, last, init); }
template <typename Iterator>
detail::Value<Iterator> reduce(Iterator first, Iterator last) { return reduce(host, first, last); }

template <typename Iterator, typename UnaryFunction, typename T, typename BinaryFunction>
T transform_reduce(const execution_policy &policy, Iterator first, Iterator last, UnaryFunction unary, T init, BinaryFunction binary) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  return detail::Pairwise(detail::Mapped<T>(items.size(), [&](size_t i) { return unary(items[i]); }), init, binary);
}
template <typename Iterator, typename UnaryFunction, typename T, typename BinaryFunction>
T transform_reduce(Iterator first, Iterator last, UnaryFunction unary, T init, BinaryFunction binary) { return transform_reduce(host, first, last, unary, init, binary); }

template <typename Iterator1, typename Iterator2, typename T, typename BinaryFunction1, typename BinaryFunction2>
T inner_product(const execution_policy &policy, Iterator1 first1, Iterator1 last1, Iterator2 first2, T init, BinaryFunction1 sum, BinaryFunction2 product) {
  std::vector<detail::Value<Iterator1>> a = detail::ReadRange(policy, first1, last1);
  std::vector<detail::Value<Iterator2>> b = detail::Read(policy, first2, a.size());
  return detail::Pairwise(detail::Mapped<T>(a.size(), [&](size_t i) { return product(a[i], b[i]); }), init, sum);
}
template <typename Iterator1, typename Iterator2, typename T>
T inner_product(const execution_policy &policy, Iterator1 first1, Iterator1 last1, Iterator2 first2, T init) { return inner_product(policy, first1, last1, first2, init, std::plus<T>(), std::multiplies<T>()); }
template <typename Iterator1, typename Iterator2, typename T, typename BinaryFunction1, typename BinaryFunction2>
T inner_product(Iterator1 first1, Iterator1 last1, Iterator2 first2, T init, BinaryFunction1 sum, BinaryFunction2 product) { return inner_product(host, first1, last1, first2, init, sum, product); }
template <typename Iterator1, typename Iterator2, typename T>
T inner_product(Iterator1 first1, Iterator1 last1, Iterator2 first2, T init) { return inner_product(host, first1, last1, first2, init); }

template <typename InputIterator, typename OutputIterator, typename BinaryFunction>
OutputIterator inclusive_scan(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result, BinaryFunction op) {
  std::vector<detail::Value<InputIterator>> items = detail::ReadRange(policy, first, last);
  for (size_t i = 1; i < items.size(); ++i) items[i] = op(items[i - 1], items[i]);
  return detail::Write(policy, result, items);
}
template <typename InputIterator, typename OutputIterator>
OutputIterator inclusive_scan(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result) { return inclusive_scan(policy, first, last, result, std::plus<detail::Value<InputIterator>>()); }
template <typename InputIterator, typename OutputIterator, typename BinaryFunction>
OutputIterator inclusive_scan(InputIterator first, InputIterator last, OutputIterator result, BinaryFunction op) { return inclusive_scan(host, first, last, result, op); }
template <typename InputIterator, typename OutputIterator>
OutputIterator inclusive_scan(InputIterator first, InputIterator last, OutputIterator result) { return inclusive_scan(host, first, last, result); }

template <typename InputIterator, typename OutputIterator, typename T, typename BinaryFunction>
OutputIterator exclusive_scan(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result, T init, BinaryFunction op) {
  std::vector<detail::Value<InputIterator>> items = detail::ReadRange(policy, first, last);
  T running = init;
  for (size_t i = 0; i < items.size(); ++i) {
    const T item = items[i];
    items[i] = running;
    running = op(running, item);
  }
  return detail::Write(policy, result, items);
}
template <typename InputIterator, typename OutputIterator, typename T>
OutputIterator exclusive_scan(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result, T init) { return exclusive_scan(policy, first, last, result, init, std::plus<T>()); }
template <typename InputIterator, typename OutputIterator>
OutputIterator exclusive_scan(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result) { return exclusive_scan(policy, first, last, result, detail::Value<InputIterator>(0)); }
template <typename InputIterator, typename OutputIterator, typename T, typename BinaryFunction>
OutputIterator exclusive_scan(InputIterator first, InputIterator last, OutputIterator result, T init, BinaryFunction op) { return exclusive_scan(host, first, last, result, init, op); }
template <typename InputIterator, typename OutputIterator, typename T>
OutputIterator exclusive_scan(InputIterator first, InputIterator last, OutputIterator result, T init) { return exclusive_scan(host, first, last, result, init); }
template <typename InputIterator, typename OutputIterator>
OutputIterator exclusive_scan(InputIterator first, InputIterator last, OutputIterator result) { return exclusive_scan(host, first, last, result); }

template <typename Iterator, typename Compare>
void sort(const execution_policy &policy, Iterator first, Iterator last, Compare comp) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  std::stable_sort(items.begin(), items.end(), comp);
  detail::Write(policy, first, items);
}
template <typename Iterator>
void sort(const execution_policy &policy, Iterator first, Iterator last) { sort(policy, first, last, std::less<detail::Value<Iterator>>()); }
template <typename Iterator, typename Compare>
void sort(Iterator first, Iterator last, Compare comp) { sort(host, first, last, comp); }
template <typename Iterator>
void sort(Iterator first, Iterator last) { sort(host, first, last); }
template <typename Iterator, typename Compare>
void stable_sort(const execution_policy &policy, Iterator first, Iterator last, Compare comp) { sort(policy, first, last, comp); }
template <typename Iterator>
void stable_sort(const execution_policy &policy, Iterator first, Iterator last) { sort(policy, first, last); }
template <typename Iterator, typename Compare>
void stable_sort(Iterator first, Iterator last, Compare comp) { sort(host, first, last, comp); }
template <typename Iterator>
void stable_sort(Iterator first, Iterator last) { sort(host, first, last); }

/** Sorts the keys, and the values with them (stably, as every sort here). */
template <typename KeyIterator, typename ValueIterator, typename Compare>
void sort_by_key(const execution_policy &policy, KeyIterator keys_first, KeyIterator keys_last, ValueIterator values_first, Compare comp) {
  std::vector<detail::Value<KeyIterator>> keys = detail::ReadRange(policy, keys_first, keys_last);
  std::vector<detail::Value<ValueIterator>> values = detail::Read(policy, values_first, keys.size());
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return comp(keys[a], keys[b]); });
  std::vector<detail::Value<KeyIterator>> sorted_keys(keys.size());
  std::vector<detail::Value<ValueIterator>> sorted_values(keys.size());
  for (size_t i = 0; i < order.size(); ++i) {
    sorted_keys[i] = keys[order[i]];
    sorted_values[i] = values[order[i]];
  }
  detail::Write(policy, keys_first, sorted_keys);
  detail::Write(policy, values_first, sorted_values);
}
template <typename KeyIterator, typename ValueIterator>
void sort_by_key(const execution_policy &policy, KeyIterator keys_first, KeyIterator keys_last, ValueIterator values_first) { sort_by_key(policy, keys_first, keys_last, values_first, std::less<detail::Value<KeyIterator>>()); }
template <typename KeyIterator, typename ValueIterator, typename Compare>
void sort_by_key(KeyIterator keys_first, KeyIterator keys_last, ValueIterator values_first, Compare comp) { sort_by_key(host, keys_first, keys_last, values_first, comp); }
template <typename KeyIterator, typename ValueIterator>
void sort_by_key(KeyIterator keys_first, KeyIterator keys_last, ValueIterator values_first) { sort_by_key(host, keys_first, keys_last, values_first); }
template <typename KeyIterator, typename ValueIterator>
void stable_sort_by_key(const execution_policy &policy, KeyIterator keys_first, KeyIterator keys_last, ValueIterator values_first) { sort_by_key(policy, keys_first, keys_last, values_first); }
template <typename KeyIterator, typename ValueIterator>
void stable_sort_by_key(KeyIterator keys_first, KeyIterator keys_last, ValueIterator values_first) { sort_by_key(host, keys_first, keys_last, values_first); }

/** The first key of each run of equal keys, with its value; returns the ends of both. */
template <typename KeyIterator, typename ValueIterator>
pair<KeyIterator, ValueIterator> unique_by_key(const execution_policy &policy, KeyIterator keys_first, KeyIterator keys_last, ValueIterator values_first) {
  std::vector<detail::Value<KeyIterator>> keys = detail::ReadRange(policy, keys_first, keys_last);
  std::vector<detail::Value<ValueIterator>> values = detail::Read(policy, values_first, keys.size());
  std::vector<detail::Value<KeyIterator>> unique_keys;
  std::vector<detail::Value<ValueIterator>> unique_values;
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0 && keys[i] == keys[i - 1]) continue;
    unique_keys.push_back(keys[i]);
    unique_values.push_back(values[i]);
  }
  return make_pair(detail::Write(policy, keys_first, unique_keys), detail::Write(policy, values_first, unique_values));
}
template <typename KeyIterator, typename ValueIterator>
pair<KeyIterator, ValueIterator> unique_by_key(KeyIterator keys_first, KeyIterator keys_last, ValueIterator values_first) { return unique_by_key(host, keys_first, keys_last, values_first); }

template <typename Iterator>
Iterator unique(const execution_policy &policy, Iterator first, Iterator last) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  items.erase(std::unique(items.begin(), items.end()), items.end());
  return detail::Write(policy, first, items);
}
template <typename Iterator>
Iterator unique(Iterator first, Iterator last) { return unique(host, first, last); }

template <typename Iterator, typename T>
size_t count(const execution_policy &policy, Iterator first, Iterator last, const T &value) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  return static_cast<size_t>(std::count(items.begin(), items.end(), value));
}
template <typename Iterator, typename T>
size_t count(Iterator first, Iterator last, const T &value) { return count(host, first, last, value); }

// Without a comparator, items compare with `<`.
template <typename Iterator, typename Compare = std::less<detail::Value<Iterator>>>
Iterator max_element(const execution_policy &policy, Iterator first, Iterator last, Compare comp = Compare()) {
  return detail::Found(policy, first, last, [&](auto begin, auto end) { return std::max_element(begin, end, comp); });
}
template <typename Iterator, typename Compare = std::less<detail::Value<Iterator>>>
Iterator max_element(Iterator first, Iterator last, Compare comp = Compare()) { return max_element(host, first, last, comp); }
template <typename Iterator, typename Compare = std::less<detail::Value<Iterator>>>
Iterator min_element(const execution_policy &policy, Iterator first, Iterator last, Compare comp = Compare()) {
  return detail::Found(policy, first, last, [&](auto begin, auto end) { return std::min_element(begin, end, comp); });
}
template <typename Iterator, typename Compare = std::less<detail::Value<Iterator>>>
Iterator min_element(Iterator first, Iterator last, Compare comp = Compare()) { return min_element(host, first, last, comp); }
/** The first smallest and the last largest item, as std::minmax_element. */
template <typename Iterator, typename Compare = std::less<detail::Value<Iterator>>>
pair<Iterator, Iterator> minmax_element(const execution_policy &policy, Iterator first, Iterator last, Compare comp = Compare()) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  auto found = std::minmax_element(items.begin(), items.end(), comp);
  return make_pair(first + (found.first - items.begin()), first + (found.second - items.begin()));
}
template <typename Iterator, typename Compare = std::less<detail::Value<Iterator>>>
pair<Iterator, Iterator> minmax_element(Iterator first, Iterator last, Compare comp = Compare()) { return minmax_element(host, first, last, comp); }

template <typename Iterator>
bool is_sorted(const execution_policy &policy, Iterator first, Iterator last) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  return std::is_sorted(items.begin(), items.end());
}
template <typename Iterator>
bool is_sorted(Iterator first, Iterator last) { return is_sorted(host, first, last); }

template <typename Iterator>
std::ptrdiff_t distance(Iterator first, Iterator last) { return last - first; }

template <typename Iterator, typename Size, typename T>
Iterator fill_n(const execution_policy &policy, Iterator first, Size n, const T &value) {
  fill(policy, first, first + n, value);
  return first + n;
}
template <typename Iterator, typename Size, typename T>
Iterator fill_n(Iterator first, Size n, const T &value) { return fill_n(host, first, n, value); }

template <typename InputIterator, typename Size, typename OutputIterator>
OutputIterator copy_n(const execution_policy &policy, InputIterator first, Size n, OutputIterator result) { return copy(policy, first, first + n, result); }
template <typename InputIterator, typename Size, typename OutputIterator>
OutputIterator copy_n(InputIterator first, Size n, OutputIterator result) { return copy_n(host, first, n, result); }

/** `f` applied to each item, which it may change through a reference. */
template <typename Iterator, typename UnaryFunction>
Iterator for_each(const execution_policy &policy, Iterator first, Iterator last, UnaryFunction f) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  std::for_each(items.begin(), items.end(), f);
  return detail::Write(policy, first, items);
}
template <typename Iterator, typename UnaryFunction>
Iterator for_each(Iterator first, Iterator last, UnaryFunction f) { return for_each(host, first, last, f); }

template <typename Iterator, typename Generator>
void generate(const execution_policy &policy, Iterator first, Iterator last, Generator g) {
  std::vector<detail::Value<Iterator>> items(detail::Count(first, last));
  std::generate(items.begin(), items.end(), g);
  detail::Write(policy, first, items);
}
template <typename Iterator, typename Generator>
void generate(Iterator first, Iterator last, Generator g) { generate(host, first, last, g); }

template <typename Iterator, typename T>
Iterator find(const execution_policy &policy, Iterator first, Iterator last, const T &value) {
  return detail::Found(policy, first, last, [&](auto begin, auto end) { return std::find(begin, end, value); });
}
template <typename Iterator, typename T>
Iterator find(Iterator first, Iterator last, const T &value) { return find(host, first, last, value); }

template <typename Iterator1, typename Iterator2>
bool equal(const execution_policy &policy, Iterator1 first1, Iterator1 last1, Iterator2 first2) {
  std::vector<detail::Value<Iterator1>> a = detail::ReadRange(policy, first1, last1);
  std::vector<detail::Value<Iterator2>> b = detail::Read(policy, first2, a.size());
  return std::equal(a.begin(), a.end(), b.begin());
}
template <typename Iterator1, typename Iterator2>
bool equal(Iterator1 first1, Iterator1 last1, Iterator2 first2) { return equal(host, first1, last1, first2); }

template <typename Iterator, typename RandomEngine>
void shuffle(const execution_policy &policy, Iterator first, Iterator last, RandomEngine &&engine) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  std::shuffle(items.begin(), items.end(), engine);
  detail::Write(policy, first, items);
}
template <typename Iterator, typename RandomEngine>
void shuffle(Iterator first, Iterator last, RandomEngine &&engine) { shuffle(host, first, last, engine); }

template <typename Iterator, typename Predicate>
size_t count_if(const execution_policy &policy, Iterator first, Iterator last, Predicate pred) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  return static_cast<size_t>(std::count_if(items.begin(), items.end(), pred));
}
template <typename Iterator, typename Predicate>
size_t count_if(Iterator first, Iterator last, Predicate pred) { return count_if(host, first, last, pred); }

template <typename Iterator, typename Predicate>
Iterator find_if(const execution_policy &policy, Iterator first, Iterator last, Predicate pred) {
  return detail::Found(policy, first, last, [&](auto begin, auto end) { return std::find_if(begin, end, pred); });
}
template <typename Iterator, typename Predicate>
Iterator find_if(Iterator first, Iterator last, Predicate pred) { return find_if(host, first, last, pred); }

template <typename Iterator, typename Predicate>
bool any_of(const execution_policy &policy, Iterator first, Iterator last, Predicate pred) { return count_if(policy, first, last, pred) > 0; }
template <typename Iterator, typename Predicate>
bool any_of(Iterator first, Iterator last, Predicate pred) { return any_of(host, first, last, pred); }
template <typename Iterator, typename Predicate>
bool all_of(const execution_policy &policy, Iterator first, Iterator last, Predicate pred) { return count_if(policy, first, last, pred) == detail::Count(first, last); }
template <typename Iterator, typename Predicate>
bool all_of(Iterator first, Iterator last, Predicate pred) { return all_of(host, first, last, pred); }
template <typename Iterator, typename Predicate>
bool none_of(const execution_policy &policy, Iterator first, Iterator last, Predicate pred) { return !any_of(policy, first, last, pred); }
template <typename Iterator, typename Predicate>
bool none_of(Iterator first, Iterator last, Predicate pred) { return none_of(host, first, last, pred); }

/** The items whose stencil entry `pred` accepts, in order; returns the end of what it wrote. */
template <typename InputIterator, typename StencilIterator, typename OutputIterator, typename Predicate>
OutputIterator copy_if(const execution_policy &policy, InputIterator first, InputIterator last, StencilIterator stencil, OutputIterator result, Predicate pred) {
  std::vector<detail::Value<InputIterator>> items = detail::ReadRange(policy, first, last), kept;
  std::vector<detail::Value<StencilIterator>> tests = detail::Read(policy, stencil, items.size());
  for (size_t i = 0; i < items.size(); ++i)
    if (pred(tests[i])) kept.push_back(items[i]);
  return detail::Write(policy, result, kept);
}
template <typename InputIterator, typename OutputIterator, typename Predicate>
OutputIterator copy_if(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result, Predicate pred) {
  return copy_if(policy, first, last, first, result, pred);
}
template <typename InputIterator, typename StencilIterator, typename OutputIterator, typename Predicate>
OutputIterator copy_if(InputIterator first, InputIterator last, StencilIterator stencil, OutputIterator result, Predicate pred) { return copy_if(host, first, last, stencil, result, pred); }
template <typename InputIterator, typename OutputIterator, typename Predicate>
OutputIterator copy_if(InputIterator first, InputIterator last, OutputIterator result, Predicate pred) { return copy_if(host, first, last, result, pred); }

/** Keeps the items `pred` rejects, in order, from `first`; returns the new end. */
template <typename Iterator, typename Predicate>
Iterator remove_if(const execution_policy &policy, Iterator first, Iterator last, Predicate pred) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  items.erase(std::remove_if(items.begin(), items.end(), pred), items.end());
  return detail::Write(policy, first, items);
}
template <typename Iterator, typename Predicate>
Iterator remove_if(Iterator first, Iterator last, Predicate pred) { return remove_if(host, first, last, pred); }
template <typename Iterator, typename T>
Iterator remove(const execution_policy &policy, Iterator first, Iterator last, const T &value) {
  return remove_if(policy, first, last, [&](const detail::Value<Iterator> &item) { return item == value; });
}
template <typename Iterator, typename T>
Iterator remove(Iterator first, Iterator last, const T &value) { return remove(host, first, last, value); }

template <typename Iterator, typename Predicate, typename T>
void replace_if(const execution_policy &policy, Iterator first, Iterator last, Predicate pred, const T &value) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  std::replace_if(items.begin(), items.end(), pred, value);
  detail::Write(policy, first, items);
}
template <typename Iterator, typename Predicate, typename T>
void replace_if(Iterator first, Iterator last, Predicate pred, const T &value) { replace_if(host, first, last, pred, value); }
template <typename Iterator, typename T>
void replace(const execution_policy &policy, Iterator first, Iterator last, const T &old_value, const T &new_value) {
  replace_if(policy, first, last, [&](const detail::Value<Iterator> &item) { return item == old_value; }, new_value);
}
template <typename Iterator, typename T>
void replace(Iterator first, Iterator last, const T &old_value, const T &new_value) { replace(host, first, last, old_value, new_value); }

template <typename Iterator>
void reverse(const execution_policy &policy, Iterator first, Iterator last) {
  std::vector<detail::Value<Iterator>> items = detail::ReadRange(policy, first, last);
  std::reverse(items.begin(), items.end());
  detail::Write(policy, first, items);
}
template <typename Iterator>
void reverse(Iterator first, Iterator last) { reverse(host, first, last); }

/** result[i] = input[map[i]]. */
template <typename MapIterator, typename InputIterator, typename OutputIterator>
OutputIterator gather(const execution_policy &policy, MapIterator map_first, MapIterator map_last, InputIterator input, OutputIterator result) {
  std::vector<detail::Value<MapIterator>> map = detail::ReadRange(policy, map_first, map_last);
  const size_t n = map.empty() ? 0 : static_cast<size_t>(*std::max_element(map.begin(), map.end())) + 1;
  std::vector<detail::Value<InputIterator>> items = detail::Read(policy, input, n), out;
  for (const auto &i : map) out.push_back(items[static_cast<size_t>(i)]);
  return detail::Write(policy, result, out);
}
template <typename MapIterator, typename InputIterator, typename OutputIterator>
OutputIterator gather(MapIterator map_first, MapIterator map_last, InputIterator input, OutputIterator result) { return gather(host, map_first, map_last, input, result); }

/** result[map[i]] = input[i]. */
template <typename InputIterator, typename MapIterator, typename OutputIterator>
void scatter(const execution_policy &policy, InputIterator first, InputIterator last, MapIterator map, OutputIterator result) {
  std::vector<detail::Value<InputIterator>> items = detail::ReadRange(policy, first, last);
  std::vector<detail::Value<MapIterator>> to = detail::Read(policy, map, items.size());
  const size_t n = to.empty() ? 0 : static_cast<size_t>(*std::max_element(to.begin(), to.end())) + 1;
  std::vector<detail::Value<OutputIterator>> out = detail::Read(policy, result, n);
  for (size_t i = 0; i < items.size(); ++i) out[static_cast<size_t>(to[i])] = items[i];
  detail::Write(policy, result, out);
}
template <typename InputIterator, typename MapIterator, typename OutputIterator>
void scatter(InputIterator first, InputIterator last, MapIterator map, OutputIterator result) { scatter(host, first, last, map, result); }

template <typename InputIterator, typename OutputIterator, typename BinaryFunction>
OutputIterator adjacent_difference(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result, BinaryFunction op) {
  std::vector<detail::Value<InputIterator>> items = detail::ReadRange(policy, first, last), out(items.size());
  std::adjacent_difference(items.begin(), items.end(), out.begin(), op);
  return detail::Write(policy, result, out);
}
template <typename InputIterator, typename OutputIterator>
OutputIterator adjacent_difference(const execution_policy &policy, InputIterator first, InputIterator last, OutputIterator result) {
  return adjacent_difference(policy, first, last, result, std::minus<detail::Value<InputIterator>>());
}
template <typename InputIterator, typename OutputIterator, typename BinaryFunction>
OutputIterator adjacent_difference(InputIterator first, InputIterator last, OutputIterator result, BinaryFunction op) { return adjacent_difference(host, first, last, result, op); }
template <typename InputIterator, typename OutputIterator>
OutputIterator adjacent_difference(InputIterator first, InputIterator last, OutputIterator result) { return adjacent_difference(host, first, last, result); }

/** result[i] = f(i). */
template <typename Iterator, typename UnaryFunction>
void tabulate(const execution_policy &policy, Iterator first, Iterator last, UnaryFunction f) {
  detail::Write(policy, first, detail::Mapped<detail::Value<Iterator>>(detail::Count(first, last), f));
}
template <typename Iterator, typename UnaryFunction>
void tabulate(Iterator first, Iterator last, UnaryFunction f) { tabulate(host, first, last, f); }

/** Each run of equal consecutive keys, and the reduction of its values; returns both ends. */
template <typename KeyIterator, typename ValueIterator, typename KeyOutput, typename ValueOutput, typename KeyEqual, typename BinaryFunction>
pair<KeyOutput, ValueOutput> reduce_by_key(const execution_policy &policy, KeyIterator keys_first, KeyIterator keys_last, ValueIterator values, KeyOutput keys_out, ValueOutput values_out, KeyEqual equal, BinaryFunction op) {
  std::vector<detail::Value<KeyIterator>> keys = detail::ReadRange(policy, keys_first, keys_last), run_keys;
  std::vector<detail::Value<ValueIterator>> items = detail::Read(policy, values, keys.size()), sums;
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0 && equal(run_keys.back(), keys[i])) {
      sums.back() = op(sums.back(), items[i]);
    } else {
      run_keys.push_back(keys[i]);
      sums.push_back(items[i]);
    }
  }
  return pair<KeyOutput, ValueOutput>(detail::Write(policy, keys_out, run_keys), detail::Write(policy, values_out, sums));
}
template <typename KeyIterator, typename ValueIterator, typename KeyOutput, typename ValueOutput>
pair<KeyOutput, ValueOutput> reduce_by_key(const execution_policy &policy, KeyIterator keys_first, KeyIterator keys_last, ValueIterator values, KeyOutput keys_out, ValueOutput values_out) {
  return reduce_by_key(policy, keys_first, keys_last, values, keys_out, values_out, std::equal_to<detail::Value<KeyIterator>>(), std::plus<detail::Value<ValueIterator>>());
}
template <typename KeyIterator, typename ValueIterator, typename KeyOutput, typename ValueOutput, typename KeyEqual, typename BinaryFunction>
pair<KeyOutput, ValueOutput> reduce_by_key(KeyIterator keys_first, KeyIterator keys_last, ValueIterator values, KeyOutput keys_out, ValueOutput values_out, KeyEqual equal, BinaryFunction op) {
  return reduce_by_key(host, keys_first, keys_last, values, keys_out, values_out, equal, op);
}
template <typename KeyIterator, typename ValueIterator, typename KeyOutput, typename ValueOutput>
pair<KeyOutput, ValueOutput> reduce_by_key(KeyIterator keys_first, KeyIterator keys_last, ValueIterator values, KeyOutput keys_out, ValueOutput values_out) {
  return reduce_by_key(host, keys_first, keys_last, values, keys_out, values_out);
}

}  // namespace thrust

#endif  // __HIP_DEVICE_COMPILE__
