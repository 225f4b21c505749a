// Whether a source is written against HIP or CUDA, where the two runtimes behave differently on
// the same translated code (HIP on AMD GPUs implements device assert as a trap: the waiting call
// returns hipErrorLaunchFailure, where CUDA returns cudaErrorAssert).

/** CUDA's runtime names and headers (a HIP program reaches none of them). */
const CUDA_SPELLING = /\bcuda[A-Z]\w*|#\s*include\s*[<"](?:cuda|cooperative_groups|curand|cub\/)/;
const HIP_SPELLING = /\bhip[A-Z]\w*|#\s*include\s*[<"]hip\//;

export function writtenAgainstHip(text: string): boolean {
  return HIP_SPELLING.test(text) && !CUDA_SPELLING.test(text);
}
