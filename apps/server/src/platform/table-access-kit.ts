/**
 * The table-access scanner of the layering and question-reader tests (platform/layering.test.ts,
 * platform/question-reader.test.ts): which tables a source file reads or writes, by its text.
 * A test kit (not product code); its name keeps it out of the scan itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index.js';
import { serverRoot } from './paths.js';

export const src = path.join(serverRoot, 'src');

/** The non-test .ts/.mjs files under `dir`. */
export function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.(ts|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [file] : [];
  });
}

export const tableOfExport = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)]] : [])),
);
export const tableNames = new Set(tableOfExport.values());
export const FIXTURE_FILE = /(\.seed|\.demo-seed|\.seed-data|-kit|-fixtures)\.ts$/;

/** Comments out of the way, so a comment naming a table is not an access. */
export const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

export interface Access {
  file: string;
  table: string;
  write: boolean;
}

/** Every table a file touches: writes by statement, reads by any other mention. */
export function tableAccess(file: string): Access[] {
  const text = withoutComments(fs.readFileSync(file, 'utf8'));
  const rel = path.relative(src, file);
  const writes = new Map<string, number>();
  const count = (table: string | undefined) => {
    if (table && tableNames.has(table)) writes.set(table, (writes.get(table) ?? 0) + 1);
  };
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) count(tableOfExport.get(m[1]));
  for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{(\w+)\}|"?(\w+)"?)/gi))
    count(m[1] ? tableOfExport.get(m[1]) : m[2]);
  const out: Access[] = [];
  for (const [table, n] of writes) for (let i = 0; i < n; i++) out.push({ file: rel, table, write: true });
  const mentioned = new Set<string>();
  for (const [name, table] of tableOfExport) if (new RegExp(`\\b${name}\\b`).test(text)) mentioned.add(table);
  for (const table of tableNames) if (new RegExp(`\\b${table}\\b`).test(text)) mentioned.add(table);
  for (const table of mentioned) if (!writes.has(table)) out.push({ file: rel, table, write: false });
  return out;
}
