// Streams and events on Vortex's single in-order queue. Every operation runs in issue order, and
// a kernel launch returns while the kernel runs; anything that depends on prior work waits for
// the kernel in flight first. Hence a stream is only a validated handle, and an event records
// its timestamp once all prior work has completed.
#include <chrono>
#include <set>

#include "hip2vx_internal.h"

struct ihipStream_t {
  unsigned int flags;
  ihipGraph* capture = nullptr;  // the graph its work is recorded into (graphs.cpp)
};

struct ihipEvent_t {
  unsigned int flags;
  bool recorded;
  std::chrono::steady_clock::time_point when;
  ihipGraph* capturedIn = nullptr;  // recorded on a capturing stream: waiting on it joins the capture
};

namespace hip2vx {

namespace {
template <class Handle>
class HandleTable {
 public:
  hipError_t create(Handle** out, const Handle& value) {
    if (!out) return hipErrorInvalidValue;
    *out = new Handle(value);
    live_.insert(*out);
    return hipSuccess;
  }
  bool contains(Handle* handle) const { return live_.count(handle) != 0; }
  hipError_t destroy(Handle* handle) {
    if (live_.erase(handle) == 0) return hipErrorInvalidHandle;
    delete handle;
    return hipSuccess;
  }

 private:
  std::set<Handle*> live_;
};

HandleTable<ihipStream_t>& streams() {
  static auto* table = new HandleTable<ihipStream_t>();  // never destroyed (hip2vx_internal.h)
  return *table;
}

HandleTable<ihipEvent_t>& events() {
  static auto* table = new HandleTable<ihipEvent_t>();  // never destroyed (hip2vx_internal.h)
  return *table;
}

hipError_t checkEvent(hipEvent_t event) {
  return events().contains(event) ? hipSuccess : hipErrorInvalidHandle;
}

bool timed(hipEvent_t event) { return event->recorded && !(event->flags & hipEventDisableTiming); }

constexpr unsigned int kEventFlags = hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess;
}  // namespace

hipError_t checkStream(hipStream_t stream) {
  return !stream || streams().contains(stream) ? hipSuccess : hipErrorInvalidHandle;
}

ihipGraph* captureOf(hipStream_t stream) { return stream && streams().contains(stream) ? stream->capture : nullptr; }

void setCapture(hipStream_t stream, ihipGraph* graph) { stream->capture = graph; }

}  // namespace hip2vx

using hip2vx::api;

hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  return api([&] {
    if (flags & ~hipStreamNonBlocking) return hipErrorInvalidValue;
    return hip2vx::streams().create(stream, ihipStream_t{flags});
  });
}

hipError_t hipStreamCreate(hipStream_t* stream) {
  return hipStreamCreateWithFlags(stream, hipStreamDefault);
}

hipError_t hipStreamDestroy(hipStream_t stream) {
  return api([&] { return hip2vx::streams().destroy(stream); });
}

hipError_t hipStreamSynchronize(hipStream_t stream) {
  return api([&] { return hip2vx::onStream(stream, hip2vx::waitIdle); });
}

// Vortex offers no non-blocking completion test (vx_ready_wait with a zero timeout still waits
// on simx), so a query completes the work and then reports it done.
hipError_t hipStreamQuery(hipStream_t stream) { return hipStreamSynchronize(stream); }

hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags, int) {
  return hipStreamCreateWithFlags(stream, flags);
}

hipError_t hipDeviceGetStreamPriorityRange(int* least_priority, int* greatest_priority) {
  if (least_priority) *least_priority = 0;
  if (greatest_priority) *greatest_priority = 0;
  return hipSuccess;
}

hipError_t hipStreamGetPriority(hipStream_t stream, int* priority) {
  return api([&] {
    if (!priority) return hipErrorInvalidValue;
    *priority = 0;
    return hip2vx::checkStream(stream);
  });
}

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags) {
  return api([&] {
    if (!flags) return hipErrorInvalidValue;
    hipError_t error = hip2vx::checkStream(stream);
    if (error == hipSuccess) *flags = stream ? stream->flags : hipStreamDefault;
    return error;
  });
}

hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* user_data) {
  return api([&] {
    if (!fn) return hipErrorInvalidValue;
    return hip2vx::onStream(stream, [=] {
      hipError_t error = hip2vx::waitIdle();
      if (error == hipSuccess) fn(user_data);
      return error;
    });
  });
}

hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void* user_data, unsigned int flags) {
  return api([&] {
    if (!callback || flags != 0) return hipErrorInvalidValue;
    // The callback learns the status of the work before it, as CUDA's does.
    return hip2vx::onStream(stream, [=] {
      callback(stream, hip2vx::waitIdle(), user_data);
      return hipSuccess;
    });
  });
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
  return api([&] {
    if (flags != 0) return hipErrorInvalidValue;
    hipError_t error = hip2vx::checkEvent(event);
    if (error == hipSuccess) error = hip2vx::checkStream(stream);
    // A stream waiting on work being captured joins the capture (CUDA's fork into other streams).
    if (error == hipSuccess && stream && event->capturedIn && !hip2vx::captureOf(stream)) hip2vx::joinCapture(stream, event->capturedIn);
    return error;
  });
}

hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags) {
  return api([&] {
    if (flags & ~hip2vx::kEventFlags) return hipErrorInvalidValue;
    if (flags & hipEventInterprocess) return hipErrorNotSupported;
    return hip2vx::events().create(event, ihipEvent_t{flags, false, {}});
  });
}

hipError_t hipEventCreate(hipEvent_t* event) { return hipEventCreateWithFlags(event, hipEventDefault); }

hipError_t hipEventDestroy(hipEvent_t event) {
  return api([&] { return hip2vx::events().destroy(event); });
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  return api([&] {
    hipError_t error = hip2vx::checkEvent(event);
    if (error != hipSuccess) return error;
    event->capturedIn = hip2vx::captureOf(stream);
    return hip2vx::onStream(stream, [=] {
      hipError_t done = hip2vx::waitIdle();
      if (done == hipSuccess && hip2vx::checkEvent(event) == hipSuccess) {  // a replayed graph may outlive it
        event->recorded = true;
        event->when = std::chrono::steady_clock::now();
      }
      return done;
    });
  });
}

// The work before an event completed when it was recorded.
hipError_t hipEventSynchronize(hipEvent_t event) { return api([&] { return hip2vx::checkEvent(event); }); }

hipError_t hipEventQuery(hipEvent_t event) { return hipEventSynchronize(event); }

hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  return api([&] {
    if (!ms) return hipErrorInvalidValue;
    hipError_t error = hip2vx::checkEvent(start);
    if (error == hipSuccess) error = hip2vx::checkEvent(stop);
    if (error != hipSuccess) return error;
    if (!hip2vx::timed(start) || !hip2vx::timed(stop)) return hipErrorInvalidHandle;
    *ms = std::chrono::duration<float, std::milli>(stop->when - start->when).count();
    return hipSuccess;
  });
}
