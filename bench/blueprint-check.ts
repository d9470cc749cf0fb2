/**
 * A blueprint checked against a bank of 20,000 questions: the check (the pool of every cell in one
 * statement, then the exact assignment in memory) and one per-learner draw, timed against a raw
 * baseline of the same run: a plain SELECT count(*) … GROUP BY kind, band, point over the same
 * questions (what any check must at least read, without the assignment or the shortfall).
 *
 *   npx tsx bench/blueprint-check.ts --db pglite [--questions 20000] [--runs 7]
 *   npx tsx bench/blueprint-check.ts --db pg
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  elKnowledgePoint,
  elQu,
  elQuKnowledge,
  elQuRepo,
  elQuStat,
  elRepo,
} from '../apps/server/src/db/schema/index.js';
import type { BlueprintSection } from '../apps/server/src/db/schema/paper.js';
import { assignCells } from '../apps/server/src/modules/paper/blueprint.js';
import { checkBlueprint } from '../apps/server/src/modules/paper/blueprint.service.js';
import { flatCells, readPool } from '../apps/server/src/modules/paper/blueprint-pool.js';
import { difficultyBandSql } from '../apps/server/src/modules/repo/difficulty-band.js';
import { createBenchDatabase, dbKind, loadAverage, machine, writeReport } from './setup.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    questions: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '7' },
  },
});
const N = Number(values.questions);
const RUNS = Number(values.runs);
const TYPES = [1, 2, 3];
const BANDS = ['easy', 'medium', 'hard'] as const;

const bench = await createBenchDatabase(dbKind(values.db), 'bench-blueprint');
const database = await bench.open();
const db = database.db;
try {
  // 4 roots × 5 children = 20 points; each question tagged with one child, every tenth with a second one.
  const tag = randomBytes(3).toString('hex');
  const points: { id: string; parentId: string | null; title: string; path: string }[] = [];
  for (let r = 0; r < 4; r++) {
    const root = `r${tag}${r}`;
    points.push({ id: root, parentId: null, title: `领域${tag}${r}`, path: `/${root}/` });
    for (let c = 0; c < 5; c++) {
      const id = `c${tag}${r}${c}`;
      points.push({ id, parentId: root, title: `要点${c}`, path: `/${root}/${id}/` });
    }
  }
  await db.insert(elKnowledgePoint).values(points);
  const children = points.filter((p) => p.parentId);
  const [repo] = await db
    .insert(elRepo)
    .values({ title: `蓝图压测题库${tag}` })
    .returning({ id: elRepo.id });
  const seedStart = performance.now();
  for (let from = 0; from < N; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, N - from) }, (_, k) => {
      const i = from + k;
      return {
        type: TYPES[i % 3],
        level: i % 5 === 0 ? 2 : 1,
        content: `压测题${i}`,
        options: [
          { key: 'A', content: '甲', isRight: true },
          { key: 'B', content: '乙', isRight: false },
        ],
      };
    });
    const ids = await db.insert(elQu).values(batch).returning({ id: elQu.id });
    await db.insert(elQuRepo).values(ids.map((q) => ({ quId: q.id, repoId: repo.id })));
    await db.insert(elQuKnowledge).values(
      ids.flatMap((q, k) => {
        const i = from + k;
        const first = children[i % children.length].id;
        const second = children[(i * 7 + 3) % children.length].id;
        return i % 10 === 0 && second !== first
          ? [
              { quId: q.id, kpId: first },
              { quId: q.id, kpId: second },
            ]
          : [{ quId: q.id, kpId: first }];
      }),
    );
    // Three quarters measured (spread over 易/中/难), the rest by the author's level.
    await db
      .insert(elQuStat)
      .values(
        ids.flatMap((q, k) =>
          (from + k) % 4 === 0 ? [] : [{ quId: q.id, answers: 40, difficulty: ((from + k) % 97) / 97 }],
        ),
      );
  }
  const seedMs = performance.now() - seedStart;
  await db.execute(sql`analyze`);

  // 3 kinds × 4 root points × 3 bands = 36 cells, 2-4 questions each (about a 100-question paper).
  const roots = points.filter((p) => !p.parentId);
  const section: BlueprintSection = {
    title: '压测蓝图',
    repoIds: [repo.id],
    cells: TYPES.flatMap((quType) =>
      roots.flatMap((r, ri) =>
        BANDS.map((band, bi) => ({ quType, kpId: r.id, band, count: 2 + ((ri + bi) % 3), score: 1 })),
      ),
    ),
  };
  const cells = flatCells([section]);

  const time = async (fn: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await fn();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return {
      median: +samples[Math.floor(samples.length / 2)].toFixed(1),
      min: +samples[0].toFixed(1),
      max: +samples.at(-1)!.toFixed(1),
    };
  };

  const band = difficultyBandSql(sql`s.difficulty`, sql`q.level`);
  const raw = await time(() =>
    db.execute(sql`select q.type, ${band} as band, split_part(k.path, '/', 2) as root, count(*)
      from ${elQu} q
      join ${elQuRepo} r on r.qu_id = q.id and r.repo_id = ${repo.id}
      left join ${elQuStat} s on s.qu_id = q.id
      join ${elQuKnowledge} qk on qk.qu_id = q.id join ${elKnowledgePoint} k on k.id = qk.kp_id
      where q.deleted_at is null and q.parent_id is null
      group by 1, 2, 3`),
  );
  let met = false;
  let message: string | null = null;
  const check = await time(async () => {
    const r = await checkBlueprint(db, [section]);
    met = r.met;
    message = r.message;
  });
  const poolOnly = await time(() => readPool(db, cells));
  const pool = await readPool(db, cells);
  const assignOnly = await time(async () => assignCells(cells, pool));

  const report = {
    when: new Date().toISOString(),
    db: bench.kind,
    machine: machine(),
    loadBefore: loadAverage(),
    questions: N,
    cells: cells.length,
    paperQuestions: section.cells.reduce((n, c) => n + c.count, 0),
    poolSize: pool.length,
    met,
    message,
    seedMs: Math.round(seedMs),
    runs: RUNS,
    ms: { rawGroupBy: raw, check, poolRead: poolOnly, assignment: assignOnly },
    loadAfter: loadAverage(),
  };
  console.log(JSON.stringify(report, null, 2));
  writeReport(`blueprint-check-${bench.kind}-${Date.now()}`, report);
} finally {
  await database.close();
  await bench.remove();
}
