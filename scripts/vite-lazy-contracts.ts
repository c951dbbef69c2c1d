import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';

/** The contracts' own sources, not their tests and not the helper the transform brings in. */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/](?!lazy-contract\.ts$)[^\\/]+(?<!\.test)\.ts$/;
/** Calls rooted at these build schemas: zod's builders. */
const BUILDERS = new Set(['z']);

// The parser's nodes, as far as the transform reads them (ESTree with TypeScript's expressions).
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const child = (node: Node, key: string): Node | undefined => node[key] as Node | undefined;

/** `x as const`, `x satisfies T`, `x!` and parentheses say nothing about what x builds. */
const unwrapped = (node: Node): Node => {
  let current = node;
  while (
    ['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'ParenthesizedExpression'].includes(current.type)
  ) {
    current = child(current, 'expression') as Node;
  }
  return current;
};

/** The identifier a chain of calls and member reads starts from: `z` in `z.string().trim().max(8)`. */
const rootOf = (node: Node): string | null => {
  let current = unwrapped(node);
  for (;;) {
    if (current.type === 'CallExpression') current = unwrapped(child(current, 'callee') as Node);
    else if (current.type === 'MemberExpression') current = unwrapped(child(current, 'object') as Node);
    else return current.type === 'Identifier' ? (current.name as string) : null;
  }
};

/** A call of a builder, or of a value this file already wrapped (`base.extend({...})`). */
const buildsSchema = (node: Node, wrapped: ReadonlySet<string>): boolean => {
  const root = node.type === 'CallExpression' ? rootOf(node) : null;
  return root !== null && (BUILDERS.has(root) || wrapped.has(root));
};

const isEndpoint = (node: Node): boolean => node.type === 'CallExpression' && rootOf(node) === 'defineEndpoint';

const propertyValues = (node: Node): Node[] =>
  (node.properties as Node[]).flatMap((property) =>
    property.type === 'Property' ? [unwrapped(child(property, 'value') as Node)] : [],
  );

/** The schemas an endpoint declares: what its `params`, `request` and `response` hold when they are built there. */
const endpointSchemas = (endpoint: Node): Node[] => {
  const definition = (endpoint.arguments as Node[])[0];
  if (definition?.type !== 'ObjectExpression') return [];
  return (definition.properties as Node[]).flatMap((property) => {
    if (property.type !== 'Property' || property.computed) return [];
    const key = child(property, 'key') as Node;
    const name = key.type === 'Identifier' ? key.name : key.value;
    const value = child(property, 'value') as Node;
    return ['params', 'request', 'response'].includes(name as string) && unwrapped(value).type === 'CallExpression'
      ? [value]
      : [];
  });
};

/** Endpoints in an initializer: the endpoint itself, or those of a table (an object literal), at any depth. */
const endpointsIn = (node: Node): Node[] => {
  const value = unwrapped(node);
  if (isEndpoint(value)) return [value];
  if (value.type === 'ObjectExpression') return propertyValues(value).flatMap(endpointsIn);
  return [];
};

/**
 * What one top-level initializer gets wrapped: the whole of it when it builds a schema (a builder's call chain,
 * or an object literal of them, like fields spread into several shapes); for an endpoint or a table of
 * endpoints, the schemas each endpoint builds, so that reading an endpoint's name or path builds nothing.
 * Data (arrays, literals, records of labels), functions and calls of anything else are left as they are.
 */
const toWrap = (init: Node, wrapped: ReadonlySet<string>): { whole: boolean; parts: Node[] } => {
  const node = unwrapped(init);
  const endpoints = endpointsIn(node);
  if (endpoints.length > 0) return { whole: false, parts: endpoints.flatMap(endpointSchemas) };
  const whole =
    buildsSchema(node, wrapped) ||
    (node.type === 'ObjectExpression' && propertyValues(node).some((value) => buildsSchema(value, wrapped)));
  return { whole, parts: whole ? [init] : [] };
};

/**
 * Rewrites one contracts source: each top-level schema `const NAME = <schema>` becomes
 * `const NAME = /*#__PURE__*\/ __lazyContract(() => (<schema>))`, and so does each schema an endpoint builds in
 * its definition. Returns null when nothing changes.
 */
export const lazyContractsTransform = (
  code: string,
  id: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null => {
  const program = parseAst(code, { lang: 'ts', sourceType: 'module' }, id) as unknown as { body: Node[] };
  const out = new MagicString(code);
  // Schemas imported from the other contracts modules are wrapped there: chains built on them are schemas too.
  const wrapped = new Set<string>(
    program.body.flatMap((statement) =>
      statement.type === 'ImportDeclaration' && String((child(statement, 'source') as Node).value).startsWith('./')
        ? (statement.specifiers as Node[]).flatMap((specifier) => {
            const local = (child(specifier, 'local') as Node).name as string;
            return local.endsWith('Schema') ? [local] : [];
          })
        : [],
    ),
  );
  let changes = 0;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? child(statement, 'declaration') : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = child(declarator, 'init');
      const target = child(declarator, 'id');
      if (!init || target?.type !== 'Identifier') continue;
      const { whole, parts } = toWrap(init, wrapped);
      for (const part of parts) {
        out.appendLeft(part.start, '/*#__PURE__*/ __lazyContract(() => (');
        out.appendRight(part.end, '))');
        changes += 1;
      }
      if (whole) wrapped.add(target.name as string);
    }
  }
  if (changes === 0) return null;
  out.prepend("import { lazyContract as __lazyContract } from './lazy-contract';\n");
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
};

/**
 * The member site builds the contracts' schemas when it first reads them, not when its script loads (decision
 * 0036): building every zod schema of the modules the first screen imports was about half of the script's
 * evaluation, one long task before the site could answer a tap. Unread ones are dropped from the bundle. Runs
 * before TypeScript is stripped, on the contracts' sources only.
 */
export const lazyContracts = (): Plugin => ({
  name: 'tessera-lazy-contracts',
  enforce: 'pre',
  transform(code, id) {
    if (!CONTRACT_SOURCE.test(id)) return null;
    return lazyContractsTransform(code, id);
  },
});
