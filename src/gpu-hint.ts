// Which files may contain GPU code, decided without parsing (a regular expression over the text).
const GPU_HINT = /__global__|__device__|__constant__|__shared__|__attribute__\(\(\s*(?:global|device)\b|<<<|hipLaunchKernelGGL|\bcuda[A-Z_]\w*|\bcu[A-Z]\w+\(|\bhip[A-Z]\w*|cuda_runtime|cuda\.h|hip_runtime/;

/** A cheap test (no parse) for files that may need translating. */
export function looksLikeGpuSource(text: string): boolean {
  return GPU_HINT.test(text);
}
