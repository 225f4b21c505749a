// Kernels launched from another translation unit of the program (declared there by a prototype,
// defined here): the unit that defines a kernel with external linkage also defines, beside its
// launch stub, a function of the kernel's name space that calls the stub (`__hip2vx_linked_k`);
// a unit that sees only a declaration of the kernel declares that function and its launches call
// it. The stub stays with the body: the hidden device-global arguments and the device layouts of
// the parameters are known only there. Weak, so two units defining one kernel link as before.
import type { FunctionInfo } from '../analyse/program.js';
import type { KernelInstance } from '../analyse/instances.js';
import { handleName, stubName } from './launch-stub.js';

export const linkedName = (kernel: string) => `__hip2vx_linked_${kernel}`;
/** The function giving the kernel's handle to units that name it as a value (`hipLaunchKernel((const void*)k, ...)`). */
export const linkedHandleName = (kernel: string) => `__hip2vx_linked_handle_${kernel}`;

const CONFIG = ['dim3 __hv_grid', 'dim3 __hv_block', 'size_t __hv_shared', 'hipStream_t __hv_stream'];

/** The handle function's parameter: a pointer to the linked function (overloads of a kernel differ in it). */
const handleParameter = (params: readonly string[]) => `hipError_t (*)(${[...CONFIG, ...params].join(', ')})`;

/** Another unit can launch it: not a template, not `static`, not in an unnamed namespace. */
export function linkable(fn: FunctionInfo): boolean {
  if (fn.templateParams.length || fn.outer.type === 'template_declaration') return false;
  if (fn.node.children.some((c) => c?.type === 'storage_class_specifier' && c.text === 'static')) return false;
  for (let p = fn.outer.parent; p; p = p.parent) if (p.type === 'namespace_definition' && !p.childForFieldName('name')) return false;
  return true;
}

/** Where the kernel is defined: the linked function calling the instance's stub, and its handle's. */
export function linkedDefinition(instance: KernelInstance, programName: string): string[] {
  const own = instance.params.map((p) => p.text);
  const params = [...CONFIG, ...own].join(', ');
  const args = ['__hv_grid', '__hv_block', '__hv_shared', '__hv_stream', ...instance.params.map((p) => p.name)].join(', ');
  const name = instance.kernel.name;
  return [
    `__attribute__((weak)) hipError_t ${linkedName(name)}(${params}) { return ${stubName(instance.stub)}(${args}); }`,
    `__attribute__((weak)) const void* ${linkedHandleName(name)}(${handleParameter(own)}) { return (const void*)&${handleName(programName, instance.id)}; }`,
  ];
}

/** Where the kernel is only declared: the linked functions' declarations (the prototype's parameters, defaults included in the launching one). */
export function linkedDeclaration(prototype: FunctionInfo): string {
  const written = prototype.params.map((p) => {
    const value = p.childForFieldName('default_value');
    return value ? p.text.slice(0, value.startIndex - p.startIndex).replace(/\s*=\s*$/, '') : p.text;
  });
  return `hipError_t ${linkedName(prototype.name)}(${[...CONFIG, ...prototype.params.map((p) => p.text)].join(', ')}); const void* ${linkedHandleName(prototype.name)}(${handleParameter(written)});`;
}

/** A kernel only declared here, named as a value: its handle (alone in a cast) and the linked function as its stub. */
export function linkedValue(prototype: FunctionInfo, scope: string, inCast: boolean): string {
  const handle = `${scope}${linkedHandleName(prototype.name)}(&${scope}${linkedName(prototype.name)})`;
  return inCast ? `((const void*)${handle})` : `hip2vx::kernel_value(${handle}, &${scope}${linkedName(prototype.name)})`;
}
