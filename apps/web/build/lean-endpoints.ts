/**
 * Lean endpoint objects for the web bundle. The endpoint files of @exam/contracts
 * (`packages/contracts/src/endpoints/*.ts`) declare each call with its zod request and answer
 * schemas; the web only needs the path to call (the types still come from the real files, which
 * `tsc` reads). Building every page with the schemas put zod (~60 KB gzip) on the first page.
 *
 * At build time this Vite plugin rewrites each endpoint file to plain objects:
 * `export const x = endpoint({ path, body, data, access, operation })` becomes
 * `export const x = { kind: 'json', path, access, operation }`. Other constants of the file are
 * kept when they need nothing but other kept constants (e.g. `const SAVE = { permission: … }`);
 * imports, schemas and types are dropped. A web import of a dropped export fails the build
 * (missing export), and an endpoint whose path or access needs a dropped name throws here.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

const FACTORIES: Record<string, 'json' | 'file' | 'upload'> = {
  endpoint: 'json',
  fileEndpoint: 'file',
  uploadEndpoint: 'upload',
};
const KEPT_PROPERTIES = ['path', 'access', 'operation'];
const ENDPOINT_FILE = /[\\/]packages[\\/]contracts[\\/]src[\\/]endpoints[\\/][^\\/]+\.ts$/;
const CONTRACTS_FILE = /[\\/]packages[\\/]contracts[\\/]src[\\/].+\.ts$/;

/** Identifiers an expression reads (property names and object keys excluded). */
function readIdentifiers(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) {
      const parent = n.parent;
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === n) ||
        (ts.isPropertyAssignment(parent) && parent.name === n);
      if (!isPropertyName) names.add(n.text);
    }
    if (ts.isTypeNode(n)) return; // `as const`, type arguments
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

const isExported = (statement: ts.VariableStatement) =>
  statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/** The endpoint factory call of a declaration, if it is one. */
function factoryCall(init: ts.Expression | undefined): { kind: string; def: ts.ObjectLiteralExpression } | null {
  if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) return null;
  const kind = FACTORIES[init.expression.text];
  const def = init.arguments[0];
  if (!kind || !def || !ts.isObjectLiteralExpression(def)) return null;
  return { kind, def };
}

/** Rewrites one endpoint file's source; null when the file declares no endpoint. */
export function leanEndpointSource(source: string, fileName = 'endpoints.ts'): string | null {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const kept = new Set<string>();
  const out: string[] = [];
  let endpoints = 0;
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      out.push(statement.getText(file));
      continue;
    }
    if (!ts.isVariableStatement(statement)) continue; // imports, types, functions: not needed to call
    const exported = isExported(statement) ? 'export ' : '';
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name)) continue;
      const name = decl.name.text;
      const call = factoryCall(decl.initializer);
      if (call) {
        const props = [`kind: '${call.kind}'`];
        for (const prop of call.def.properties) {
          if (!ts.isPropertyAssignment(prop) && !ts.isShorthandPropertyAssignment(prop)) continue;
          const key = prop.name.getText(file);
          if (!KEPT_PROPERTIES.includes(key)) continue;
          const value = ts.isPropertyAssignment(prop) ? prop.initializer : prop.name;
          for (const id of readIdentifiers(value)) {
            if (!kept.has(id))
              throw new Error(`${fileName}: endpoint ${name}.${key} reads ${id}, which the web build drops`);
          }
          props.push(`${key}: ${value.getText(file)}`);
        }
        out.push(`${exported}const ${name} = { ${props.join(', ')} };`);
        kept.add(name);
        endpoints += 1;
        continue;
      }
      const init = decl.initializer;
      if (!init) continue;
      const reads = readIdentifiers(init);
      if ([...reads].every((id) => kept.has(id)) && !containsCall(init)) {
        out.push(`${exported}const ${name} = ${init.getText(file)};`);
        kept.add(name);
      }
    }
  }
  return endpoints > 0 ? `${out.join('\n')}\n` : null;
}

function containsCall(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isTaggedTemplateExpression(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * Marks each module-level constant built by a call (`export const ZUserSchema = z.object(…)`) as
 * pure, by wrapping it in an annotated arrow call: `/*#__PURE__*\/ (() => (…))()`. The bundler can
 * then drop the schemas a page does not read, so a page that needs a label or a constant of a
 * contracts file does not carry the file's schemas (and zod). Evaluation order is unchanged.
 */
export function pureConstantsSource(source: string, fileName = 'contracts.ts'): string | null {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number }[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      const init = decl.initializer;
      if (init && !ts.isArrowFunction(init) && !ts.isFunctionExpression(init) && containsCall(init)) {
        edits.push({ start: init.getStart(file), end: init.getEnd() });
      }
    }
  }
  if (edits.length === 0) return null;
  let out = source;
  for (const { start, end } of edits.reverse()) {
    out = `${out.slice(0, start)}/*#__PURE__*/ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

/** The Vite plugin (build only: the dev server and tests keep the full objects). */
export function leanEndpoints(): Plugin {
  return {
    name: 'exam:lean-endpoints',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (ENDPOINT_FILE.test(file)) {
        const lean = leanEndpointSource(code, file);
        if (lean !== null) return { code: lean, map: null };
      }
      if (!CONTRACTS_FILE.test(file)) return null;
      const pure = pureConstantsSource(code, file);
      return pure === null ? null : { code: pure, map: null };
    },
  };
}
