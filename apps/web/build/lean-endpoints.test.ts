// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leanEndpointSource, pureConstantsSource } from './lean-endpoints';

const endpointsDir = path.resolve(__dirname, '../../../packages/contracts/src/endpoints');

describe('leanEndpointSource', () => {
  it('keeps path, access and operation, drops the schemas and the imports', () => {
    const out = leanEndpointSource(`import { z } from 'zod';
import { endpoint, fileEndpoint } from '../endpoint.js';
import { ZSaveSchema } from '../x.js';
const SAVE = { permission: 'sys:x:save' } as const;
export const ZLocalSchema = z.object({ a: z.string() });
export type TLocal = z.infer<typeof ZLocalSchema>;
export const xSave = endpoint({ path: '/api/x/save', body: ZSaveSchema, data: z.null(), access: SAVE, operation: true });
export const xExport = fileEndpoint({ path: '/api/x/export', body: ZLocalSchema, access: 'user', operation: false });
`);
    expect(out).not.toContain('zod');
    expect(out).not.toContain('ZSaveSchema');
    expect(out).not.toContain('ZLocalSchema');
    expect(out).toContain("const SAVE = { permission: 'sys:x:save' } as const;");
    expect(out).toContain("export const xSave = { kind: 'json', path: '/api/x/save', access: SAVE, operation: true };");
    expect(out).toContain(
      "export const xExport = { kind: 'file', path: '/api/x/export', access: 'user', operation: false };",
    );
  });

  it('refuses an endpoint whose path needs a dropped name', () => {
    expect(() =>
      leanEndpointSource(`const base = make('/api/x');
export const x = endpoint({ path: base, data: z.null(), access: 'user', operation: false });`),
    ).toThrow(/x\.path reads base/);
  });

  it('leaves a file without endpoints alone', () => {
    expect(leanEndpointSource(`export * from './a.js';`)).toBeNull();
  });

  it('rewrites every endpoint file of the contracts without losing an endpoint', () => {
    for (const name of fs.readdirSync(endpointsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(endpointsDir, name), 'utf8');
      const declared = source.match(/= (endpoint|fileEndpoint|uploadEndpoint)\(/g)?.length ?? 0;
      const out = leanEndpointSource(source, name);
      if (declared === 0) continue;
      expect(out, name).not.toBeNull();
      expect(out?.match(/= \{ kind: '(json|file|upload)', path: /g)?.length, name).toBe(declared);
      expect(out, name).not.toMatch(/\bz\.|from 'zod'/);
    }
  });
});

describe('pureConstantsSource', () => {
  it('wraps constants built by calls in an annotated call, and nothing else', () => {
    const out = pureConstantsSource(`import { z } from 'zod';
export const LABEL = 'x';
export const ZA = z.object({ a: z.string() });
const text = (n: number) => z.string().max(n);
export const ZB = { a: 1 } as const;
`);
    expect(out).toContain('export const ZA = /*#__PURE__*/ (() => (z.object({ a: z.string() })))();');
    expect(out).toContain("export const LABEL = 'x';");
    expect(out).toContain('const text = (n: number) => z.string().max(n);');
    expect(out).toContain('export const ZB = { a: 1 } as const;');
  });
});
