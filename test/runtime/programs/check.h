// Assertions for the runtime test programs: each failure prints a FAIL line, and report() ends
// the run with "ALL OK" or the number of failures (and a non-zero exit status).
#pragma once
#include <hip/hip_runtime.h>

#include <cstdio>

static int failures = 0;

#define EXPECT(cond)                                                   \
  do {                                                                 \
    if (!(cond)) {                                                     \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);      \
      ++failures;                                                      \
    }                                                                  \
  } while (0)

#define EXPECT_ERR(call, expected)                                                          \
  do {                                                                                      \
    const hipError_t got_ = (call);                                                         \
    if (got_ != (expected)) {                                                               \
      std::printf("FAIL %s:%d: %s -> %s, expected %s\n", __FILE__, __LINE__, #call,         \
                  hipGetErrorName(got_), hipGetErrorName(expected));                        \
      ++failures;                                                                           \
    }                                                                                       \
  } while (0)

#define EXPECT_OK(call) EXPECT_ERR(call, hipSuccess)

// A bad call returns `expected`, which hipPeekAtLastError then reports and hipGetLastError
// reports once and clears.
#define EXPECT_BAD(call, expected)                  \
  do {                                              \
    hipGetLastError();                              \
    EXPECT_ERR(call, expected);                     \
    EXPECT_ERR(hipPeekAtLastError(), expected);     \
    EXPECT_ERR(hipGetLastError(), expected);        \
    EXPECT_ERR(hipGetLastError(), hipSuccess);      \
  } while (0)

static int report() {
  if (failures) std::printf("%d failures\n", failures);
  else std::printf("ALL OK\n");
  return failures ? 1 : 0;
}
