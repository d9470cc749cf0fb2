// Generates a migration from the schema files. Serialised with a lock file so that two
// developers (or helpers) generating at once do not clobber the journal.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const lock = '/tmp/exam-drizzle-generate.lock';
for (let i = 0; ; i++) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    if (i > 600) throw new Error(`lock ${lock} held too long`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
try {
  execFileSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { stdio: 'inherit' });
} finally {
  fs.rmdirSync(lock);
}
