// Unsupported constructs recognised by their syntax rather than by a name (rules/constructs.json
// entries with a `kind`), wherever they appear in the file.
import type { Node } from '../parse/parser.js';
import type { Program } from './program.js';
import { functionDeclarator, walk } from './syntax.js';

const TEMPLATE_KINDS: Record<string, string> = { texture: 'texture-reference', surface: 'surface-reference' };

export function findConstructs(program: Program, report: (node: Node, constructId: string) => void): void {
  walk(program.root, (n) => {
    if (n.type === 'template_type') {
      const id = TEMPLATE_KINDS[n.childForFieldName('name')?.text ?? ''];
      if (id) report(n, id);
    }
  });
  for (const g of program.globals) if (g.space === 'managed') report(g.declarator, 'managed-memory');
  for (const f of [...program.kernels, ...program.deviceFunctions]) {
    const params = functionDeclarator(f.node)?.childForFieldName('parameters');
    const variadic = params?.children.find((c) => c?.type === '...' || c?.type === 'variadic_parameter');
    if (variadic) report(variadic, 'variadic-device-function');
    walk(f.body!, (n) => {
      if (n.type === 'throw_statement' || n.type === 'try_statement') report(n, 'device-exceptions');
      else if (n.type === 'call_expression' && n.childForFieldName('function')?.text === f.name) report(n, 'device-recursion');
      else if (n.type === 'lambda_expression') return false;
    });
  }
}
