// Issue 12: memory kernels read as a type whose layout differs between the host and rv32. Copies
// hip2vortex converts say so (a note, and an --annotate comment); the flows it cannot convert get
// these exact diagnostics (errors for proven flows, warnings for flows it cannot follow).
import { describe, expect, it } from 'vitest';
import { formatted, output, translateText } from '../translate/translate-helpers.js';

const ARG_T = 'typedef struct { unsigned int n; float* src; float* dst; } arg_t;\n';
const KERNEL = '__global__ void k(const arg_t* a) { a->dst[threadIdx.x] = a->src[threadIdx.x]; }\n';
const ARG_LAYOUT = "'arg_t' is 24 bytes, align 8 on the host (x86-64) and 12 bytes, align 4 on the device (rv32); fields that differ: src at 8 (8 bytes) on the host, at 4 (4 bytes) on the device, dst at 16 (8 bytes) on the host, at 8 (4 bytes) on the device";
const READ_AT_PARAM = (file: string, line: number) =>
  `${file}:2:19: error: parameter 'a' of kernel 'k' reads 'arg_t' from memory the host copies bytes into or out of (line ${line}), and ${ARG_LAYOUT} [device-layout-copy]`;

/** A program launching k on d (an arg_t*) after `body`. */
const program = (body: string, launch = 'k<<<1, 4>>>(d);') => `${ARG_T}${KERNEL}int main() {\n  arg_t* d; hipMalloc(&d, sizeof(arg_t));\n${body}\n  ${launch}\n}\n`;

describe('copies into memory a kernel reads as a type with another device layout', () => {
  it('converts a plain hipMemcpy of a host variable, with a note and an --annotate comment', async () => {
    const r = await translateText('var.hip', program('  arg_t h = {4, 0, 0}; hipMemcpy(d, &h, sizeof h, hipMemcpyHostToDevice);'), { annotate: true });
    expect(formatted(r)).toEqual([
      "var.hip:5:24: note: copies 'arg_t' to the device as its rv32 image (12 bytes each, 24 on the host), since parameter 'a' of kernel 'k' reads it there [device-layout-converted]",
    ]);
    expect(output(r, 'host')).toContain(
      "/* hip2vortex: device-layout-converted: copies 'arg_t' to the device as its rv32 image (12 bytes each, 24 on the host), since parameter 'a' of kernel 'k' reads it there */ hip2vx_copy_images(&h, sizeof h, sizeof(*(&h)), 12, hip2vx_to_device, [&](unsigned char* __hv_image, size_t __hv_i) { memcpy(__hv_image + 0, &((&h)[__hv_i].n), 4); hip2vx_put_pointer(__hv_image + 4, (const void*)((&h)[__hv_i].src), 4); hip2vx_put_pointer(__hv_image + 8, (const void*)((&h)[__hv_i].dst), 4); }, [&](const void* __hv_host, size_t __hv_bytes) { return hipMemcpy(d, __hv_host, __hv_bytes, hipMemcpyHostToDevice); });",
    );
  });

  it('converts copies back from the device, CUDA spellings and host pointers', async () => {
    const r = await translateText('back.cu', program('  arg_t* h = (arg_t*)malloc(sizeof(arg_t));', 'k<<<1, 4>>>(d); cudaMemcpy(h, d, sizeof(arg_t), cudaMemcpyDeviceToHost);'));
    expect(formatted(r)).toEqual([
      "back.cu:6:19: note: copies 'arg_t' from the device as its rv32 image (12 bytes each, 24 on the host), since parameter 'a' of kernel 'k' reads it there [device-layout-converted]",
    ]);
    expect(output(r, 'host')).toContain(
      '(h)[__hv_i].src = (__typeof__((h)[__hv_i].src))hip2vx_get_pointer(__hv_image + 4, 4);',
    );
    expect(output(r, 'host')).toContain('[&](void* __hv_host, size_t __hv_bytes) { return hipMemcpy(__hv_host, d, __hv_bytes, hipMemcpyDeviceToHost); })');
  });

  it('converts asynchronous copies, which wait for their stream (the images are freed when they return)', async () => {
    const r = await translateText('async.hip', program('  arg_t h; hipStream_t s; hipMemcpyAsync(d, &h, sizeof h, hipMemcpyHostToDevice, s);', 'k<<<1, 4>>>(d); hipMemcpyAsync(&h, d, sizeof h, hipMemcpyDeviceToHost);'));
    expect(formatted(r).map((d) => d.replace(/ \(.*$/, ''))).toEqual([
      "async.hip:5:27: note: copies 'arg_t' to the device as its rv32 image",
      "async.hip:6:19: note: copies 'arg_t' from the device as its rv32 image",
    ]);
    expect(output(r, 'host')).toContain('return hip2vx_copy_waited(hipMemcpyAsync(d, __hv_host, __hv_bytes, hipMemcpyHostToDevice, s), s); })');
    expect(output(r, 'host')).toContain('return hip2vx_copy_waited(hipMemcpyAsync(__hv_host, d, __hv_bytes, hipMemcpyDeviceToHost), 0); })');
  });

  it('converts the driver-style and stream forms (hipMemcpyHtoD, DtoH, their Async forms, hipMemcpyWithStream)', async () => {
    const body = '  arg_t h; hipStream_t s;\n  hipMemcpyHtoD(d, &h, sizeof h);\n  hipMemcpyHtoDAsync(d, &h, sizeof h, s);\n  hipMemcpyWithStream(d, &h, sizeof h, hipMemcpyHostToDevice, s);';
    const r = await translateText('forms.hip', program(body, 'k<<<1, 4>>>(d);\n  hipMemcpyDtoH(&h, d, sizeof h);\n  hipMemcpyDtoHAsync(&h, d, sizeof h, s);\n  hipMemcpyDtoD(d, d, sizeof h);'));
    expect(formatted(r).map((d) => d.replace(/ \(.*$/, ''))).toEqual([
      "forms.hip:6:3: note: copies 'arg_t' to the device as its rv32 image",
      "forms.hip:7:3: note: copies 'arg_t' to the device as its rv32 image",
      "forms.hip:8:3: note: copies 'arg_t' to the device as its rv32 image",
      "forms.hip:10:3: note: copies 'arg_t' from the device as its rv32 image",
      "forms.hip:11:3: note: copies 'arg_t' from the device as its rv32 image",
    ]);
    const host = output(r, 'host');
    expect(host).toContain('{ return hipMemcpyHtoD(d, __hv_host, __hv_bytes); })');
    expect(host).toContain('{ return hip2vx_copy_waited(hipMemcpyHtoDAsync(d, __hv_host, __hv_bytes, s), s); })');
    expect(host).toContain('{ return hip2vx_copy_waited(hipMemcpyWithStream(d, __hv_host, __hv_bytes, hipMemcpyHostToDevice, s), s); })');
    expect(host).toContain('{ return hipMemcpyDtoH(__hv_host, d, __hv_bytes); })');
    expect(host).toContain('{ return hip2vx_copy_waited(hipMemcpyDtoHAsync(__hv_host, d, __hv_bytes, s), s); })');
    expect(host).toContain('hipMemcpyDtoD(d, d, sizeof h);');
  });

  it("follows a variable of the file through the functions that do not declare their own (streamcluster's Point *p_d)", async () => {
    const file = (other: string) => `${ARG_T}${KERNEL}arg_t* d;\nvoid alloc() { hipMalloc(&d, sizeof(arg_t)); }\n${other}\nint main() {\n  arg_t h; alloc(); hipMemcpy(d, &h, sizeof h, hipMemcpyHostToDevice);\n  k<<<1, 4>>>(d);\n}\n`;
    const r = await translateText('file.hip', file('void other(arg_t* d) { fill(d); }\nvoid local() { arg_t* d = 0; fill(d); }'));
    expect(formatted(r)).toEqual([
      "file.hip:8:21: note: copies 'arg_t' to the device as its rv32 image (12 bytes each, 24 on the host), since parameter 'a' of kernel 'k' reads it there [device-layout-converted]",
    ]);
    expect(output(r, 'host')).toContain('return hipMemcpy(d, __hv_host, __hv_bytes, hipMemcpyHostToDevice); })');
    // Passed elsewhere: not followed.
    expect(formatted(await translateText('file.hip', file('void other() { fill(d); }'))).map((d) => d.replace(/^.*: (\w+): .*\[/, '$1 ['))).toEqual([
      'warning [device-layout-unknown]', 'warning [device-layout-unknown]', 'note [device-layout-converted]',
    ]);
  });

  it("converts copies from and into a std::vector's data()", async () => {
    const r = await translateText('vector.hip', `#include <vector>\n${program('  std::vector<arg_t> h(1); hipMemcpy(d, h.data(), h.size() * sizeof(arg_t), hipMemcpyHostToDevice);')}`);
    expect(formatted(r).map((d) => d.replace(/^.*\[/, '['))).toEqual(['[device-layout-converted]']);
    expect(output(r, 'host')).toContain('hip2vx_copy_images(h.data(), h.size() * sizeof(arg_t), sizeof(*(h.data())), 12, hip2vx_to_device, ');
  });

  it('names the members of anonymous unions and structs through the enclosing object', async () => {
    const src = 'struct U { long tag; union { float f; int i; }; };\n__global__ void k(U* u) { u->f = 1; }\nint main() { U h; U* d; hipMemcpy(d, &h, sizeof h, hipMemcpyHostToDevice); k<<<1, 1>>>(d); }\n';
    const host = output(await translateText('anon.hip', src), 'host');
    expect(host).toContain('hip2vx_put_integer(__hv_image + 0, (long long)((&h)[__hv_i].tag), 4); memcpy(__hv_image + 4, &((&h)[__hv_i].f), 4);');
  });

  it('leaves types with one layout alone, and everything on rv64', async () => {
    const floats = '__global__ void f(float* p) { p[0] = 1; }\nint main() { float* d; float h[4]; hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice); f<<<1, 1>>>(d); }\n';
    expect(formatted(await translateText('floats.hip', floats))).toEqual([]);
    expect(formatted(await translateText('rv64.hip', program('  hipMemcpyAsync(d, 0, 24, hipMemcpyHostToDevice, 0);'), { xlen: 64 }))).toEqual([]);
  });

  const UNCONVERTED: [name: string, body: string, reason: string][] = [
    ['impure-stream', '  arg_t h; hipStream_t s[2]; int i = 0; hipMemcpyAsync(d, &h, sizeof h, hipMemcpyHostToDevice, s[i++]);', "the stream 's[i++]' is not a plain variable, member or element"],
    ['default-kind', '  arg_t h; hipMemcpy(d, &h, sizeof h, hipMemcpyDefault);', "the direction 'hipMemcpyDefault' is not HostToDevice or DeviceToHost"],
    ['untyped-host', '  void* h = load(); hipMemcpy(d, h, 24, hipMemcpyHostToDevice);', "the type of the host memory 'h' is not known here (a pointer or array of 'arg_t' declared in this function is)"],
    ['other-type', '  unsigned char h[24]; hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);', "the host memory 'h' holds 'unsigned char', not 'arg_t'"],
    ['offset', '  arg_t h[2]; hipMemcpy(d + 1, h, sizeof(arg_t), hipMemcpyHostToDevice);', 'the device address is offset on the host, where the objects have their host size'],
    ['impure-host', '  arg_t h[2]; int i = 0; hipMemcpy(d, &h[i++], sizeof(arg_t), hipMemcpyHostToDevice);', "the host expression '&h[i++]' is not a plain variable, member, element or vector's data()"],
  ];
  it.each(UNCONVERTED)('reports a copy it cannot convert at the copy and at the device read: %s', async (name, body, reason) => {
    const r = await translateText(`${name}.hip`, program(body));
    const copy = formatted(r).filter((d) => !d.includes(':2:19:'));
    expect(copy).toEqual([expect.stringMatching(new RegExp(`^${name}\\.hip:5:\\d+: error: this copies bytes of memory that parameter 'a' of kernel 'k' reads as 'arg_t', and ${escape(ARG_LAYOUT)}; not converted: ${escape(reason)} \\[device-layout-copy\\]$`))]);
    expect(formatted(r)).toContain(READ_AT_PARAM(`${name}.hip`, 5));
    expect(r.outputs).toEqual([]);
  });

  it('warns where the device pointer leaves what it follows', async () => {
    const r = await translateText('escape.hip', program('  fill(d);'));
    expect(formatted(r)).toEqual([
      `escape.hip:2:19: warning: parameter 'a' of kernel 'k' reads 'arg_t' from memory whose host side hip2vortex cannot follow (line 5: 'd' is passed to 'fill' here), and ${ARG_LAYOUT} [device-layout-unknown]`,
      `escape.hip:5:3: warning: parameter 'a' of kernel 'k' reads 'arg_t' from this memory, and ${ARG_LAYOUT}; if the host copies bytes into or out of it, they are wrong on the device: 'd' is passed to 'fill' here [device-layout-unknown]`,
    ]);
    const managed = await translateText('managed.hip', `${ARG_T}${KERNEL}int main() {\n  arg_t* d; hipMallocManaged(&d, sizeof(arg_t));\n  k<<<1, 4>>>(d);\n}\n`);
    expect(formatted(managed)).toContain(
      `managed.hip:4:13: warning: parameter 'a' of kernel 'k' reads 'arg_t' from this memory, and ${ARG_LAYOUT}; if the host copies bytes into or out of it, they are wrong on the device: 'd' is managed memory, which the host reads and writes in its own layout [device-layout-unknown]`,
    );
    const param = await translateText('param.hip', `${ARG_T}${KERNEL}void run(arg_t* d) { k<<<1, 4>>>(d); }\n`);
    expect(formatted(param)).toContain(
      `param.hip:3:34: warning: parameter 'a' of kernel 'k' reads 'arg_t' from this memory, and ${ARG_LAYOUT}; if the host copies bytes into or out of it, they are wrong on the device: 'd' is neither a local variable of this function nor a variable of this file [device-layout-unknown]`,
    );
  });

  it('warns about pointers stored in memory or in struct arguments, which it does not follow', async () => {
    const src = 'struct R { size_t n; };\nstruct Args { R* ranges; float* f; };\n__device__ R* table;\n__global__ void k(Args a, Args* more, int** fine) { a.ranges[0].n = more->ranges[0].n + table->n; }\n';
    const layout = "'R' is 8 bytes, align 8 on the host (x86-64) and 4 bytes, align 4 on the device (rv32); fields that differ: n at 0 (8 bytes) on the host, at 0 (4 bytes) on the device";
    const reason = 'pointers stored in device memory or in struct arguments are not followed';
    // One report per rule and line: 'more' (line 4 too) is covered by the report about 'a'.
    expect(formatted(await translateText('stored.hip', src))).toEqual([
      `stored.hip:3:13: warning: device global 'table' (through the pointer 'table') reads 'R' from memory whose host side hip2vortex cannot follow (line 3: ${reason}), and ${layout} [device-layout-unknown]`,
      `stored.hip:4:19: warning: parameter 'a' of kernel 'k' (through the pointer 'a.ranges') reads 'R' from memory whose host side hip2vortex cannot follow (line 4: ${reason}), and ${layout} [device-layout-unknown]`,
    ]);
  });

  it('registers struct and array globals with initializers with their device image', async () => {
    const src = 'struct S { long v; int w; };\n__device__ S g = {-1, 2};\n__device__ long n = 5;\n__global__ void k(long* o) { o[0] = g.w + n; }\n';
    const r = await translateText('init.hip', src);
    expect(formatted(r)).toEqual([
      "init.hip:2:18: note: the device gets the rv32 image of this initial value of 'S' (8 bytes, 16 on the host), not its host bytes [device-layout-converted]",
    ]);
    expect(output(r, 'host')).toContain(
      '__device__ S g = {-1, 2}; HIP2VX_REGISTER_VAR(g); HIP2VX_VAR_IMAGE(g, [](unsigned char* __hv_image) { hip2vx_put_integer(__hv_image + 0, (long long)(g.v), 4); memcpy(__hv_image + 4, &(g.w), 4); });',
    );
  });

  it('follows device globals: hipMemcpyToSymbol with an offset is an error, a taken address a warning', async () => {
    const src = (body: string) => `struct S { long v; };\n__device__ S g;\n__global__ void k(long* o) { o[0] = g.v; }\nint main() { long* o; S h;\n${body}\n k<<<1, 1>>>(o); }\n`;
    const layout = "'S' is 8 bytes, align 8 on the host (x86-64) and 4 bytes, align 4 on the device (rv32); fields that differ: v at 0 (8 bytes) on the host, at 0 (4 bytes) on the device";
    // o is never copied: the kernel writes it, so its long elements need nothing.
    expect(formatted(await translateText('offset.hip', src('hipMemcpyToSymbol(g, &h, sizeof h, 8);')))).toEqual([
      `offset.hip:2:14: error: device global 'g' reads 'S' from memory the host copies bytes into or out of (line 5), and ${layout} [device-layout-copy]`,
      `offset.hip:5:1: error: this copies bytes of memory that device global 'g' reads as 'S', and ${layout}; not converted: the offset into the symbol is a host offset [device-layout-copy]`,
    ]);
    expect(formatted(await translateText('address.hip', src('void* p; hipGetSymbolAddress(&p, HIP_SYMBOL(g));')))).toContain(
      `address.hip:5:10: warning: device global 'g' reads 'S' from this memory, and ${layout}; if the host copies bytes into or out of it, they are wrong on the device: the address of 'g' is taken here; copies through it are not followed [device-layout-unknown]`,
    );
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
