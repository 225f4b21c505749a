// A class's member alias named like the type it aliases (`using cfg = cfg<index_t, float>;`,
// `typedef cfg<T> cfg;`): clang accepts it, g++ refuses it ("changes meaning of 'cfg'"), and the
// CPU backend and Vortex build with either. The aliased name, qualified by the namespaces that
// declare it (`::cfg<index_t, float>`), means the same to both.
import type { Node } from '../parse/parser.js';
import { namespacesOf, scan } from '../analyse/syntax.js';
import type { EditSet } from './edits.js';

const ALIASES = new Set(['alias_declaration', 'type_definition']);
const CLASS_BODY = 'field_declaration_list';
const TYPE_DECLARATIONS = new Set(['struct_specifier', 'class_specifier', 'union_specifier', 'enum_specifier', 'alias_declaration']);

export function qualifyMemberAliases(root: Node, edits: readonly EditSet[]): void {
  scan(root, ALIASES, (alias) => {
    if (alias.parent?.type !== CLASS_BODY) return;
    const aliased = aliasedName(alias);
    const name = alias.type === 'alias_declaration' ? alias.childForFieldName('name')?.text : alias.childForFieldName('declarator')?.text;
    if (!aliased || aliased.text !== name) return;
    const qualifier = `::${[...declaringNamespaces(root, name, alias), ''].join('::')}`;
    for (const e of edits) e.transform(aliased, (text) => qualifier + text);
  });
}

/** The unqualified type name an alias names (`cfg` of `cfg<T, float>`), if any. */
function aliasedName(alias: Node): Node | undefined {
  const type = alias.type === 'alias_declaration' ? alias.childForFieldName('type')?.childForFieldName('type') : alias.childForFieldName('type');
  const name = type?.type === 'template_type' ? type.childForFieldName('name') : type;
  return name?.type === 'type_identifier' ? name : undefined;
}

/**
 * The namespaces of the namespace-scope declaration of `name` in this file (a class, its template
 * or an alias), else those around the class (the type is then declared in an included header).
 */
function declaringNamespaces(root: Node, name: string, alias: Node): string[] {
  let found: Node | undefined;
  scan(root, TYPE_DECLARATIONS, (d) => {
    const defines = d.type === 'alias_declaration' || !!d.childForFieldName('body');
    if (!found && defines && d.childForFieldName('name')?.text === name && !insideClass(d)) found = d;
  });
  return namespacesOf(found ?? alias);
}

function insideClass(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === CLASS_BODY || p.type === 'compound_statement') return true;
  return false;
}
