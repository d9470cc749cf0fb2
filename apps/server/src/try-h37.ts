import fs from 'node:fs';
import { readItems } from './modules/repo/interchange/read.js';
import { checkItems } from './modules/repo/qu-import.js';
import { docxColumnOf } from './modules/repo/qu-docx.js';
const [fmt, file] = process.argv.slice(2);
const r = await readItems(fmt as 'gift', fs.readFileSync(file));
console.log(JSON.stringify(r.skipped, null, 1));
const c = checkItems(r.items, docxColumnOf);
for (const x of c) console.log(x.item.place, x.q.type, JSON.stringify(x.q.answer).slice(0,200), JSON.stringify(x.issues));
