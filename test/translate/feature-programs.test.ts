// Self-checking feature programs (test/fixtures/<dir>/<stem>.cu, print PASSED): each translates
// without errors and passes on the CPU backend and, with VORTEX_HOME, on simx with gcc and clang
// in the configurations and optimisation levels listed.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { output } from './translate-helpers.js';
import { runEverywhere, simxToolchains, translateAll } from '../programs.js';
import type { SimxRun } from '../simx.js';

interface FeatureProgram {
  dir: string;
  stem: string;
  /** The source's extension: cu unless given. */
  extension?: 'hip';
  what: string;
  args?: string;
  variants?: SimxRun[];
  /** Text the device translation must contain. */
  device?: string[];
  /** Text the host translation must contain. */
  host?: string[];
  /** --warp-size */
  warpSize?: 64;
  /** -I directories, relative to the program's directory. */
  includeDirs?: string[];
  /** GPU headers the program includes, translated beside it. */
  headers?: string[];
  /** Files without GPU code the program includes, copied beside the outputs (as --passthrough does). */
  copied?: string[];
}

const PROGRAMS: FeatureProgram[] = [
  {
    dir: 'divergent-shapes', stem: 'shapes', args: '301', variants: [{ config: '4x4', opt: '-O2' }, { config: '4x4', opt: '-O3' }],
    what: 'shapes compilers turn back into divergent branches (references and pointers chosen per thread and returned early, combined comparisons, selects, per-thread trip counts, switch with [[fallthrough]] and a GNU case range, auto return types, a barrier after returns whole warps take or inside an if ending the kernel that they fail, barriers in loops (one with a counter) and an if after them, barriers in loops whose trip count differs between threads (a grid-stride loop holding a scan, a do-while after a return, a break, a continue) and in an if on a per-thread condition before more code, branches on what a device function wrote into a local array, through a reference, as a member function and by a lambda, a declaration as a while loop\'s condition, #pragma and #ifdef inside switch cases)',
  },
  {
    dir: 'conditional-loads', stem: 'conditional_loads', args: '301', variants: [{ config: '4x4' }],
    what: '&&, || and ?: with loads in call arguments, returns, loop conditions and arithmetic; the side not taken never runs',
    device: ['int v = twice(__hv_v'],
  },
  {
    dir: 'stream-capture', stem: 'stream_capture', args: '1000', variants: [{ config: '4x4', args: '300' }],
    what: 'a graph made by stream capture (copies, memset, kernels forked and joined over two streams, a host function), launched three times; a stream callback declared with CUDART_CB',
    host: ['CHECK(hipStreamBeginCapture(main_stream, hipStreamCaptureModeGlobal));', 'CHECK(hipGraphInstantiate(&exec, graph, 0));', 'CHECK(hipGraphLaunch(exec, main_stream));'],
  },
  {
    dir: 'aligned-declarations', stem: 'aligned', variants: [{ config: '4x4' }],
    what: 'aligned __shared__ arrays (__align__, alignas) counted in the shared-memory struct, an aligned __device__ array, a __constant__ const table with its value, a __device__ const table read through cudaMemcpyFromSymbol',
    device: ['__constant__ const float kWeights[3] = {0.25f, 0.5f, 0.25f};', 'static const int (*__hip2vx_sym_kOffsets)[4];'],
  },
  {
    dir: 'disabled-branches', stem: 'branches', headers: ['scale_float.cuh', 'scale_double.cuh'], variants: [{ config: '4x4' }],
    what: 'kernels under #if 0, an undefined #ifdef and the untaken branches of an #ifdef/#elif/#else, and a header included in an untaken branch: not device code (one kernel of each name)',
  },
  {
    dir: 'lone-thread-blocks', stem: 'lone', variants: [{ config: '4x4' }, { config: '16x16' }],
    what: 'blocks of one thread with shared memory, which Vortex runs as independent threads of a warp: a slice of local memory each, and in rounds when 2 KB a block do not fit',
  },
  {
    dir: 'global-addresses', stem: 'addresses', variants: [{ config: '4x4' }],
    what: 'device globals initialised with addresses in other device globals (a pointer to a table, into its middle, a struct holding them): their device images hold device addresses',
    host: ['HIP2VX_VAR_IMAGE(whole, [](unsigned char* __hv_image) { hip2vx_put_pointer(__hv_image + 0, (const void*)(whole), 4); });'],
  },
  {
    dir: 'argument-arrays', stem: 'arrays', variants: [{ config: '4x4' }],
    what: 'cudaLaunchKernel and hipLaunchKernel with argument arrays: structs laid out otherwise on the device and kernels reading a __constant__ go through the kernel\'s stub, scalars through the runtime\'s metadata',
    host: ['hip2vx::launch_args(&__hip2vx_launch_copy_plus, dim3(1), dim3(n), args1, 0, 0);', 'hip2vx::launch_args(&__hip2vx_launch_add_offset, dim3(1), dim3(n), args4, 0, 0)', 'hipLaunchKernel((const void*)((const void*)&__hip2vx_kernel_arrays_plain), dim3(1), dim3(n), args3, 0, 0);'],
  },
  {
    dir: 'double-loops', stem: 'double_loops', variants: [{ config: '4x4' }],
    what: 'doubles carried around a loop with per-thread branches, built by gcc -O3 without path splitting (which copied a join into both paths)',
  },
  {
    dir: 'vector-selects', stem: 'vector_selects', variants: [{ config: '4x4' }],
    what: "per-thread ?: between 16-, 12- and 3-byte vectors and objects without a default constructor (variables; a ?: constructing them in a declaration still needs one); a ?: of void calls as a statement",
  },
  {
    dir: 'managed', stem: 'managed', args: '1000', variants: [{ config: '4x4' }],
    what: 'managed memory: host init, launches, synchronise, host read; copies, memset, hints, struct arguments; __managed__ variables',
    host: ['CHECK(hipMallocManaged(&b, n * sizeof(int), hipMemAttachGlobal));', '__managed__ int hits; HIP2VX_REGISTER_MANAGED_VAR(hits);', 'CHECK(hipMemAdvise(a, n * sizeof(int), hipMemAdviseSetReadMostly, 0));'],
  },
  {
    dir: 'mapped-host', stem: 'mapped_host', args: '1000', variants: [{ config: '4x4', args: '300' }],
    what: 'mapped (zero-copy) host memory: cudaHostAlloc with cudaHostAllocMapped, device pointers of it and the host pointer itself in launches, a struct argument, registered memory mapped',
    host: ['CHECK(hipHostAlloc((void**)&hx, n * sizeof(float), hipHostMallocMapped));', 'CHECK(hipHostGetDevicePointer((void**)&dx, hx, 0));'],
  },
  {
    dir: 'coalesced-groups', stem: 'coalesced_groups', args: '100', variants: [{ config: '16x16', args: '100' }],
    what: "coalesced groups of the lanes that took a kernel's last branch: warp-aggregated atomics, ranks, size, shuffles by rank, ballot and any",
    device: ['hip2vx_warp_stay(__hv_c1)'],
  },
  {
    dir: 'spin-waits', stem: 'spin_waits', args: '64', variants: [{ config: '4x4', args: '16' }, { config: '16x16', args: '64' }],
    what: "threads of a block waiting for each other through volatile memory (a do-while until decided, a flag handed over): on the CPU backend the loops' spin points let the block's other threads run",
    device: ['{ hip2vx_spin_point();}'],
  },
  {
    dir: 'block-waits', stem: 'block_waits', args: '24', variants: [],
    what: 'blocks of one launch waiting for each other (a chain of 24): the CPU backend gives a launch whose blocks keep spinning more workers (Vortex runs only the blocks its cores hold at once)',
  },
  {
    dir: 'soft-double', stem: 'soft_double', args: '200', variants: [{ config: '4x4' }],
    what: 'per-thread double arithmetic and 64-bit division on rv32 (serialised software routines)',
  },
  {
    dir: 'int64-compare', stem: 'int64_compare', args: '301', variants: [{ config: '4x4', opt: '-O2' }, { config: '4x4', opt: '-O3' }],
    what: 'per-thread 64-bit integers on rv32: comparisons in a grid-stride loop and an if, variable shifts, division (branch-free helpers, serialised routines)',
    device: ['hip2vx_bool(hip2vx_lt(a[i] , b[i]))', 'hip2vx_shr(a[i] , (i * 13 % 64))'],
  },
  {
    dir: 'namespace-globals', stem: 'namespace_globals', variants: [{ config: '16x16' }],
    what: 'device globals of one name in several namespaces: each kernel reaches the one C++ looks up (its namespace\'s, a qualified one, the file\'s), one kernel both `gain` and `cfg::gain`',
    device: ['  void* __hip2vx_sym_gain;\n  void* __hip2vx_sym_cfg__gain;', 'b::__hip2vx_sym_cnt = reinterpret_cast<decltype(b::__hip2vx_sym_cnt)>(args->__hip2vx_sym_b__cnt);'],
    host: ['hipGetSymbolAddress(&__hv_sym0, (const void*)&::cfg::gain);'],
  },
  {
    dir: 'global-shadows', stem: 'global_shadows', variants: [{ config: '16x16' }],
    what: 'device globals hidden by locals only in the locals\' scopes (a loop\'s local, a for\'s counter), and named as ::scale beside a local scale',
    device: ['atomicAdd(&(*__hip2vx_sym_total), in[i] + (*__hip2vx_sym_offset));', 'scaled[i] = scale + (*::__hip2vx_sym_scale);'],
  },
  {
    dir: 'guarded-division', stem: 'guarded_division', variants: [{ config: '16x16' }],
    what: 'integer divisions and remainders guarded by a per-thread test of the divisor in a ?:, an && and an || (branches, not a select), a float division in a select',
    device: ['if (__hv_g5) { r = x % d; } else { r = -2; }', 'unit[i] = hip2vx_select(hip2vx_bool(l > 0.0f), 3.0f / l, 0.0f);'],
  },
  {
    dir: 'class-values', stem: 'class_values', variants: [{ config: '16x16' }],
    what: 'a ?: and an early return of a class without a default constructor, a reference to one of two locals returned early, a constexpr function with per-thread branches also evaluated at compile time',
    device: ['V2 p = hip2vx_uninit<V2>();', 'V2 __hv_rv = hip2vx_uninit<V2>();', '{ __hv_rv = &(a); hip2vx_pin(__hv_rv); __hv_ret1 = 1; }'],
  },
  {
    dir: 'template-compare', stem: 'template_compare', variants: [{ config: '16x16' }],
    what: 'comparisons of template parameter types no collected instance decides: a class template\'s operator() (MaxOp<int64_t>), device function templates instantiated with int64_t and with a struct that has its own operators',
    device: ['return hip2vx_select(hip2vx_bool(hip2vx_lt(a , b)), b, a);', 'T clampAbove(T v, T lo) { return hip2vx_select(hip2vx_bool(hip2vx_gt(v , lo)), v, lo); }'],
  },
  {
    dir: 'int64-shapes', stem: 'int64_shapes', args: '301', variants: [{ config: '4x4', opt: '-O2' }, { config: '4x4', opt: '-O3' }],
    what: 'per-thread 64-bit comparisons and shifts whose types come through auto, arithmetic, unary minus, masks, conditionals and long long literals; a compound shift of a variable; in a kernel template one of whose instances is 64-bit',
    device: ['hip2vx_lt(other , mine)', 'v = hip2vx_shr(v, shift);', 'hip2vx_gt(y , 7)', 'hip2vx_lt(a[i] + b[i] , 0)', 'hip2vx_shl(1LL , (i % 63))', 'hip2vx_lt(i , 5000000000LL)', 'z = hip2vx_shr(z, (i % 40));'],
  },
  {
    dir: 'device-assert', stem: 'device_assert', variants: [{ config: '4x4' }],
    what: 'device assert and __trap name the source line and fail the waiting host call',
    device: ['hip2vx_assert("device_assert.cu", 10, v[i] > 0);', 'hip2vx_trap("device_assert.cu", 15);'],
  },
  {
    dir: 'hip-assert', stem: 'hip_assert', variants: [{ config: '4x4' }],
    what: "a HIP program's failed device assert is a launch failure, as HIP's trap-based assert on AMD GPUs",
    device: ['#define HIP2VX_ASSERT_STATUS HIP2VX_STATUS_TRAP'],
  },
  {
    dir: 'half', stem: 'half', variants: [{ config: '4x4' }],
    what: 'half and bfloat16: conversions (ties, subnormals, overflow, NaN; also as PTX cvt asm), arithmetic, comparisons, math and the 2 forms, bit for bit; half2 complex multiply-add, comparison lane masks, the _rn forms; __dp2a_lo/hi',
    host: ['#include <hip/hip_fp16.h>', '#include <hip/hip_bf16.h>'],
    device: ['hip2vx_ptx_cvt_rn_f16_f32(tmp.u16[0], f);', 'hip2vx_ptx_cvt_f32_bf16(back[2 * i + 1], bits[4 * i + 2]);'],
  },
  {
    dir: 'exit-in-flight', stem: 'exit_in_flight', variants: [{ config: '16x16' }],
    what: 'a kernel still running when main returns, after allocations made since the device opened (the runtime completes it at exit)',
  },
  {
    dir: 'half-roundings', stem: 'half_roundings', variants: [{ config: '16x16' }],
    what: 'the rounding modes of the half and bfloat16 conversions: float rounded down and up, half to and from every integer type in each mode; to char; __hfma_relu',
  },
  // Issue 14's reproducers: each translated "successfully" into wrong or incomplete output.
  { dir: 'attribute-spaces', stem: 'attribute_spaces', variants: [{ config: '4x4' }], what: '__attribute__((global)) and ((device)) declare kernels and device functions; an AMD GPU attribute and an explicit instantiation of a kernel template', device: ['__global__ void fill('], host: ["/* hip2vortex: explicit instantiation of kernel 'offset<int>', in attribute_spaces.device.cpp */"] },
  { dir: 'quoted-runtime-header', stem: 'quoted_runtime_header', variants: [{ config: '4x4' }], what: 'a quoted "cuda_runtime.h" leaves the device source' },
  {
    dir: 'template-shared', stem: 'template_shared', variants: [{ config: '4x4' }],
    what: "__shared__ arrays sized by one and two template parameters; the CUDA samples' SharedMemory<T> (the dynamic array in a member function); a shared object of a non-dependent type calling its member template",
    device: ['template <int W, int H> struct transpose_SharedMem', 'Accumulator (&acc) = HIP2VX_SHARED(HIP2VX_ABI(0, 0), accumulate_SharedMem<N>).acc;', 'double* __smem_d = reinterpret_cast<double*>(hip2vx_dynamic_shared()); return __smem_d;'],
  },
  {
    dir: 'template-function-shared/app', stem: 'template_function_shared', includeDirs: ['../lib'], variants: [{ config: '4x4' }],
    what: 'static __shared__ data of template device functions in a header: one region per instantiation (two live at once), bound through written, deduced and kernel template arguments, a template template parameter',
    device: ['namespace stash { inline unsigned hip2vx_shared_offset(keep_SharedMem<int>*) { return HIP2VX_ABI(0, 0); } }', 'inline unsigned hip2vx_shared_offset(block_reduce_SharedMem<Sum, double, 4>*)'],
  },
  {
    dir: 'shared-through-function-args', stem: 'function_args', variants: [{ config: '4x4' }],
    what: 'static __shared__ data of a template device function reached only through a function pointer template argument: its instantiation gets a region',
    device: ['inline unsigned hip2vx_shared_offset(tile_SharedMem<16>*) { return HIP2VX_ABI(0, 0); }'],
  },
  {
    dir: 'shared-local-conditions', stem: 'local_conditions', variants: [{ config: '4x4' }],
    what: 'a template device function\'s static __shared__ array sized by a local constant declared under #if/#else: each declaration keeps its condition in the shared struct',
    device: ['#if !(defined(HIP2VX_TEST_VENDOR_PATH))\n  static constexpr int R = N == 1 ? 1 : 3;\n#endif'],
  },
  {
    dir: 'split-conditionals', stem: 'split_conditionals', variants: [{ config: '4x4' }], copied: ['defs.h'],
    what: "#if groups in divergent code (between statements a continue guards, splitting an if's header) decided by the includer's macros for a source included as text; a ?: repeating its condition's load",
    device: ['#include "defs.h"'],
  },
  {
    dir: 'kernel-overloads', stem: 'kernel_overloads', variants: [{ config: '4x4' }],
    what: 'overloaded kernels (parameter lists of different types and lengths): an entry each, one stub name the host compiler resolves',
    device: ['HIP2VX_MAIN(scale__float_ptr__int) {', 'HIP2VX_MAIN(scale__double_ptr__int__double) {'],
    host: ['static inline hipError_t __hip2vx_launch_scale(dim3 __hv_grid, dim3 __hv_block, size_t __hv_shared, hipStream_t __hv_stream, int* p, int n)', '__hip2vx_launch_scale(1, n, 0, 0, dd, n, 0.5);'],
  },
  { dir: 'launch-bounds', stem: 'launch_bounds', variants: [{ config: '16x16' }], what: '__launch_bounds__ (a macro, a template argument) in attributes, occupancy queries and the refusal of larger blocks' },
  { dir: 'fresh-memory', stem: 'fresh_memory', variants: [{ config: '4x4' }], what: 'fresh device memory reads as zero, also after a free and beyond 1 MB' },
  { dir: 'cuda-version', stem: 'cuda_version', variants: [{ config: '4x4' }], what: 'CUDA_VERSION and CUDART_VERSION decided as CUDA 12.0 would; the runtime headers\' include guards helper_cuda.h-style code tests' },
  { dir: 'constexpr-templates', stem: 'constexpr_templates', variants: [{ config: '16x16' }], what: 'shared sizes from local constexpr of template parameters; constexpr template arguments', device: ['static constexpr unsigned n = B;'] },
  {
    dir: 'preprocessor', stem: 'preprocessor', variants: [{ config: '4x4' }],
    what: 'kernels stamped out by a macro at file scope, a specifier macro, statement macros without ;, #if splitting parameter and argument lists, namespaces opened and closed by macros, a loop header macro before an unbraced body',
    host: ['    CHECK(hipMalloc(&df, sizeof f))\n', '__hip2vx_launch_offset(1, 16, 0, 0, dn, 1', 'app::detail::__hip2vx_launch_flip(1, 16, 0, 0, dn);'],
    device: ['void scale_f32(float* p, const float a)', 'void add_i32(int* p, const int a)', 'namespace app { namespace detail {\n__device__ int negate', '  app::detail::flip(args->p);'],
  },
  {
    dir: 'cuda-arch', stem: 'cuda_arch', variants: [{ config: '4x4' }],
    what: '__CUDA_ARCH__ decided as for compute capability 8.0 (a kernel in both branches), 8-bit floats, 16-bit atomicCAS, normcdff, an uninstantiated template with static shared data',
    device: ['auto& partial = HIP2VX_SHARED(hip2vx_shared_offset((block_sum_SharedMem<T>*)0), block_sum_SharedMem<T>).partial;'],
  },
  { dir: 'launch-macros', stem: 'launch_macros', variants: [{ config: '4x4' }], what: 'launches inside function-like macros (also one macro through another, with hipLaunchKernelGGL), through an object-like macro naming the kernel, and in the arguments of dispatch macros declaring their template arguments', host: ['__hip2vx_launch_inc(1, 16, 0, 0, d);', '__hip2vx_launch_scale__float(1, 16, 0, 0, e, 3.0f);'] },
  {
    dir: 'using-std', stem: 'using_std', variants: [{ config: '4x4' }],
    what: "device code under `using namespace std;` using standard names unqualified, and CUDA's global min/max",
    device: ['using std::numeric_limits; using std::swap; using std::pair; using std::make_pair; using std::tuple; using std::get; using std::array; using std::is_same;'],
  },
  { dir: 'device-std', stem: 'device_std', variants: [{ config: '4x4' }], what: 'the header-only C++ standard library in kernels and __host__ __device__ helpers', device: ['#include <type_traits>'] },
  { dir: 'kernel-handles', stem: 'kernel_handles', variants: [{ config: '32x32' }], what: 'kernels as values for occupancy queries and attributes, kernel template instances too (one launched only through an argument array); 1024-thread blocks' },
  {
    dir: 'small-block-shared', stem: 'small_block_shared', variants: [{ config: '32x32', args: '32 4' }, { config: '32x32', args: '4 16' }],
    what: 'blocks with 3 KB of __shared__ each: on simx 4 blocks of 32 threads, whose 4 slices fit in a core (vx_check_occupancy alone would allow 32 slices of 2 KB); 16 blocks of 4 threads, which the 16 KB of local memory there is runs in rounds of 5',
  },
  { dir: 'wrapped-shared-index', stem: 'wrapped_index', variants: [{ config: '4x4' }], what: 'shared-memory indexes that wrap in 32 bits (s[~x], x unsigned) reach the element a GPU reads' },
  { dir: 'mixed-min', stem: 'mixed_min', variants: [{ config: '4x4' }], what: 'min/max of int32_t and int (long and int on rv32); llmin, llmax, ullmin, ullmax; a restricted reference; an if constexpr after a per-thread return', device: ['if constexpr (std::is_same_v<T, Pair>)'] },
  { dir: 'range-for-shared', stem: 'range_for_shared', variants: [{ config: '4x4' }], what: 'range-based for loops over a fixed-size __shared__ array, and over per-thread ranges (an array member, a span of per-thread length with break and continue); an unnamed template parameter beside static shared memory' },
  { dir: 'host-templates', stem: 'host_templates', variants: [{ config: '4x4' }], what: 'template kernels launched from host function templates with their parameters, instantiated from main, and named there as values', host: ['hipFuncGetAttributes(&attributes, (const void*)__hip2vx_handle_scale<S, T>())', '__hip2vx_dispatch_scale<S, T>((n + 15) / 16, 16, 0, 0, d, n);', 'template <> inline hipError_t __hip2vx_dispatch_fill<double>(dim3 __hv_grid, dim3 __hv_block, size_t __hv_shared, hipStream_t __hv_stream, double* out, double base, uint n)'] },
  {
    dir: 'template-deduction/app', stem: 'template_deduction', includeDirs: ['../lib'], variants: [{ config: '4x4' }],
    what: 'template arguments deduced at launches and through chains of host function templates (references, casts, functors, a class template instance built through its namespace), partly written, from a header',
    host: ['__hip2vx_dispatch_apply<block>((n + block - 1) / block, block, 0, 0, data, op, n);', 'template <> inline hipError_t __hip2vx_dispatch_fill_kernel<int>('],
  },
  {
    dir: 'variadic-kernels/app', stem: 'variadic', includeDirs: ['../lib'], variants: [{ config: '4x4' }],
    what: 'kernel templates with parameter packs launched from a host template passing its own pack on (args...), functors with per-thread branches defined after the header, an empty pack; struct extents indexing a constexpr array',
    host: ['template <> inline hipError_t __hip2vx_dispatch_apply_kernel<Lists<1>, Iota>(', 'Lists<3> lists, Axpby f, float args__0, float args__1, int args__2)'],
    // The functors' member operator() is lowered like any device function (simx stops at a divergent branch otherwise).
    device: ['apply_kernel<Lists<3>, Axpby, float, float, int>(args->chunk, args->lists, args->f, args->args__0, args->args__1, args->args__2);', 'y = 0.0f; } else { y = l.data[1][blockIdx.x][i]; }'],
  },
  { dir: 'class-templates/app', stem: 'class_templates', includeDirs: ['../lib'], variants: [{ config: '4x4' }], what: 'kernel parameters of class template instances: base classes, protected members and a private nested type sized by member enumerators (marshalled at their host offsets), member types of instances, template template parameters; a function-like macro in a constant', device: ['matvec_kernel_body'] },
  { dir: 'local-types', stem: 'local_types', variants: [{ config: '4x4' }], what: 'kernel parameter types from local headers without GPU code: an #ifdef typedef, a type macro, a struct, a nested using alias', copied: ['precision.h', 'index.h'] },
  { dir: 'external-headers/app', stem: 'external', includeDirs: ['../lib'], variants: [{ config: '4x4' }], what: 'a kernel from a GPU header in another directory (-I), translated beside the program with the header it includes', host: ['#include "scale.host.cuh"'] },
  { dir: 'amd-builtins', stem: 'amd_builtins', variants: [{ config: '4x4' }], what: 'AMD GPU builtins called directly: dot products, mbcnt, readfirstlane, ds_bpermute, work-item ids, s_sleep, the wave barrier' },
  { dir: 'using-kernels', stem: 'using_kernels', variants: [{ config: '16x16' }], what: 'kernels of a namespace brought in by using-declarations (one nested), launched and named as values unqualified', host: ['using ns::deep::__hip2vx_launch_twice; using ns::deep::__hip2vx_kernel_using_kernels_twice;'] },
  { dir: 'header-names', stem: 'header_names', variants: [{ config: '16x16' }], what: 'kernel parameters named like the argument struct\'s header members (grid_dim, block_dim, shared_mem), one __grid_constant__', device: ['spread(args->out, args->__hv_param_block_dim, args->__hv_param_grid_dim, args->__hv_param_shared_mem);'] },
  { dir: 'narrow-minmax', stem: 'narrow_minmax', variants: [{ config: '16x16' }], what: 'std::min/std::max of short and signed char values loaded per thread (branch-free, like int\'s), with explicit template arguments and of initializer lists', device: ['hip2vx_std_min<int>(in[i], 50) + (int)hip2vx_std_max<long>(in[j], 3L) + std::max({in[i], in[j], in[k]})'] },
  { dir: 'switch-returns', stem: 'switch_returns', variants: [{ config: '16x16' }], what: 'a per-thread return in a case of a uniform switch, the case ending in a break or [[fallthrough]] (after the region, not in it)' },
  { dir: 'user-atomics', stem: 'user_atomics', variants: [{ config: '16x16' }], what: "a program's own float atomicMax and double atomicMin (CUDA has neither, HIP has both)" },
  {
    dir: 'bounds-tests', stem: 'bounds', variants: [{ config: '16x16' }],
    what: 'image-bounds tests of comparisons chained with && and || that the grammar reads as template arguments closed by the > of >= (x < W && y >= 0): in a ?:, an if, a declaration, a return and a while; an if adding to a register before a loop, its branch pinning it',
    device: ['hip2vx_bool(y >= 0)', 'if (__hv_g3) { v += 100.0f; hip2vx_pin(v); } hip2vx_join(__hv_t4);'],
  },
  { dir: 'vector-ops', stem: 'vector_ops', variants: [{ config: '4x4' }], what: "HIP's vector operators and constructors on host and device (trivial still: a __shared__ array, a union), a program's own operator winning, INT_MAX and FLT_MAX from the runtime headers, a dim3 parameter, __builtin_assume" },
  { dir: 'byte-intrinsics/app', stem: 'byte_intrinsics', includeDirs: ['../lib'], variants: [{ config: '32x32' }], what: '__dp4a, __byte_perm, __vsub4/__vsubss4/__vcmpne4, the __reduce_*_sync warp reductions; a const device table named from another header; a static_assert on || in a device template' },
  {
    dir: 'partial-warps', stem: 'partial_warps', variants: [{ config: '16x16' }, { config: '16x16', opt: '-O2' }],
    what: 'threads of a partial last warp returning at once while the others run a body that needs a stack frame (locals, a lambda, a switch, a device function with an early return in its loop): no shrink-wrapped epilogue per path, no select turned into a branch where the warp diverges',
  },
  {
    dir: 'template-spellings', stem: 'template_spellings', headers: ['functors.h'], variants: [{ config: '16x16' }],
    what: "template arguments as real code spells them (a namespace's enumerator, alias and struct named inside it, a member alias, Span<const int>, const pointers deduced from a cast and a variable, std::conditional_t on std::is_integral_v, a pack of pointers), a tile of a tile ranked in its parent, destructors in a function returning early, functors a header's macro stamps out, a class's constants in members defined outside it, decltype(v)",
    device: ['ops::apply<(ops::Op)1>(args->x);', 'ops::scale<float>(args->x);', 'copy_to<int>(args->in, args->out);'],
  },
  {
    dir: 'warp-macros', stem: 'warp_macros', variants: [{ config: '16x16' }],
    what: 'warp operations written through macros (a shuffle reduction, ballot and any, a macro over another under a per-thread branch, a macro calling a device function that shuffles): the kernels reserve the warp scratch and the lanes that skip leave',
    device: ['float v = warp_sum(x[blockIdx.x * blockDim.x + threadIdx.x]);'],
  },
  {
    dir: 'c-style', stem: 'c_style', variants: [{ config: '16x16' }],
    what: "C-era CUDA: kernels declared (void), an extern \"C\" kernel prototyped before its launch and defined after it, a ssize_t parameter, clock_t, int_fast32_t and off_t arrays copied back (converted on rv32), two __shared__ arrays of one name in two branches, register locals and narrowing in braces (which clang refuses in C++17 by default), a string literal as char*",
  },
  {
    dir: 'bit-builtins', stem: 'bit_builtins', extension: 'hip', variants: [{ config: '16x16' }],
    what: "GCC's bit builtins on per-thread values (clz, ctz, ffs in their int, long and long long forms; popcount and parity), branch-free on Vortex where gcc called libgcc's branching routines",
    device: ['b.clz = hip2vx_builtin_clz(w);', 'b.ctzl = hip2vx_builtin_ctzl(lw << (i % 7));'],
  },
  { dir: 'dpx-intrinsics', stem: 'dpx', variants: [{ config: '4x4' }], what: "CUDA 12's DPX intrinsics (three-way and add-then max/min, _relu, the ib forms and their predicates) on 32-bit values and 16-bit halves against a host reference; __prof_trigger does nothing" },
  { dir: 'simd-intrinsics', stem: 'simd_intrinsics', variants: [{ config: '4x4' }], what: "CUDA's SIMD-within-a-word intrinsics (__v*2, __v*4: wrapping, saturating, averages, min/max, absolute differences, comparisons, negation, sums of absolute differences) on edge lanes, against a host reference" },
  { dir: 'cas-locks', stem: 'cas_locks', variants: [{ config: '4x4' }], what: 'atomicCAS mixed with plain atomics on one word: a spin lock taken with atomicCAS and released with atomicExch (a failing CAS wrote the lock back, which hung on simx), a counter raised by CAS loops and atomicAdd' },
  { dir: 'scoped-atomics', stem: 'scoped_atomics', variants: [{ config: '4x4' }], what: 'atomic*_block and atomic*_system (int, unsigned, float, 64-bit, CAS) as device-scope atomics; float atomicExch, HIP float and double atomicMin/Max/Sub; cache-operator loads and stores; hipStreamAttachMemAsync' },
  { dir: 'pitched-pools', stem: 'pitched_pools', variants: [{ config: '4x4' }], what: 'hipMalloc3D and a hipPitchedPtr kernel argument (narrower on rv32), the default memory pool of stream-ordered allocation, computeMode' },
  {
    dir: 'hipcub', stem: 'hipcub_primitives', variants: [{ config: '4x4' }],
    what: "hipCUB's BlockReduce (2-D, partial, items), BlockScan, BlockLoad/BlockStore, WarpReduce, WarpScan; device-wide scan, reduce, run-length encoding, radix sorts, selection, segmented reduction and histograms (the bundled library, translated with the program)",
    host: ['#include "hipcub.host.hpp"'],
    device: ['#include "hipcub.device.hpp"'],
  },
  {
    dir: 'thrust', stem: 'thrust_basics', variants: [{ config: '4x4' }],
    what: "Thrust's vectors and algorithms (the bundled library) around kernels: host and device vectors, algorithms on device ranges and raw pointers under thrust::device, a kernel taking device_ptr<const int>, thrust::complex in device structs, computed iterators and the selection algorithms",
    host: ['#include "thrust.host.h"'],
  },
  {
    dir: 'hipblas', stem: 'hipblas_routines', variants: [{ config: '4x4' }],
    what: "hipBLAS's routines (the bundled library) between kernels: gemm in every transpose combination, half-precision strided batches, gemv, level-1 routines with negative strides and device-memory results, the Ex forms, Set/Get of vectors and matrices",
    host: ['#include "hipblas.host.h"'],
  },
  {
    dir: 'rocblas', stem: 'rocblas_names', variants: [{ config: '4x4' }],
    what: "rocBLAS's names over the bundled hipBLAS (a bundled library including another): gemm, gemm_ex into a separate D, half strided batches through rocblas_half casts, a dot into device memory, iamax",
    host: ['#include "rocblas.host.h"'],
  },
  {
    dir: 'hipsparse', stem: 'hipsparse_generic', variants: [{ config: '4x4' }],
    what: "hipSPARSE's generic API (the bundled library) after a kernel: DenseToSparse into CSR with 64-bit indices, SpMV with CSR and 1-based COO (transposed, alpha in device memory), SpMM by row- and column-major matrices, SparseToDense",
    host: ['#include "hipsparse.host.h"'],
  },
  {
    dir: 'cublas', stem: 'cublas_v2_names', variants: [{ config: '4x4' }],
    what: "cuBLAS's v2 API in a CUDA program (the bundled names over hipBLAS): gemm on a stream, GemmEx in CUDA 11's and CUDA 10's forms, a dot into device memory through a _v2 name, isamax, statuses in a switch",
    host: ['#include "cublas_v2.host.h"'],
  },
  {
    dir: 'cusparse', stem: 'cusparse', variants: [],
    what: "cuSPARSE's generic API in a CUDA program (the bundled names over hipSPARSE, CUDA's data types from library_types.h): DenseToSparse into CSR, SpMM with alpha and beta",
    host: ['#include "cusparse.host.h"'],
  },
  {
    dir: 'hiprand', stem: 'hiprand_streams', variants: [{ config: '4x4' }],
    what: "hipRAND's kernel API (the bundled library, Philox4x32-10 with Random123's known answer): per-thread states by subsequence, bits, uniforms, normals and Poisson values recomputed on the host; the host API into device and host memory",
    host: ['#include "hiprand.host.h"'], device: ['#include "hiprand.device.h"'],
  },
  {
    dir: 'curand', stem: 'curand_names', variants: [],
    what: "cuRAND's kernel and host APIs in a CUDA program (the bundled names over hipRAND): a kernel template over state types, a generator filling device memory with doubles",
    host: ['#include "curand_kernel.host.h"'],
  },
  {
    dir: 'shared-uniform', stem: 'shared_uniform', variants: [{ config: '4x4' }],
    what: 'control flow every thread of the block agrees on, with barriers: on __shared__ memory read at one address (a work-list loop, an if on a shared flag, a loop bounded by a shared element, a vote under a shared condition), in a device function on a parameter every call passes a uniform value, on read-only data at the block\'s index, on a counter its initializer resets and a device function\'s result of uniform arguments: not bracketed for divergence',
    device: ['  while (remaining > 0) {', '  if (flag) {', '  for (int i = 0; i < limits[1]; ++i) partial[t] += 1;', '  for (int o = first; o < size; o <<= 1) {', '  if (work[blockIdx.x] > 2) {', '  for (i = 0; i < ceil_div(kThreads, 8); ++i) {'],
  },
  {
    dir: 'hipblaslt', stem: 'hipblaslt_matmul', variants: [],
    what: "hipBLASLt's matmul (the bundled library) after a kernel: float with both transposes, a bias and ReLU, D apart from C; double with GELU and a bias in place; half and bfloat16 with float scalars; int8 into int32 in strided batches",
    host: ['#include "hipblaslt.host.h"'],
  },
  {
    dir: 'hipfft', stem: 'hipfft_plans', variants: [],
    what: "hipFFT's plans (the bundled library) around a kernel taking hipfftComplex: batched 1-D C2C and back, 2-D Z2Z in place, 2-D R2C and C2R, 1-D R2C in place of a prime size, an advanced strided layout, against a direct DFT",
    host: ['#include "hipfft.host.h"'],
  },
  { dir: 'cufft', stem: 'cufft_names', variants: [], what: "cuFFT's API in a CUDA program (the bundled names over hipFFT): a plan made in two steps, Z2Z forward and inverse, batched R2C", host: ['#include "cufft.host.h"'] },
  { dir: 'libcudacxx', stem: 'libcudacxx_names', variants: [{ config: '4x4' }], what: "libcu++'s cuda::std names (<cuda/std/...>) in device and host code", host: ['#include "libcudacxx.host.h"'] },
  { dir: 'cub', stem: 'cub_names', variants: [], what: "CUB's names in a CUDA program: <cub/cub.cuh> and cub:: reach the bundled hipCUB", host: ['#include "cub.host.cuh"'] },
  { dir: 'file-scope-macro-decls/app', stem: 'macro_decls', includeDirs: ['../lib'], variants: [{ config: '4x4' }], what: "specialisations and structs declared by function-like macros at file scope (CUB's __ALIGN_BYTES, here and in a header whose syntax error blanks their uses for the parser) stay in the device translation", device: ['DECLARE_WIDTH(Narrow, 3)'] },
  { dir: 'runtime-only', stem: 'runtime_only', variants: [{ config: '4x4' }], what: 'a program without kernels gets a build' },
  {
    dir: 'object-warp-ops', stem: 'object_warp_ops', variants: [{ config: '16x16' }],
    what: "warp operations reached through an object under a branch holding the kernel's last ones: a functor's operator(), a member function, a kernel lambda (their lanes that skip it leave the warp)",
    device: ['hip2vx_warp_stay(hip2vx_bool(i < n))'],
  },
  {
    dir: 'member-warp-ops', stem: 'member_warp_ops', variants: [{ config: '16x16' }],
    what: "warp shuffles in a member function of a user's block-reduce class called through an object, with a functor and a __shared__ temporary-storage struct; a warp-synchronous volatile reduction in a static member function over another member's dynamic shared memory",
  },
  {
    dir: 'warp-ops', stem: 'warp_ops', args: '48', variants: [{ config: '4x4', args: '16' }, { config: '32x32', args: '256' }],
    what: 'warp shuffles (widths 32 to 4, scan, butterfly, doubles), ballot compaction, any/all, match_any/match_all (32- and 64-bit keys), uni, block-wide votes, cooperative-groups tiles and cg::reduce',
    device: ['hip2vx_reserve_warp_scratch(args->block_dim);', 'hip2vx_warp_thread_begin();'],
  },
  {
    dir: 'warp-regions', stem: 'warp_regions', args: '96', variants: [{ config: '16x16', args: '64' }, { config: '32x32', args: '256' }],
    what: 'warp operations reached by whole warps only: warp 0 alone, returns and rows per warp, tiles, 2-D linear index, __syncwarp, vote loops',
    device: ['hip2vx_syncwarp();'],
  },
  {
    dir: 'warp-proofs/app', stem: 'warp_proofs', includeDirs: ['../lib'], args: '64', variants: [{ config: '16x16', args: '64' }, { config: '32x32', args: '128' }],
    what: "warp operations proven through a header template's warp-size parameter (an instance for another warp size fails when it runs; the program picks by the warp size it queries), a traits class's constants, and helpers of uniform values",
    device: ['if (S::kWarps > 1)'],
  },
  {
    dir: 'kernel-values', stem: 'kernel_values', args: '100', variants: [{ config: '4x4', args: '40' }],
    what: 'kernels launched through values: a table of kernel pointers, a host function template taking the kernel, a function-pointer parameter launched with hipLaunchKernelGGL, a ternary between kernels, template instances, a kernel template named in a host template that launches it, kernels given to a host template that deduces from their pointer type; each through its stub (argument conversion, struct images, __constant__ tables)',
    host: ['hip2vx::launch_value(table[k], (n + 15) / 16, 16, 0, 0, s, 2);', 'launch_n(hip2vx::kernel_value(__hip2vx_handle_scale_by<T>(), &__hip2vx_dispatch_scale_by<T>), n, p, f, n);', 'timed(hip2vx::kernel_value(&__hip2vx_kernel_kernel_values_shift__5, &__hip2vx_launch_shift__5), s, 1.0f);', 'launch_typed(hip2vx::kernel_pointer(&__hip2vx_kernel_kernel_values_mul, &__hip2vx_launch_mul), n, s, 2.0f);'],
  },
  {
    dir: 'warp-exits', stem: 'warp_exits', args: '64 150', variants: [{ config: '4x4', args: '16 37' }, { config: '16x16', args: '96 150' }, { config: '32x32', args: '256 1000' }],
    what: 'warp operations after returns some lanes take: reductions over the lanes left, ballot compaction, __all, returns inside a loop; warp-aggregated atomics under a per-thread && that loads (__activemask: the lanes that stayed), votes in a loop on such a condition',
    device: ['{ hip2vx_warp_leave(); __hv_ret1 = 1; }', 'hip2vx_warp_leaving = 1;'],
  },
  {
    dir: 'warp-thread-ends', stem: 'warp_thread_ends', args: '37', variants: [{ config: '16x16', args: '37' }],
    what: 'warp operations in device functions a kernel ends with: after a return some lanes take, in the first row of a block of whole-warp rows (checked at run time); a kernel template over a function pointer',
    device: ['{ hip2vx_warp_leave(); __hv_ret1 = 1; }', 'hip2vx_require_warp_rows("warp_thread_ends.cu", 34, "block_sum");'],
  },
  {
    dir: 'warp-tails', stem: 'warp_tails', args: '8 37', variants: [{ config: '4x4', args: '4 5' }, { config: '16x16', args: '8 13' }, { config: '32x32', args: '32 3' }],
    what: 'warp operations at the end of a kernel under per-thread ifs: the lanes not entering leave their warp (half-warp rows, an unprovable per-warp test, a ballot in an else branch, full-width shuffles reading lanes that left)',
    device: ['hip2vx_warp_stay(hip2vx_bool(threadIdx.y == 0))', '!hip2vx_warp_stay(!hip2vx_bool(lane & 1))'],
  },
  {
    dir: 'warp-loops', stem: 'warp_loops', args: '64 1000', variants: [{ config: '4x4', args: '16 37' }, { config: '16x16', args: '48 300' }, { config: '32x32', args: '96 500' }],
    what: "warp operations in per-thread loops that hold a kernel's last warp operations (a grid-stride for, a while, a do with per-lane trip counts): lanes leave their warp where they leave the loop, and the others vote and broadcast among themselves; a per-warp walk whose state, declared before the loop and written only in it, decides where its lanes vote",
    device: ['hip2vx_warp_stay(hip2vx_bool(i < n))', 'hip2vx_warp_stay(hip2vx_bool(++k < turns))', 'hip2vx_warp_leaving = 1;'],
  },
  {
    dir: 'warp-waits', stem: 'warp_waits', args: '300', variants: [{ config: '16x16', args: '300' }, { config: '16x16', args: '300', opt: '-O2' }],
    what: "a tile's shuffles of doubles (serialised software additions between the exchanges) while other warps of the block already wait, then 64-bit atomics, launched twice: the exchange's wait polls local memory only (with clang-19 on simx, warps polling the launch's status in global memory starved another warp's loads, and the launch never ended)",
    device: ['hip2vx_warp_thread_begin();'],
  },
  {
    dir: 'warp-rows', stem: 'warp_rows', args: '32 4', variants: [{ config: '4x4', args: '16 1' }, { config: '4x4', args: '8 2' }, { config: '16x16', args: '32 4' }, { config: '16x16', args: '16 2' }],
    what: 'warp operations under threadIdx.y tests in a device function: proven for blockDim.x a multiple of the warp size, checked at run time (other launches fail with the message)',
    device: ['hip2vx_require_warp_rows("warp_rows.cu", 20, "first_row");'],
  },
  {
    dir: 'warp-synchronous', stem: 'warp_synchronous', args: '64', variants: [{ config: '4x4', args: '16' }, { config: '32x32', args: '256' }],
    what: 'legacy warp-synchronous code on volatile shared memory: unrolled and looped warp reductions, a per-lane guarded warp scan, a padded scan through a volatile parameter',
    device: ['{ auto __hv_ws4 = vs[tid + 4]; hip2vx_syncwarp(); vs[tid] += __hv_ws4; hip2vx_syncwarp(); }', 'HIP2VX_VALUE_TYPE(s[tid - 1]) __hv_ws1{};', '{ auto __hv_ws6 = s_data[idx - 1]; hip2vx_syncwarp(); return __hv_ws6; }'],
  },
  {
    dir: 'warp-blocks', stem: 'warp_blocks', args: '128', variants: [{ config: '4x4', args: '16' }, { config: '16x16', args: '128' }, { config: '32x32', args: '128' }],
    what: 'shuffle reductions with static __shared__ partials in blocks a core runs at once (32x32 fits their warp scratch in its 16 KB of local memory), blocks whose shared data overflows it run in rounds of as many as fit, blocks over the core refused',
    device: ['  return hip2vx_spawn(args->grid_dim, args->block_dim, hip2vx_local_mem_slots(args->grid_dim, args->block_dim),', '  block_sum(args->in, args->out, args->n);\n  hip2vx_block_end();'],
  },
  {
    dir: 'warp-64', stem: 'wavefront', args: '128', warpSize: 64, variants: [{ config: '16x16', args: '128' }],
    what: '--warp-size 64: HIP code written for 64-wide wavefronts (64-bit ballot)', device: ['#define HIP2VX_WARP_SIZE 64'],
  },
  {
    dir: 'warp-matrix', stem: 'warp_matrix', variants: [{ config: '16x16' }, { config: '32x32' }],
    what: 'PTX warp-matrix inline asm (ldmatrix .x1/.x2/.x4/.trans, movmatrix, mma.sync f16/bf16/tf32/s8 m16n8k8/k16/k32, m8n8k16) emulated on the logical warp, checked against host matrix products',
    device: ['hip2vx_ptx_mma_m16n8k16_row_col_f32_f16_f16_f32({d[0], d[1], d[2], d[3]}, {a[0], a[1], a[2], a[3]}, {b[0], b[1]}, {d[0], d[1], d[2], d[3]});', 'hip2vx_reserve_warp_scratch(args->block_dim);'],
  },
  {
    dir: 'vector-punning', stem: 'vector_punning', variants: [{ config: '4x4' }, { config: '4x4', opt: '-O2' }],
    what: 'vectorised loads and stores through uint4 into a local float array, read back as floats (kept with -fno-strict-aliasing, as GPU compilers keep them)',
  },
  {
    dir: 'template-lambdas', stem: 'template_lambdas', variants: [{ config: '4x4' }],
    what: 'instances chosen through a local alias of a host template (using Tr = Traits<4, A>) and by C++20 template lambdas (dispatch.operator()<...>()); using-declarations of device members on the host',
    host: ['template <> inline hipError_t __hip2vx_dispatch_fill<Traits<100,1>>', '/* hip2vortex: __device__ member functions named by a using-declaration, in template_lambdas.device.cpp */'],
  },
  {
    dir: 'wmma', stem: 'wmma', variants: [{ config: '16x16' }, { config: '32x32' }],
    what: 'CUDA wmma (mma.h): f16/bf16 fragments with f32/f16 accumulators in the m16n16k16, m32n8k16 and m8n32k16 shapes, row- and column-major loads and stores, elementwise scaling, checked against host matrix products',
    device: ['using namespace nvcuda;', 'hip2vx_reserve_warp_scratch(args->block_dim);'],
  },
  {
    dir: 'libm-float', stem: 'libm_float', variants: [{ config: '4x4' }],
    what: "the C library's float routines reached by symbol (std::exp of a float in a template, exp/tanh/std::pow of floats) and those without a branch-free version (atan2f, asinf, fmodf, cbrtf, erff) with per-thread arguments",
  },
  {
    dir: 'float-math', stem: 'float_math', variants: [{ config: '4x4' }],
    what: "the branch-free float routines (exp, exp2, exp10, log, log2, log10, pow, tanh, the roundings) within a few ulp, exact where CUDA is, right at the edges (negative bases, NaN, infinities, subnormals, signed zeros); double's sincos; CUDA's fast names in macros' bodies",
  },
  {
    dir: 'math-intrinsics', stem: 'math_intrinsics', variants: [{ config: '4x4' }],
    what: "CUDA's rounded IEEE operations, rounded conversions and 64-bit bit intrinsics in kernels and on the host; __fns, fdividef and rcbrtf in kernels; || in a returned expression; the fast __sincosf; erfinv, erfcx, Bessel I0/I1, norms, sinpi and the like; min/max, rsqrtf, rsqrt, rcbrtf and normcdf on the host; a dim3 assigned a uint3; float and double conversions that saturate (NaN gives 0) on the device and the host",
    device: ['hip2vx_sincosf(0.3f * (float)threadIdx.x - 2.0f, &s, &c);'],
  },
  {
    dir: 'globals-through-types', stem: 'globals_through_types', variants: [{ config: '4x4' }],
    what: "__constant__ and __device__ variables named in a functor's operator(), a member defined outside its class and a device lambda, reached through the kernel's arguments' types",
  },
  { dir: 'class-members', stem: 'class_members', variants: [{ config: '4x4' }], what: "a private field in a kernel argument; a member defined outside its class returning a reference; assert in a member defined inside its class; host-only members with host-only types; host-only special members using host APIs; placement new in storage of the thread's own", device: ['T const &box<T>::get() const { return v_; }', 'explicit buffer(int n)  ;', '~buffer() ;'] },
  {
    dir: 'header-type-switch', stem: 'header_type_switch', variants: [{ config: '4x4' }], copied: ['type_switch.h'],
    what: 'kernel templates bound through a type-switch macro from a header; a __shared__ array of a local <type_traits> alias',
    device: ['struct widen_SharedMem {\n  using U = typename std::make_unsigned<IN>::type;'],
    host: ['template <> inline hipError_t __hip2vx_dispatch_widen<long long, unsigned long long>('],
  },
  {
    dir: 'enum-template', stem: 'enum_template', variants: [{ config: '4x4' }],
    what: 'a kernel template over an enumeration launched from a host template; a dynamic shared array of unsigned char; an instance named by a local constant through HIP_KERNEL_NAME in the host template',
    host: ['template <> inline hipError_t __hip2vx_dispatch_neighbour<(Op)1>('], device: ['unsigned char* staged = reinterpret_cast<unsigned char*>(hip2vx_dynamic_shared());'],
  },
  {
    dir: 'redefined-macros', stem: 'redefined', copied: ['widths.h'], variants: [{ config: '16x16' }],
    what: 'macros #undef-ed and defined again between kernels (one first defined in a header): template arguments, shared array sizes, struct members and a branchy statement macro read with the definition in force',
    host: ['__hip2vx_launch_fill_bs__32(1, 32, 0, 0, d);', '__hip2vx_launch_fill_bs__64(1, BS, 0, 0, d + 32);'],
    device: ['int s[32 + 4];', 'struct Small { float v[2]; };', 'if (__hv_g1) { v += 1;', 's[threadIdx.x % 8] = 8;'],
  },
  { dir: 'macro-param-names', stem: 'macro_param_names', variants: [{ config: '4x4' }], what: 'kernel parameters named like macros defined after the kernel', device: ['#pragma push_macro("P_x")\n#undef P_x'] },
  { dir: 'builtin-overload', stem: 'builtin_overload', variants: [{ config: '4x4' }], what: "a program's own float2 overloads of math functions the translator renames", device: ['inline __device__ float2 hip2vx_sqrtf(float2 v)'] },
  { dir: 'header-macro-globals/app', stem: 'header_macro_globals', includeDirs: ['../lib'], variants: [{ config: '4x4' }], what: "device globals a header's kernel names only inside macros become its arguments in the includer", device: ['void* __hip2vx_sym_C_w;', 'void* __hip2vx_sym_d_bias;'] },
  { dir: 'vla-copies', stem: 'vla_copies', variants: [{ config: '4x4' }], what: 'copies between device memory read as size_t and a variable-length host array convert the device layout', host: ['hip2vx_copy_images(in, n * sizeof(size_t)', 'hip2vx_copy_images(out, n * sizeof(size_t)'] },
  {
    dir: 'constant-template', stem: 'constant_template', variants: [{ config: '4x4' }],
    what: 'a __constant__ variable template: one device global per instantiation a kernel instance names, filled by hipMemcpyToSymbol',
    device: ['static T (*__hip2vx_sym_weights)[N];', '__hip2vx_sym_weights<int> = reinterpret_cast<decltype(__hip2vx_sym_weights<int>)>(args->__hip2vx_sym_weights__int);', '__hip2vx_sym_weights<float> = reinterpret_cast<decltype(__hip2vx_sym_weights<float>)>(args->__hip2vx_sym_weights__float);'],
    host: ['hipGetSymbolAddress(&__hv_sym1, (const void*)&weights<int>);'],
  },
  {
    dir: 'hosted-includes', stem: 'hosted_includes', variants: [{ config: '4x4' }], copied: ['params.h'],
    what: 'a kernel parameter type from a header that includes <iostream>, <sstream>, <iomanip> and <ctime> for its host helpers, names pthread types they bring and throws (compiled for the device over picolibc, without exceptions); a negative plain char',
    device: ['#include "params.h"'],
  },
  {
    dir: 'kernel-lambdas', stem: 'kernel_lambdas', variants: [{ config: '4x4' }],
    what: 'lambdas inside kernels and device functions lowered on their own: value returns on both sides of a per-thread if, a by-reference capture of a per-thread local in a condition, a loop, a lambda in a lambda, __constant__ and __device__ variables and HIP builtin names in a lambda',
    device: ['auto clampi = [](int v, int hi) { int __hv_ret1 = 0; __typeof__(hi) __hv_rv = hip2vx_uninit<__typeof__(hi)>();'],
  },
  {
    dir: 'device-lambdas', stem: 'device_lambdas', variants: [{ config: '4x4' }],
    what: 'device lambdas passed to kernel templates: in a host function template (parameters, a reference, a local, a per-thread branch), written at the call (mutable, a struct copy; two on one line), capturing a __host__ __device__ lambda host code calls too',
    device: ['template <typename scalar_t>\nstruct __hip2vx_lambda_axpy_27 {\n  const scalar_t a;', '__device__ auto operator()(int i) -> void {', '__host__ __device__ auto operator()(int v) const { return v * v + bias; }'],
    host: ['auto loop = __hip2vx_lambda_axpy_27<scalar_t>{a, x, half, y};', 'launch<8>(n, __hip2vx_lambda_affine_36{t, p});', 'launch<16>(n, __hip2vx_lambda_main_58_81{d_sq});'],
  },
  {
    dir: 'class-template-launches', stem: 'class_template_launches', variants: [{ config: '4x4' }],
    what: 'launches in member functions of class templates (in the class or defined after it), bound per instance of the class (written, an alias, defaults, a host template), arguments typed through members, member aliases, a nested struct, a lambda parameter, an auto& vector element; a launch after a statement macro; a launch in a member nothing calls',
    host: ['__hip2vx_dispatch_fill(dim3((n_ + kBlock - 1) / kBlock), dim3(kBlock), 0, 0, b.d_in, n_, v);', 'template <> inline hipError_t __hip2vx_dispatch_add<unsigned short, double>('],
  },
  {
    dir: 'complex-numbers', stem: 'complex_numbers', variants: [{ config: '4x4' }],
    what: "cuComplex.h on host and device: float and double complex arithmetic against std::complex, CUDA's names renamed to HIP's in host code; math_constants.h in a kernel",
    host: ['#include <hip/hip_complex.h>', 'ok &= close(c(hipCdivf(ha[i], hb[i])), c(hout[4 * i + 1]), "host div", i);'],
  },
  {
    dir: 'header-late-types/app', stem: 'late_types', includeDirs: ['../lib'], variants: [{ config: '4x4' }],
    what: "direct launches of a header's template kernel with types defined after the #include (a struct, one in a namespace), and of the file's own with an alias declared after it: their stubs come before the launching functions",
    host: [
      'struct Pt { float x, y; };\n\n/* hip2vortex: launch stubs of header kernels for types defined after their #include: */',
      "using real = double;\n\n/* hip2vortex: launch stubs of kernel 'fold', before its first launch (their types may be declared after the kernel): */",
    ],
  },
  {
    dir: 'header-globals/app', stem: 'header_globals', includeDirs: ['../lib'], variants: [{ config: '4x4' }],
    what: "a header's __constant__ and __device__ variables named by the includer's kernels, directly and through the header's device function (each instance passes their addresses); a local of the same name hides one",
    device: ['out[threadIdx.x] = (*__hip2vx_sym_coef)[threadIdx.x & 3];'],
  },
  {
    dir: 'file-scope-static-shared/app', stem: 'static_shared', includeDirs: ['../lib'], variants: [{ config: '4x4' }],
    what: '__shared__ variables at file scope (a 2-D array, a `__device__ __shared__` scalar, an array in a header) used by kernels and device functions, one copy per block, also where they return early; a parameter and a local hiding one',
    device: ['HIP2VX_INLINE auto& __hip2vx_shared_tile() { return HIP2VX_SHARED(HIP2VX_ABI(16, 16), tile_file_SharedMem).tile; }', '__device__ float mirrored(const float (*tile)[N]) { return'],
    host: ['/* hip2vortex: __shared__ at file scope, in static_shared.device.cpp */'],
  },
  { dir: 'file-scope-shared', stem: 'file_scope_shared', variants: [{ config: '4x4' }], what: 'extern __shared__ at file scope, used by a device function and a kernel: the launch\'s dynamic shared memory, also through a C-style cast to another pointer type', device: ['static hip2vx_dynamic_shared_array<word> staged;'] },
  {
    dir: 'member-aliases', stem: 'member_aliases', variants: [{ config: '4x4' }],
    what: 'member aliases named like the type they alias (g++ refuses them unqualified), in a class a kernel uses and in a namespace',
    host: ['using config = ::config<int, T>;', 'typedef ::box<T> box;', 'using pair = ::numbers::pair<int>;'], device: ['using config = ::config<int, T>;'],
  },
  {
    dir: 'template-specialisations', stem: 'specialisations', variants: [{ config: '4x4' }],
    what: 'kernel arguments and shared arrays of member types of explicit and partial class template specialisations',
    device: ['static_assert(sizeof(Vec<double, 4>::Type) == HIP2VX_ABI(40, 40)', 'static_assert(sizeof(Vec<short, 2>::Type) == HIP2VX_ABI(8, 8)'],
  },
  { dir: 'single-device-apis', stem: 'single_device_apis', variants: [{ config: '4x4' }], what: 'peer queries, profiler markers, page-locking, pitched memory and 2-D copies on one device' },
];

const toolchains = simxToolchains('feature programs');

describe.concurrent.each(PROGRAMS)('$dir', (program) => {
  it(program.what, { timeout: 600_000 }, async () => {
    const file = `${program.stem}.${program.extension ?? 'cu'}`;
    const dir = join('test', 'fixtures', program.dir);
    const { out, results } = await translateAll(dir, [file, ...(program.headers ?? [])], { ...(program.warpSize ? { warpSize: program.warpSize } : {}), includeDirs: (program.includeDirs ?? []).map((d) => join(dir, d)) });
    const result = results.get(file)!;
    for (const name of program.copied ?? []) copyFileSync(join('test', 'fixtures', program.dir, name), join(out, name));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const text of program.device ?? []) expect(output(result, 'device')).toContain(text);
    for (const text of program.host ?? []) expect(output(result, 'host')).toContain(text);
    await runEverywhere(out, program.stem, toolchains, program.args, program.variants);
  });
});
