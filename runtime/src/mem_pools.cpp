// Stream-ordered allocation's memory pools. hipMallocAsync allocates at once and hipFreeAsync
// frees once the stream's work is done (memory.cpp), so there is no pool to tune: the device's one
// default pool is a handle whose attributes are kept, reported back, and change nothing.
#include <cstdint>
#include <cstring>

#include "hip2vx_internal.h"

struct ihipMemPoolHandle_t {
  uint64_t attributes[hipMemPoolAttrUsedMemHigh + 1];
};

namespace {

ihipMemPoolHandle_t default_pool{};

bool valid(hipMemPool_t pool, hipMemPoolAttr attr, void* value) {
  return pool == &default_pool && value && attr >= hipMemPoolReuseFollowEventDependencies && attr <= hipMemPoolAttrUsedMemHigh;
}

/* The reuse policies are ints; the thresholds and counters are 64-bit. */
size_t width(hipMemPoolAttr attr) { return attr <= hipMemPoolReuseAllowInternalDependencies ? sizeof(int) : sizeof(uint64_t); }

}  // namespace

hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* pool, int device) {
  if (!pool || device != 0) return hipErrorInvalidValue;
  *pool = &default_pool;
  return hipSuccess;
}

hipError_t hipDeviceGetMemPool(hipMemPool_t* pool, int device) { return hipDeviceGetDefaultMemPool(pool, device); }

hipError_t hipMemPoolSetAttribute(hipMemPool_t pool, hipMemPoolAttr attr, void* value) {
  if (!valid(pool, attr, value)) return hipErrorInvalidValue;
  std::memcpy(&pool->attributes[attr], value, width(attr));
  return hipSuccess;
}

hipError_t hipMemPoolGetAttribute(hipMemPool_t pool, hipMemPoolAttr attr, void* value) {
  if (!valid(pool, attr, value)) return hipErrorInvalidValue;
  std::memcpy(value, &pool->attributes[attr], width(attr));
  return hipSuccess;
}

hipError_t hipMemPoolTrimTo(hipMemPool_t pool, size_t) { return pool == &default_pool ? hipSuccess : hipErrorInvalidValue; }
