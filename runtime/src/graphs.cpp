// Graphs made by stream capture. Between hipStreamBeginCapture and hipStreamEndCapture, the work a
// stream is given (and the work of streams that wait on an event recorded there) is recorded as
// closures owning their arguments (onStream); an executable graph replays them in issue order,
// which is the order the runtime's single queue runs everything anyway. Graphs built node by node
// (hipGraphAdd*Node) are refused at translation time.
#include <memory>
#include <set>
#include <vector>

#include "hip2vx_internal.h"

struct ihipGraph {
  std::vector<hip2vx::Work> nodes;
  std::vector<hipStream_t> streams;  // capturing into it: the origin first, then those that joined
};

struct ihipGraphExec {
  std::shared_ptr<const std::vector<hip2vx::Work>> nodes;  // shared with replays still recorded elsewhere
};

namespace hip2vx {
namespace {
/** Graphs being captured: an event may name one that has ended (or been destroyed) since. */
std::set<ihipGraph*>& capturing() {
  static auto* graphs = new std::set<ihipGraph*>();  // never destroyed (hip2vx_internal.h)
  return *graphs;
}
}  // namespace

void record(ihipGraph* graph, Work work) { graph->nodes.push_back(std::move(work)); }

void joinCapture(hipStream_t stream, ihipGraph* graph) {
  if (!capturing().count(graph)) return;
  graph->streams.push_back(stream);
  setCapture(stream, graph);
}
}  // namespace hip2vx

using hip2vx::api;

hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  return api([&] {
    hipError_t error = hip2vx::checkStream(stream);
    if (error != hipSuccess) return error;
    if (static_cast<unsigned>(mode) > hipStreamCaptureModeRelaxed) return hipErrorInvalidValue;
    if (!stream) return hipErrorStreamCaptureUnsupported;  // the null stream cannot be captured
    if (hip2vx::captureOf(stream)) return hipErrorIllegalState;
    ihipGraph* graph = new ihipGraph{{}, {stream}};
    hip2vx::capturing().insert(graph);
    hip2vx::setCapture(stream, graph);
    return hipSuccess;
  });
}

hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* graph) {
  return api([&] {
    if (!graph) return hipErrorInvalidValue;
    hipError_t error = hip2vx::checkStream(stream);
    if (error != hipSuccess) return error;
    ihipGraph* captured = hip2vx::captureOf(stream);
    if (!captured || captured->streams.front() != stream) return hipErrorStreamCaptureUnmatched;
    for (hipStream_t s : captured->streams)
      if (hip2vx::checkStream(s) == hipSuccess && hip2vx::captureOf(s) == captured) hip2vx::setCapture(s, nullptr);
    captured->streams.clear();
    hip2vx::capturing().erase(captured);
    *graph = captured;
    return hipSuccess;
  });
}

hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus* status, unsigned long long* id) {
  return api([&] {
    if (!status) return hipErrorInvalidValue;
    hipError_t error = hip2vx::checkStream(stream);
    if (error != hipSuccess) return error;
    ihipGraph* graph = hip2vx::captureOf(stream);
    *status = graph ? hipStreamCaptureStatusActive : hipStreamCaptureStatusNone;
    if (id && graph) *id = reinterpret_cast<uintptr_t>(graph);
    return hipSuccess;
  });
}

hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus* status) {
  return hipStreamGetCaptureInfo(stream, status, nullptr);
}

hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode) {
  return mode && static_cast<unsigned>(*mode) <= hipStreamCaptureModeRelaxed ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* exec, hipGraph_t graph, unsigned long long) {
  return api([&] {
    if (!exec || !graph) return hipErrorInvalidValue;
    *exec = new ihipGraphExec{std::make_shared<const std::vector<hip2vx::Work>>(graph->nodes)};
    return hipSuccess;
  });
}

hipError_t hipGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph, unsigned long long flags) {
  return hipGraphInstantiateWithFlags(exec, graph, flags);
}

hipError_t hipGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph, hipGraphNode_t* error_node, char* log, size_t log_size) {
  if (error_node) *error_node = nullptr;
  if (log && log_size) log[0] = '\0';
  return hipGraphInstantiateWithFlags(exec, graph, 0);
}

// Nothing to upload: the recorded work carries its arguments.
hipError_t hipGraphUpload(hipGraphExec_t exec, hipStream_t stream) {
  return api([&] { return !exec ? hipErrorInvalidValue : hip2vx::checkStream(stream); });
}

hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t stream) {
  return api([&] {
    if (!exec) return hipErrorInvalidValue;
    return hip2vx::onStream(stream, [nodes = exec->nodes] {
      for (const hip2vx::Work& node : *nodes) {
        hipError_t error = node();
        if (error != hipSuccess) return error;
      }
      return hipSuccess;
    });
  });
}

hipError_t hipGraphExecDestroy(hipGraphExec_t exec) {
  return api([&] {
    if (!exec) return hipErrorInvalidValue;
    delete exec;
    return hipSuccess;
  });
}

hipError_t hipGraphDestroy(hipGraph_t graph) {
  return api([&] {
    if (!graph || !graph->streams.empty()) return hipErrorInvalidValue;  // unknown, or still capturing
    delete graph;
    return hipSuccess;
  });
}
