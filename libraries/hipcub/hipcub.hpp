// hipCUB's common block, warp and device primitives, written in HIP for hip2vortex: an
// `#include <hipcub/...>` of a program is this file, translated with the program like one of its
// own headers (libraries/README.md). The block primitives keep their state in the TempStorage the
// program places in shared memory and synchronise with __syncthreads(), so every thread of the
// block must make the call, as hipCUB requires. Results are hipCUB's, and a reduction's is valid
// in every thread (hipCUB promises it in thread 0). The device-wide primitives run on the host
// through copies: correct everywhere, for programs whose time is not in them.
#pragma once

#include <hip/hip_runtime.h>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iterator>
#include <numeric>
#include <type_traits>
#include <vector>

namespace hipcub {

struct Sum {
  template <typename T>
  __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
};

/** a < b; on the device branch-free for 64-bit integers on rv32 (hip2vx_device.h), where `<` branches on the high words. */
template <typename T>
__host__ __device__ bool Less(const T &a, const T &b) {
#ifdef __HIP_DEVICE_COMPILE__
  return hip2vx_lt(a, b);
#else
  return std::less<T>()(a, b);
#endif
}

struct Max {
  template <typename T>
  __host__ __device__ T operator()(const T &a, const T &b) const { return Less(a, b) ? b : a; }
};

struct Min {
  template <typename T>
  __host__ __device__ T operator()(const T &a, const T &b) const { return Less(b, a) ? b : a; }
};

// The algorithms name how hipCUB computes; every one here gives the same results.
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };

/** The thread's index in a block of BLOCK_DIM_X x BLOCK_DIM_Y threads. */
template <int BLOCK_DIM_X, int BLOCK_DIM_Y>
__device__ int LinearThreadId() {
  return threadIdx.x + (threadIdx.y + threadIdx.z * BLOCK_DIM_Y) * BLOCK_DIM_X;
}

template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce {
 public:
  struct TempStorage {
    T items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };

  __device__ BlockReduce(TempStorage &storage) : items_(storage.items) {}

  __device__ T Sum(T input) { return Reduce(input, hipcub::Sum(), BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z); }
  __device__ T Sum(T input, int num_valid) { return Reduce(input, hipcub::Sum(), num_valid); }

  template <int ITEMS>
  __device__ T Sum(T (&inputs)[ITEMS]) { return Reduce(inputs, hipcub::Sum()); }

  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp op) { return Reduce(input, op, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z); }

  template <int ITEMS, typename ReductionOp>
  __device__ T Reduce(T (&inputs)[ITEMS], ReductionOp op) {
    T partial = inputs[0];
    for (int i = 1; i < ITEMS; ++i) partial = op(partial, inputs[i]);
    return Reduce(partial, op, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z);
  }

  /** The first `num_valid` threads' inputs combined: a tree over the threads, pairs at distance 1, 2, 4... */
  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp op, int num_valid) {
    const int threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    const int tid = LinearThreadId<BLOCK_DIM_X, BLOCK_DIM_Y>();
    items_[tid] = input;
    __syncthreads();
    for (int step = 1; step < threads; step <<= 1) {
      if (tid % (2 * step) == 0 && tid + step < num_valid) items_[tid] = op(items_[tid], items_[tid + step]);
      __syncthreads();
    }
    T result = items_[0];
    __syncthreads();
    return result;
  }

 private:
  T *items_;
};

/**
 * The one-value forms every scan class offers (sums, and scans without the aggregate), through
 * the class's InclusiveScan and ExclusiveScan that give the aggregate too.
 */
template <typename Scan, typename T>
class ScanForms {
 public:
  __device__ void InclusiveSum(T input, T &output) {
    T aggregate;
    self().InclusiveScan(input, output, hipcub::Sum(), aggregate);
  }
  __device__ void InclusiveSum(T input, T &output, T &aggregate) { self().InclusiveScan(input, output, hipcub::Sum(), aggregate); }
  __device__ void ExclusiveSum(T input, T &output) {
    T aggregate;
    self().ExclusiveScan(input, output, T(0), hipcub::Sum(), aggregate);
  }
  __device__ void ExclusiveSum(T input, T &output, T &aggregate) { self().ExclusiveScan(input, output, T(0), hipcub::Sum(), aggregate); }

  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp op) {
    T aggregate;
    self().InclusiveScan(input, output, op, aggregate);
  }

  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op) {
    T aggregate;
    self().ExclusiveScan(input, output, initial_value, op, aggregate);
  }

 private:
  __device__ Scan &self() { return static_cast<Scan &>(*this); }
};

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockScan : public ScanForms<BlockScan<T, BLOCK_DIM_X, ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>, T> {
 public:
  struct TempStorage {
    T items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };

  __device__ BlockScan(TempStorage &storage) : items_(storage.items) {}

  // The one-value forms of ScanForms, beside this class's own overloads.
  using Forms = ScanForms<BlockScan, T>;
  using Forms::InclusiveSum;
  using Forms::ExclusiveSum;
  using Forms::InclusiveScan;
  using Forms::ExclusiveScan;

  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp op, T &block_aggregate) {
    T before;
    Scan(input, output, before, block_aggregate, op);
  }

  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op, T &block_aggregate) {
    T inclusive;
    T before;
    Scan(input, inclusive, before, block_aggregate, op);
    output = LinearThreadId<BLOCK_DIM_X, BLOCK_DIM_Y>() == 0 ? initial_value : op(initial_value, before);
  }

  template <int ITEMS>
  __device__ void InclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS]) { InclusiveScan(input, output, hipcub::Sum()); }
  template <int ITEMS>
  __device__ void InclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], T &block_aggregate) { InclusiveScan(input, output, hipcub::Sum(), block_aggregate); }
  template <int ITEMS>
  __device__ void ExclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS]) { ExclusiveScan(input, output, T(0), hipcub::Sum()); }
  template <int ITEMS>
  __device__ void ExclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], T &block_aggregate) { ExclusiveScan(input, output, T(0), hipcub::Sum(), block_aggregate); }

  template <int ITEMS, typename ScanOp>
  __device__ void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp op) {
    T aggregate;
    InclusiveScan(input, output, op, aggregate);
  }

  /** Each thread's items in order, after the items of the threads before it. */
  template <int ITEMS, typename ScanOp>
  __device__ void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp op, T &block_aggregate) {
    T partial = input[0];
    for (int i = 1; i < ITEMS; ++i) partial = op(partial, input[i]);
    T inclusive;
    T before;
    Scan(partial, inclusive, before, block_aggregate, op);
    const bool first = LinearThreadId<BLOCK_DIM_X, BLOCK_DIM_Y>() == 0;
    T running = first ? input[0] : op(before, input[0]);
    output[0] = running;
    for (int i = 1; i < ITEMS; ++i) {
      running = op(running, input[i]);
      output[i] = running;
    }
  }

  template <int ITEMS, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], T initial_value, ScanOp op) {
    T aggregate;
    ExclusiveScan(input, output, initial_value, op, aggregate);
  }

  template <int ITEMS, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], T initial_value, ScanOp op, T &block_aggregate) {
    T partial = input[0];
    for (int i = 1; i < ITEMS; ++i) partial = op(partial, input[i]);
    T inclusive;
    T before;
    Scan(partial, inclusive, before, block_aggregate, op);
    T running = LinearThreadId<BLOCK_DIM_X, BLOCK_DIM_Y>() == 0 ? initial_value : op(initial_value, before);
    // In place too (input and output the same array): each item is read before it is written.
    for (int i = 0; i < ITEMS; ++i) {
      const T item = input[i];
      output[i] = running;
      running = op(running, item);
    }
  }

 private:
  /**
   * Hillis and Steele's scan over the threads: `inclusive` of this thread, `before` the inclusive
   * value of the thread before it (unset in thread 0) and the whole block's `aggregate`.
   */
  template <typename ScanOp>
  __device__ void Scan(T input, T &inclusive, T &before, T &aggregate, ScanOp op) {
    const int threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    const int tid = LinearThreadId<BLOCK_DIM_X, BLOCK_DIM_Y>();
    items_[tid] = input;
    __syncthreads();
    for (int d = 1; d < threads; d <<= 1) {
      T value = items_[tid];
      if (tid >= d) value = op(items_[tid - d], value);
      __syncthreads();
      items_[tid] = value;
      __syncthreads();
    }
    inclusive = items_[tid];
    before = items_[tid > 0 ? tid - 1 : 0];
    aggregate = items_[threads - 1];
    __syncthreads();
  }

  T *items_;
};

/** Where the thread's item `i` of a tile is: blocked (thread t holds items t*ITEMS...), or striped (item i of every thread, then i+1). */
template <int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z, int ITEMS>
__device__ int TileIndex(int i, bool striped) {
  const int tid = LinearThreadId<BLOCK_DIM_X, BLOCK_DIM_Y>();
  return striped ? i * (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) + tid : tid * ITEMS + i;
}

/** Loads a tile of BLOCK_DIM_X x ITEMS_PER_THREAD items: blocked (thread i holds items i*ITEMS_PER_THREAD...) except BLOCK_LOAD_STRIPED. */
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockLoad {
 public:
  struct TempStorage {
    T unused;
  };

  __device__ BlockLoad() {}
  __device__ BlockLoad(TempStorage &) {}

  template <typename InputIterator>
  __device__ void Load(InputIterator block_itr, T (&items)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = block_itr[Index(i)];
  }

  template <typename InputIterator>
  __device__ void Load(InputIterator block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      if (Index(i) < valid_items) items[i] = block_itr[Index(i)];
    }
  }

  template <typename InputIterator, typename Default>
  __device__ void Load(InputIterator block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items, Default oob_default) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      items[i] = oob_default;
      if (Index(i) < valid_items) items[i] = block_itr[Index(i)];
    }
  }

 private:
  static __device__ int Index(int i) { return TileIndex<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, ITEMS_PER_THREAD>(i, ALGORITHM == BLOCK_LOAD_STRIPED); }
};

/** Stores a tile in the arrangement BlockLoad with the same algorithm loads. */
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockStore {
 public:
  struct TempStorage {
    T unused;
  };

  __device__ BlockStore() {}
  __device__ BlockStore(TempStorage &) {}

  template <typename OutputIterator>
  __device__ void Store(OutputIterator block_itr, T (&items)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) block_itr[Index(i)] = items[i];
  }

  template <typename OutputIterator>
  __device__ void Store(OutputIterator block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      if (Index(i) < valid_items) block_itr[Index(i)] = items[i];
    }
  }

 private:
  static __device__ int Index(int i) { return TileIndex<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z, ITEMS_PER_THREAD>(i, ALGORITHM == BLOCK_STORE_STRIPED); }
};

/**
 * Reductions over a logical warp of LOGICAL_WARP_THREADS lanes (a power of two up to warpSize),
 * with warp shuffles: every lane of the logical warp must make the call.
 */
template <typename T, int LOGICAL_WARP_THREADS = 0>
class WarpReduce {

 public:
  struct TempStorage {
    T unused;
  };

  __device__ WarpReduce(TempStorage &) {}

  __device__ T Sum(T input) { return Reduce(input, hipcub::Sum()); }

  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp op) {
    // 0 (the default) is the logical warp: warpSize, hip2vortex's --warp-size.
    const int lanes = LOGICAL_WARP_THREADS ? LOGICAL_WARP_THREADS : warpSize;
    T value = input;
    for (int offset = lanes / 2; offset > 0; offset /= 2) value = op(value, __shfl_xor(value, offset, lanes));
    return value;
  }
};

#ifndef CUB_MAX
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#endif

/** hipCUB's device allocator without its cache: an allocation is a hipMalloc, a free a hipFree. */
struct CachingDeviceAllocator {
  explicit CachingDeviceAllocator(bool = false, bool = false) {}
  CachingDeviceAllocator(unsigned, unsigned, unsigned, size_t, bool = false, bool = false) {}
  hipError_t DeviceAllocate(void **d_ptr, size_t bytes, hipStream_t = 0) { return hipMalloc(d_ptr, bytes); }
  hipError_t DeviceAllocate(int, void **d_ptr, size_t bytes, hipStream_t = 0) { return hipMalloc(d_ptr, bytes); }
  hipError_t DeviceFree(void *d_ptr) { return hipFree(d_ptr); }
  hipError_t DeviceFree(int, void *d_ptr) { return hipFree(d_ptr); }
};

/**
 * Scans over a logical warp of LOGICAL_WARP_THREADS lanes (a power of two up to warpSize), with
 * warp shuffles: every lane of the logical warp must make the call.
 */
template <typename T, int LOGICAL_WARP_THREADS = 0>
class WarpScan : public ScanForms<WarpScan<T, LOGICAL_WARP_THREADS>, T> {
 public:
  struct TempStorage {
    T unused;
  };

  __device__ WarpScan(TempStorage &) {}

  // The one-value forms of ScanForms, beside this class's own overloads.
  using Forms = ScanForms<WarpScan, T>;
  using Forms::InclusiveSum;
  using Forms::ExclusiveSum;
  using Forms::InclusiveScan;
  using Forms::ExclusiveScan;

  /** Hillis and Steele's scan over the lanes; the last lane's result is the aggregate. */
  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp op, T &warp_aggregate) {
    // 0 (the default) is the logical warp: warpSize, hip2vortex's --warp-size.
    const int lanes = LOGICAL_WARP_THREADS ? LOGICAL_WARP_THREADS : warpSize;
    const int lane = __lane_id() % lanes;
    T value = input;
    for (int offset = 1; offset < lanes; offset *= 2) {
      T before = __shfl_up(value, offset, lanes);
      if (lane >= offset) value = op(before, value);
    }
    output = value;
    warp_aggregate = __shfl(value, lanes - 1, lanes);
  }

  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op, T &warp_aggregate) {
    const int lanes = LOGICAL_WARP_THREADS ? LOGICAL_WARP_THREADS : warpSize;
    T inclusive;
    InclusiveScan(input, inclusive, op, warp_aggregate);
    T before = __shfl_up(inclusive, 1, lanes);
    output = __lane_id() % lanes == 0 ? initial_value : op(initial_value, before);
  }
};

/** The host copy of `n` device items from `first`. */
template <typename T>
std::vector<T> CopyToHost(T *first, int n, hipStream_t stream) {
  std::vector<T> items(n > 0 ? n : 0);
  hipStreamSynchronize(stream);
  if (n > 0) hipMemcpy(items.data(), first, n * sizeof(T), hipMemcpyDeviceToHost);
  return items;
}

template <typename T>
std::vector<T> CopyToHost(const T *first, int n, hipStream_t stream) {
  return CopyToHost(const_cast<T *>(first), n, stream);
}

/** An iterator's items (ConstantInputIterator, CountingInputIterator): computed, not read from device memory. */
template <typename InputIterator>
std::vector<typename std::iterator_traits<InputIterator>::value_type> CopyToHost(InputIterator first, int n, hipStream_t) {
  std::vector<typename std::iterator_traits<InputIterator>::value_type> items;
  for (int i = 0; i < n; ++i) items.push_back(first[i]);
  return items;
}

/** What std::iterator_traits reads of an iterator that computes its items. */
template <typename ValueType, typename OffsetT>
struct ComputedItems {
  typedef ValueType value_type;
  typedef OffsetT difference_type;
  typedef ValueType reference;
  typedef void pointer;
  typedef std::random_access_iterator_tag iterator_category;
};

/** hipCUB's iterator of one value repeated. */
template <typename ValueType, typename OffsetT = ptrdiff_t>
class ConstantInputIterator : public ComputedItems<ValueType, OffsetT> {
 public:

  __host__ __device__ ConstantInputIterator(const ValueType &value, OffsetT offset = 0) : value_(value), offset_(offset) {}
  __host__ __device__ ValueType operator*() const { return value_; }
  __host__ __device__ ValueType operator[](OffsetT) const { return value_; }
  __host__ __device__ ConstantInputIterator operator+(OffsetT n) const { return ConstantInputIterator(value_, offset_ + n); }

 private:
  ValueType value_;
  OffsetT offset_;
};

/** hipCUB's iterator of consecutive values from a start. */
template <typename ValueType, typename OffsetT = ptrdiff_t>
class CountingInputIterator : public ComputedItems<ValueType, OffsetT> {
 public:

  __host__ __device__ CountingInputIterator(const ValueType &start) : start_(start) {}
  __host__ __device__ ValueType operator*() const { return start_; }
  __host__ __device__ ValueType operator[](OffsetT n) const { return start_ + (ValueType)n; }
  __host__ __device__ CountingInputIterator operator+(OffsetT n) const { return CountingInputIterator(start_ + (ValueType)n); }

 private:
  ValueType start_;
};

/** Writes `items` to device memory at `first`. */
template <typename OutputIterator, typename T>
hipError_t CopyToDevice(OutputIterator first, const std::vector<T> &items) {
  return items.empty() ? hipSuccess : hipMemcpy(&first[0], items.data(), items.size() * sizeof(T), hipMemcpyHostToDevice);
}

/** The size query every device-wide call starts with: no temporary storage is needed. */
inline bool SizeQuery(void *d_temp_storage, size_t &temp_storage_bytes) {
  if (d_temp_storage) return false;
  temp_storage_bytes = 1;
  return true;
}

struct DeviceReduce {
  template <typename InputIterator, typename OutputIterator, typename ReductionOp, typename T>
  static hipError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, int num_items, ReductionOp op, T init, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, num_items, stream);
    std::vector<T> result(1, init);
    for (size_t i = 0; i < items.size(); ++i) result[0] = op(result[0], items[i]);
    return CopyToDevice(d_out, result);
  }

  template <typename InputIterator, typename OutputIterator>
  static hipError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, int num_items, hipStream_t stream = 0) {
    typedef typename std::iterator_traits<InputIterator>::value_type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, hipcub::Sum(), T(0), stream);
  }

  template <typename InputIterator, typename OutputIterator>
  static hipError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, int num_items, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, num_items, stream);
    for (size_t i = 1; i < items.size(); ++i) items[0] = hipcub::Max()(items[0], items[i]);
    items.resize(items.empty() ? 0 : 1);
    return CopyToDevice(d_out, items);
  }

  template <typename InputIterator, typename OutputIterator>
  static hipError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, int num_items, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, num_items, stream);
    for (size_t i = 1; i < items.size(); ++i) items[0] = hipcub::Min()(items[0], items[i]);
    items.resize(items.empty() ? 0 : 1);
    return CopyToDevice(d_out, items);
  }
};

struct DeviceScan {
  template <typename InputIterator, typename OutputIterator, typename ScanOp>
  static hipError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, ScanOp op, int num_items, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, num_items, stream);
    for (size_t i = 1; i < items.size(); ++i) items[i] = op(items[i - 1], items[i]);
    return CopyToDevice(d_out, items);
  }

  template <typename InputIterator, typename OutputIterator, typename ScanOp, typename T>
  static hipError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, ScanOp op, T init, int num_items, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, num_items, stream);
    T running = init;
    for (size_t i = 0; i < items.size(); ++i) {
      const T item = items[i];
      items[i] = running;
      running = op(running, item);
    }
    return CopyToDevice(d_out, items);
  }

  template <typename InputIterator, typename OutputIterator>
  static hipError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, int num_items, hipStream_t stream = 0) {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, hipcub::Sum(), num_items, stream);
  }

  template <typename InputIterator, typename OutputIterator>
  static hipError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, int num_items, hipStream_t stream = 0) {
    typedef typename std::iterator_traits<InputIterator>::value_type T;
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, hipcub::Sum(), T(0), num_items, stream);
  }
};

/** The two buffers of a sort that alternates between them (`Current()` holds the items). */
template <typename T>
struct DoubleBuffer {
  T *d_buffers[2];
  int selector;

  DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
  DoubleBuffer(T *current, T *alternate) : d_buffers{current, alternate}, selector(0) {}
  T *Current() { return d_buffers[selector]; }
  T *Alternate() { return d_buffers[selector ^ 1]; }
};

/**
 * The bits a radix sort orders `key` by, as an unsigned integer of its size: a signed integer's
 * sign flipped, a float's sign flipped when positive and all its bits when negative (so -0.0
 * sorts before +0.0, as hipCUB's does).
 */
template <typename Key>
uint64_t RadixBits(const Key &key) {
  typedef typename std::conditional<sizeof(Key) == 1, uint8_t, typename std::conditional<sizeof(Key) == 2, uint16_t, typename std::conditional<sizeof(Key) == 4, uint32_t, uint64_t>::type>::type>::type Bits;
  Bits bits;
  std::memcpy(&bits, &key, sizeof(Key));
  const Bits sign = Bits(Bits(1) << (8 * sizeof(Key) - 1));
  if (std::is_floating_point<Key>::value) bits = (bits & sign) ? Bits(~bits) : Bits(bits | sign);
  else if (std::is_signed<Key>::value) bits = Bits(bits ^ sign);
  return bits;
}

/** The order that sorts `keys` by their bits [begin_bit, end_bit), stably. */
template <typename Key>
std::vector<size_t> RadixOrder(const std::vector<Key> &keys, int begin_bit, int end_bit, bool descending) {
  const uint64_t mask = end_bit - begin_bit >= 64 ? ~uint64_t(0) : (uint64_t(1) << (end_bit - begin_bit)) - 1;
  std::vector<uint64_t> digits(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) digits[i] = (RadixBits(keys[i]) >> begin_bit) & mask;
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return descending ? digits[b] < digits[a] : digits[a] < digits[b]; });
  return order;
}

/** `items` in `order`. */
template <typename T>
std::vector<T> Permuted(const std::vector<T> &items, const std::vector<size_t> &order) {
  std::vector<T> result(order.size());
  for (size_t i = 0; i < order.size(); ++i) result[i] = items[order[i]];
  return result;
}

/** Keys (and values, unless `d_values_out` is null) with each segment [begins[s], ends[s]) radix-sorted. */
template <typename Key, typename Value, typename Offset>
hipError_t SortSegments(const Key *d_keys_in, Key *d_keys_out, const Value *d_values_in, Value *d_values_out, int num_items, const std::vector<Offset> &begins, const std::vector<Offset> &ends, int begin_bit, int end_bit, hipStream_t stream, bool descending) {
  const std::vector<Key> keys = CopyToHost(d_keys_in, num_items, stream);
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), size_t(0));
  for (size_t s = 0; s < begins.size(); ++s) {
    if (ends[s] <= begins[s]) continue;
    const std::vector<size_t> within = RadixOrder(std::vector<Key>(keys.begin() + begins[s], keys.begin() + ends[s]), begin_bit, end_bit, descending);
    for (size_t i = 0; i < within.size(); ++i) order[begins[s] + i] = begins[s] + within[i];
  }
  hipError_t status = CopyToDevice(d_keys_out, Permuted(keys, order));
  if (status == hipSuccess && d_values_out) status = CopyToDevice(d_values_out, Permuted(CopyToHost(d_values_in, num_items, stream), order));
  return status;
}

struct DeviceRadixSort {
  template <typename Key, typename Value>
  static hipError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, const Value *d_values_in, Value *d_values_out, int num_items, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, begin_bit, end_bit, stream, false);
  }
  template <typename Key, typename Value>
  static hipError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, const Value *d_values_in, Value *d_values_out, int num_items, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, begin_bit, end_bit, stream, true);
  }
  template <typename Key>
  static hipError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, int num_items, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const char *)nullptr, (char *)nullptr, num_items, begin_bit, end_bit, stream, false);
  }
  template <typename Key>
  static hipError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, int num_items, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const char *)nullptr, (char *)nullptr, num_items, begin_bit, end_bit, stream, true);
  }
  /** The DoubleBuffer forms: sorted into the current buffers (the alternate ones are not used). */
  template <typename Key, typename Value>
  static hipError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<Key> &keys, DoubleBuffer<Value> &values, int num_items, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, keys.Current(), keys.Current(), values.Current(), values.Current(), num_items, begin_bit, end_bit, stream, false);
  }
  template <typename Key>
  static hipError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<Key> &keys, int num_items, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, keys.Current(), keys.Current(), (const char *)nullptr, (char *)nullptr, num_items, begin_bit, end_bit, stream, false);
  }

 private:
  template <typename Key, typename Value>
  static hipError_t Sort(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, const Value *d_values_in, Value *d_values_out, int num_items, int begin_bit, int end_bit, hipStream_t stream, bool descending) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    return SortSegments(d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, std::vector<int>{0}, std::vector<int>{num_items}, begin_bit, end_bit, stream, descending);
  }
};

/** Each segment [begin, end) sorted on its own; items outside every segment keep their place. */
struct DeviceSegmentedRadixSort {
  template <typename Key, typename Value, typename Offsets>
  static hipError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, const Value *d_values_in, Value *d_values_out, int num_items, int num_segments, Offsets d_begin_offsets, Offsets d_end_offsets, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, stream, false);
  }
  template <typename Key, typename Value, typename Offsets>
  static hipError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, const Value *d_values_in, Value *d_values_out, int num_items, int num_segments, Offsets d_begin_offsets, Offsets d_end_offsets, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, stream, true);
  }
  template <typename Key, typename Offsets>
  static hipError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, int num_items, int num_segments, Offsets d_begin_offsets, Offsets d_end_offsets, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const char *)nullptr, (char *)nullptr, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, stream, false);
  }
  template <typename Key, typename Offsets>
  static hipError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, int num_items, int num_segments, Offsets d_begin_offsets, Offsets d_end_offsets, int begin_bit = 0, int end_bit = sizeof(Key) * 8, hipStream_t stream = 0) {
    return Sort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const char *)nullptr, (char *)nullptr, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, stream, true);
  }

 private:
  template <typename Key, typename Value, typename Offsets>
  static hipError_t Sort(void *d_temp_storage, size_t &temp_storage_bytes, const Key *d_keys_in, Key *d_keys_out, const Value *d_values_in, Value *d_values_out, int num_items, int num_segments, Offsets d_begin_offsets, Offsets d_end_offsets, int begin_bit, int end_bit, hipStream_t stream, bool descending) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    const auto begins = CopyToHost(d_begin_offsets, num_segments, stream), ends = CopyToHost(d_end_offsets, num_segments, stream);
    return SortSegments(d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, begins, ends, begin_bit, end_bit, stream, descending);
  }
};

struct DeviceSelect {
  /** The items whose flag is set, in order, and their number. */
  template <typename InputIterator, typename FlagIterator, typename OutputIterator, typename NumSelectedIterator>
  static hipError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, FlagIterator d_flags, OutputIterator d_out, NumSelectedIterator d_num_selected_out, int num_items, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, num_items, stream), selected;
    std::vector<typename std::iterator_traits<FlagIterator>::value_type> flags = CopyToHost(d_flags, num_items, stream);
    for (size_t i = 0; i < items.size(); ++i) {
      if (flags[i]) selected.push_back(items[i]);
    }
    return Selected(selected, d_out, d_num_selected_out);
  }

  /** The items `select_op` accepts, in order, and their number. */
  template <typename InputIterator, typename OutputIterator, typename NumSelectedIterator, typename SelectOp>
  static hipError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, NumSelectedIterator d_num_selected_out, int num_items, SelectOp select_op, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, num_items, stream), selected;
    for (size_t i = 0; i < items.size(); ++i) {
      if (select_op(items[i])) selected.push_back(items[i]);
    }
    return Selected(selected, d_out, d_num_selected_out);
  }

  /** The first item of each run of equal items, and their number. */
  template <typename InputIterator, typename OutputIterator, typename NumSelectedIterator>
  static hipError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, NumSelectedIterator d_num_selected_out, int num_items, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, num_items, stream);
    items.erase(std::unique(items.begin(), items.end()), items.end());
    return Selected(items, d_out, d_num_selected_out);
  }

 private:
  template <typename T, typename OutputIterator, typename NumSelectedIterator>
  static hipError_t Selected(const std::vector<T> &selected, OutputIterator d_out, NumSelectedIterator d_num_selected_out) {
    typedef typename std::iterator_traits<NumSelectedIterator>::value_type Count;
    const hipError_t status = CopyToDevice(d_out, selected);
    return status == hipSuccess ? CopyToDevice(d_num_selected_out, std::vector<Count>(1, Count(selected.size()))) : status;
  }
};

struct DeviceSegmentedReduce {
  /** Each segment [d_begin_offsets[s], d_end_offsets[s]) reduced from `init`. */
  template <typename InputIterator, typename OutputIterator, typename OffsetIterator, typename ReductionOp, typename T>
  static hipError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, int num_segments, OffsetIterator d_begin_offsets, OffsetIterator d_end_offsets, ReductionOp op, T init, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    std::vector<typename std::iterator_traits<OffsetIterator>::value_type> begins = CopyToHost(d_begin_offsets, num_segments, stream), ends = CopyToHost(d_end_offsets, num_segments, stream);
    const int total = num_segments > 0 ? int(*std::max_element(ends.begin(), ends.end())) : 0;
    std::vector<typename std::iterator_traits<InputIterator>::value_type> items = CopyToHost(d_in, total, stream);
    std::vector<T> results(num_segments > 0 ? num_segments : 0, init);
    for (size_t s = 0; s < results.size(); ++s) {
      for (auto i = begins[s]; i < ends[s]; ++i) results[s] = op(results[s], items[i]);
    }
    return CopyToDevice(d_out, results);
  }

  template <typename InputIterator, typename OutputIterator, typename OffsetIterator>
  static hipError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, OutputIterator d_out, int num_segments, OffsetIterator d_begin_offsets, OffsetIterator d_end_offsets, hipStream_t stream = 0) {
    typedef typename std::iterator_traits<InputIterator>::value_type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets, hipcub::Sum(), T(0), stream);
  }
};

struct DeviceHistogram {
  /** num_levels - 1 equal bins over [lower_level, upper_level); samples outside are not counted. */
  template <typename SampleIterator, typename Counter, typename Level, typename Offset>
  static hipError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIterator d_samples, Counter *d_histogram, int num_levels, Level lower_level, Level upper_level, Offset num_samples, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    const int bins = num_levels - 1;
    const double width = (double)upper_level - (double)lower_level;
    return Count(d_samples, d_histogram, bins, num_samples, stream, [&](double sample) {
      return sample >= (double)lower_level && sample < (double)upper_level ? int((sample - (double)lower_level) * bins / width) : -1;
    });
  }

  /** Bin i counts the samples in [d_levels[i], d_levels[i + 1]). */
  template <typename SampleIterator, typename Counter, typename Level, typename Offset>
  static hipError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIterator d_samples, Counter *d_histogram, int num_levels, Level *d_levels, Offset num_samples, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    const std::vector<Level> levels = CopyToHost(d_levels, num_levels, stream);
    return Count(d_samples, d_histogram, num_levels - 1, num_samples, stream, [&](double sample) {
      const auto above = std::upper_bound(levels.begin(), levels.end(), sample, [](double s, const Level &l) { return s < (double)l; });
      return above == levels.begin() || above == levels.end() ? -1 : int(above - levels.begin()) - 1;
    });
  }

 private:
  /** The histogram (cleared first, as hipCUB does) of the samples' bins; bin -1 is not counted. */
  template <typename SampleIterator, typename Counter, typename Offset, typename BinOf>
  static hipError_t Count(SampleIterator d_samples, Counter *d_histogram, int bins, Offset num_samples, hipStream_t stream, BinOf bin_of) {
    const auto samples = CopyToHost(d_samples, int(num_samples), stream);
    std::vector<Counter> counts(bins > 0 ? bins : 0, Counter(0));
    for (const auto &sample : samples) {
      const int bin = bin_of((double)sample);
      if (bin >= 0 && bin < bins) counts[bin] += 1;
    }
    return CopyToDevice(d_histogram, counts);
  }
};

struct DeviceRunLengthEncode {
  /** The runs of equal items: each run's item, its length, and the number of runs. */
  template <typename InputIterator, typename UniqueOutputIterator, typename LengthsOutputIterator, typename NumRunsOutputIterator>
  static hipError_t Encode(void *d_temp_storage, size_t &temp_storage_bytes, InputIterator d_in, UniqueOutputIterator d_unique_out, LengthsOutputIterator d_counts_out, NumRunsOutputIterator d_num_runs_out, int num_items, hipStream_t stream = 0) {
    if (SizeQuery(d_temp_storage, temp_storage_bytes)) return hipSuccess;
    typedef typename std::iterator_traits<InputIterator>::value_type T;
    typedef typename std::iterator_traits<LengthsOutputIterator>::value_type Length;
    typedef typename std::iterator_traits<NumRunsOutputIterator>::value_type Count;
    std::vector<T> items = CopyToHost(d_in, num_items, stream);
    std::vector<T> unique;
    std::vector<Length> counts;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i == 0 || !(items[i] == unique.back())) {
        unique.push_back(items[i]);
        counts.push_back(0);
      }
      counts.back() += 1;
    }
    std::vector<Count> runs(1, Count(unique.size()));
    hipError_t status = CopyToDevice(d_unique_out, unique);
    if (status == hipSuccess) status = CopyToDevice(d_counts_out, counts);
    if (status == hipSuccess) status = CopyToDevice(d_num_runs_out, runs);
    return status;
  }
};

}  // namespace hipcub
