import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/** What the web reads of a call's declaration at run time (`requestOf`: its path and method). */
const KEPT = new Set(['operationId', 'method', 'path', 'paged', 'multipart', 'produces', 'status']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function* walk(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') yield n;
  for (const value of Object.values(n)) if (value && typeof value === 'object') yield* walk(value);
}

type Edit = { start: number; end: number; text: string };

function apply(code: string, edits: Edit[]): string {
  // An edit inside a range another one removes (a schema argument in a dropped property) is moot.
  const removals = edits.filter((edit) => edit.end > edit.start && edit.text === '');
  const kept = edits.filter(
    (edit) =>
      !removals.some((removal) => removal !== edit && removal.start <= edit.start && edit.end <= removal.end),
  );
  let result = code;
  for (const edit of kept.sort((a, b) => b.start - a.start || b.end - a.end)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

type ObjectNode = Node & { properties: Array<Node & { key?: Node & { name?: string } }> };

/**
 * A call's declaration keeps only the properties the web reads: the argument of every `endpoint(...)`
 * and every object literal with a `path` (the helpers that build declarations, e.g. the lookups').
 */
function endpointEdits(program: unknown): Edit[] {
  const declarations = new Set<ObjectNode>();
  for (const node of walk(program)) {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node & { name?: string };
      const [argument] = node.arguments as Node[];
      if (
        callee.type === 'Identifier' &&
        callee.name === 'endpoint' &&
        argument?.type === 'ObjectExpression'
      ) {
        declarations.add(argument as ObjectNode);
      }
    } else if (node.type === 'ObjectExpression') {
      const object = node as ObjectNode;
      if (object.properties.some((property) => property.key?.name === 'path')) declarations.add(object);
    }
  }
  const edits: Edit[] = [];
  // A schema handed to a helper that builds declarations (the common parts' `kindCalls`) is dropped too.
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression') continue;
    for (const argument of node.arguments as Array<Node & { name?: string }>) {
      if (argument.type === 'Identifier' && argument.name?.endsWith('Schema')) {
        edits.push({ start: argument.start, end: argument.end, text: 'undefined' });
      }
    }
  }
  for (const { properties } of declarations) {
    properties.forEach((property, index) => {
      const name = property.key?.name;
      if (property.type !== 'Property' || (name && KEPT.has(name))) return;
      const next = properties[index + 1];
      edits.push({ start: property.start, end: next ? next.start : property.end, text: '' });
    });
  }
  return edits;
}

/**
 * A module-scope `const x = call(...)` (or `call(...).y`, `new Y(...)`, `{ a: call(...) }`) becomes
 * `const x = /*#__PURE__*\/ (() => (call(...)))()`: dropped when nothing in the bundle reads `x` (a
 * zod schema is built by calls the bundler cannot know to be pure), evaluated in place otherwise.
 */
function pureConstEdits(program: { body: Node[] }): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body) {
    const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as
      | (Node & { declarations?: Array<Node & { init?: Node | null }> })
      | null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations ?? []) {
      const init = declarator.init;
      if (
        !init ||
        !['CallExpression', 'MemberExpression', 'NewExpression', 'ObjectExpression'].includes(init.type)
      )
        continue;
      edits.push({ start: init.start, end: init.start, text: '/*#__PURE__*/ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  return edits;
}

const CONTRACT_INDEX = /packages[\\/]contract[\\/]src[\\/]index\.ts$/;
const PRIMITIVES = /packages[\\/]contract[\\/]src[\\/]common[\\/]primitives\.ts$/;

/**
 * Zod's Italian messages: the contract's index configures them for whoever imports it, which in the
 * web would load zod with the first import of an enum. Here the primitives (which every string and
 * number of a schema is built from: a test of the contract refuses raw `z.string(` and `z.number(`)
 * import the configuration, and the index does not: zod and its messages load with the first schema
 * a page builds.
 */
function italianEdits(id: string, program: { body: Node[] }): Edit[] {
  if (PRIMITIVES.test(id)) return [{ start: 0, end: 0, text: "import './zod-italian.ts';\n" }];
  if (!CONTRACT_INDEX.test(id)) return [];
  return program.body
    .filter(
      (statement) =>
        statement.type === 'ImportDeclaration' &&
        (statement.source as Node & { value: string }).value.endsWith('/zod-italian.ts'),
    )
    .map((statement) => ({ start: statement.start, end: statement.end, text: '' }));
}

/**
 * The contract in the web bundle: a call's declaration (`endpoint({...})` in `*.endpoints.ts`) keeps
 * only what the web reads, its path and method (its zod schemas, summary and errors are the server's
 * and the OpenAPI document's), and a schema nothing reads is left out. A page that lists and does
 * not validate a form then loads no zod schema (decision 0022).
 */
export function contractForTheWeb(): Plugin {
  return {
    name: 'stabile:contract-for-the-web',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /packages[\\/]contract[\\/]src[\\/].+\.ts$/ },
      handler(code, id) {
        if (/\.test\.ts$/.test(id)) return null;
        const program = parseAst(code) as unknown as { body: Node[] };
        const edits = [
          ...(/\.endpoints\.ts$/.test(id) ? endpointEdits(program) : []),
          ...pureConstEdits(program),
          ...italianEdits(id, program),
        ];
        return edits.length ? { code: apply(code, edits), map: null } : null;
      },
    },
  };
}
