// Per kernel instance, appended to the device source: the packed argument struct with explicit
// padding (every member naturally aligned, so loads stay whole: docs/vortex.md), static_asserts
// that make the compiler check the layout engine, the body function and the entry's main().
import type { Abi, CType, RecordType } from '../layout/index.js';
import { recordLayout, renderDeclaration, renderTypeId } from '../layout/index.js';
import type { KernelInstance } from '../analyse/instances.js';
import type { AbiPair } from '../analyse/shared-memory.js';
import { abiPair, paddedMembers, paramMember, type ArgsLayout } from './kernel-args.js';

export interface EntryInput {
  instance: KernelInstance;
  /** The kernel as callable from file scope (namespace-qualified). */
  qualifiedName: string;
  args: ArgsLayout;
  staticShared: AbiPair;
  /** static_asserts on the shared-memory structs this instance uses. */
  sharedChecks: string[];
  deviceAbi: Abi;
  /** The kernel uses warp operations: reserve their scratch, clear each thread's words before the body and wait for the block after it. */
  warpScratch?: boolean;
  /** Its lanes may leave their warp (it returns): hip2vx_warp_leaving. */
  warpLeaving?: boolean;
  /** It uses local memory (static or dynamic shared data, warp scratch): the entry checks that the blocks a core runs at once fit, and each block ends with a barrier. */
  localMemory?: boolean;
}

const argsStructName = (id: string) => `${id}_KernelArgs`;

export function deviceEntry({ instance, qualifiedName, args, staticShared, sharedChecks, deviceAbi, warpScratch, warpLeaving, localMemory }: EntryInput, nl: string): string {
  const id = instance.id;
  const struct = argsStructName(id);
  const members = paddedMembers(args, (f) => renderDeclaration(f.type, f.name));
  const asserts = [
    `static_assert(sizeof(${struct}) == ${abiPair(args.size.device, args.size.host)}, "${struct}: size differs from the metadata table");`,
    ...args.fields.map((f) => `static_assert(__builtin_offsetof(${struct}, ${f.name}) == 32 + ${abiPair(f.device.offset, f.host.offset)}, "${struct}.${f.name}: offset differs from the metadata table");`),
    ...recordAsserts(instance.params.map((p) => p.type), deviceAbi),
    ...sharedChecks,
  ];
  const templateArgs = instance.templateArgs.length ? `<${instance.templateArgs.join(', ')}>` : '';
  const call = `${qualifiedName}${templateArgs}(${instance.params.map((p) => `args->${paramMember(p.name)}`).join(', ')})`;
  const symbols = args.fields
    .filter((f) => f.hidden)
    .map((f) => `  ${f.symbol} = reinterpret_cast<decltype(${f.symbol})>(args->${f.name});`);
  return [
    '',
    `// ---- hip2vortex: kernel ${instance.kernel.name}${templateArgs} ----`,
    `typedef struct __attribute__((${packed(args)}aligned(8))) ${struct} {`,
    '  uint32_t grid_dim[3];',
    '  uint32_t block_dim[3];',
    '  uint64_t shared_mem;',
    ...members.map((m) => `  ${m}`),
    `} ${struct};`,
    ...withoutOffsetofWarnings(asserts, instance.params.map((p) => p.type)),
    '',
    `static void ${id}_kernel_body(${struct}* args) {`,
    ...(warpScratch ? ['  hip2vx_warp_thread_begin();'] : []),
    `  ${call};`,
    ...(localMemory ? ['  hip2vx_block_end();'] : []),
    '}',
    '',
    `HIP2VX_MAIN(${id}) {`,
    `  ${struct}* args = (${struct}*)csr_read(VX_CSR_MSCRATCH);`,
    `  hip2vx_begin_launch(${abiPair(staticShared.device, staticShared.host)}, args->shared_mem, *(void**)(args + 1));`,
    ...(warpScratch ? ['  hip2vx_reserve_warp_scratch(args->block_dim);', `  hip2vx_warp_leaving = ${warpLeaving ? 1 : 0};`] : []),
    ...symbols,
    // At most as many blocks at once as the local memory holds (hip2vx_device.h).
    `  return hip2vx_spawn(args->grid_dim, args->block_dim, ${localMemory ? 'hip2vx_local_mem_slots(args->grid_dim, args->block_dim)' : 'HIP2VX_ALL_BLOCKS'},`,
    `                      (vx_kernel_func_cb)${id}_kernel_body, args);`,
    '}',
    '',
  ].join(nl);
}

/**
 * `packed, ` but where a member is a struct or class (the program's, `__half`, `dim3`...): gcc
 * ignores `packed` for one with a constructor (and warns at every build), and the explicit padding
 * gives every member its natural offset and the struct its natural size either way (the
 * static_asserts check it).
 */
function packed(args: ArgsLayout): string {
  const record = (t: CType): boolean => (t.kind === 'array' ? record(t.of) : t.kind === 'record');
  return args.fields.some((f) => record(f.type)) ? '' : 'packed, ';
}

/**
 * The checks, quiet about offsetof where a parameter's record is not standard-layout (a base with
 * members, private members beside public ones: a CRTP layer): gcc and clang take offsetof there
 * and warn at every build (-Winvalid-offsetof), once per field.
 */
function withoutOffsetofWarnings(asserts: string[], types: CType[]): string[] {
  const hidden = (t: CType): boolean => (t.kind === 'array' ? hidden(t.of) : t.kind === 'record' && t.fields.some((f) => f.hidden || hidden(f.type)));
  if (!types.some(hidden)) return asserts;
  return ['#pragma GCC diagnostic push', '#pragma GCC diagnostic ignored "-Winvalid-offsetof"', ...asserts, '#pragma GCC diagnostic pop'];
}

/** sizeof/alignof/offsetof checks of every user record reachable from the parameters. */
function recordAsserts(types: CType[], deviceAbi: Abi): string[] {
  const records: RecordType[] = [];
  const visit = (t: CType) => {
    if (t.kind === 'array') visit(t.of);
    else if (t.kind === 'record' && !t.vectorRank && t.name && !records.some((r) => r.name === t.name)) {
      // A private or protected member's type, or a base, may not be nameable here: the enclosing record's size covers it.
      t.fields.forEach((f) => f.hidden || visit(f.type));
      records.push(t);
    }
  };
  types.forEach(visit);
  return records.flatMap((r) => {
    const name = renderTypeId(r);
    const dev = recordLayout(r, deviceAbi);
    const host = recordLayout(r, 'host');
    return [
      `static_assert(sizeof(${name}) == ${abiPair(dev.size, host.size)} && alignof(${name}) == ${abiPair(dev.align, host.align)}, "${name}: layout differs from the metadata table");`,
      ...r.fields.map((f, i) => (r.tag === 'struct' && f.name && !f.hidden ? `static_assert(__builtin_offsetof(${name}, ${f.name}) == ${abiPair(dev.offsets[i], host.offsets[i])}, "${name}.${f.name}: offset");` : '')).filter(Boolean),
    ];
  });
}

