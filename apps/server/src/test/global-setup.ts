/**
 * vitest global setup of the server projects: a folder and an id for this run's database templates
 * (db-template.ts builds them when the first API test file needs one), removed at the end.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPgTemplates, type TemplateRun } from './db-template.js';

export default function setup(project: TestProject): () => Promise<void> {
  const run: TemplateRun = {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'exam-db-template-')),
    runId: randomBytes(4).toString('hex'),
  };
  project.provide('dbTemplateRun', run);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) await dropPgTemplates(run, adminUrl);
    fs.rmSync(run.dir, { recursive: true, force: true });
  };
}
