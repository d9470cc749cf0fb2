/** The server listens where the README says (HOST, default localhost), not on every interface. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { repoRoot } from './paths.js';

describe('HOST', () => {
  it('defaults to localhost and follows HOST', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
  it('is documented in the README with its default', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toMatch(/\| `HOST` \| `localhost` \|/);
  });
});
