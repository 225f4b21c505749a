// Kernels launched from another translation unit of the program (declared there by a prototype,
// defined here): the unit that defines a kernel with external linkage also defines, beside its
// launch stub, a function of the kernel's name space that calls the stub (`__hip2vx_linked_k`);
// a unit that sees only a declaration of the kernel declares that function and its launches call
// it. The stub stays with the body: the hidden device-global arguments and the device layouts of
// the parameters are known only there. Weak, so two units defining one kernel link as before.
import type { FunctionInfo } from '../analyse/program.js';
import type { KernelInstance } from '../analyse/instances.js';
import { stubName } from './launch-stub.js';

export const linkedName = (kernel: string) => `__hip2vx_linked_${kernel}`;

const CONFIG = ['dim3 __hv_grid', 'dim3 __hv_block', 'size_t __hv_shared', 'hipStream_t __hv_stream'];

/** Another unit can launch it: not a template, not `static`, not in an unnamed namespace. */
export function linkable(fn: FunctionInfo): boolean {
  if (fn.templateParams.length || fn.outer.type === 'template_declaration') return false;
  if (fn.node.children.some((c) => c?.type === 'storage_class_specifier' && c.text === 'static')) return false;
  for (let p = fn.outer.parent; p; p = p.parent) if (p.type === 'namespace_definition' && !p.childForFieldName('name')) return false;
  return true;
}

/** Where the kernel is defined: the linked function calling the instance's stub. */
export function linkedDefinition(instance: KernelInstance): string {
  const params = [...CONFIG, ...instance.params.map((p) => p.text)].join(', ');
  const args = ['__hv_grid', '__hv_block', '__hv_shared', '__hv_stream', ...instance.params.map((p) => p.name)].join(', ');
  return `__attribute__((weak)) hipError_t ${linkedName(instance.kernel.name)}(${params}) { return ${stubName(instance.stub)}(${args}); }`;
}

/** Where the kernel is only declared: the linked function's declaration (the prototype's parameters, defaults included). */
export const linkedDeclaration = (prototype: FunctionInfo): string => `hipError_t ${linkedName(prototype.name)}(${[...CONFIG, ...prototype.params.map((p) => p.text)].join(', ')});`;
