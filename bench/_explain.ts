import { sql } from 'drizzle-orm';
import { createBenchDatabase } from './setup.js';
const bench = await createBenchDatabase('pg', 'bench-explain');
const database = await bench.open();
const { db } = database;
await db.execute(sql`insert into sys_event (id, name, payload, fanned_out)
  select 'e' || g, 'paper.marked', jsonb_build_object('paperId', 'p' || g, 'userId', 'u' || g, 'examId', 'x', 'score', 50, 'passed', false), true
  from generate_series(1, 3000) g`);
await db.execute(sql`insert into sys_event_delivery (event_id, consumer)
  select 'e' || g, c from generate_series(1, 3000) g cross join (values ('exam.user-record'), ('train.wrong-answer-book'), ('msg.paper-marked'), ('cert.revoke-on-fail')) v(c)`);
const claim = `select d.*, e.* from sys_event_delivery d inner join sys_event e on e.id = d.event_id
  where d.next_attempt_at <= now() and d.parked_at is null and d.consumer in ('exam.user-record','train.wrong-answer-book','msg.paper-marked','cert.revoke-on-fail','cert.issue-on-pass','exam.invigilate-live','cert.issue-on-course','cert.revoke-on-void','live.viewers-off')
  order by d.next_attempt_at limit 50 for update of d skip locked`;
const show = async (label: string) => {
  const r = await db.execute(sql.raw(`explain (analyze, buffers) ${claim}`));
  console.log(label, '\n' + r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
};
await show('fresh');
for (let i = 0; i < 100; i++)
  await db.execute(sql.raw(`delete from sys_event_delivery where (event_id, consumer) in (select event_id, consumer from sys_event_delivery order by next_attempt_at limit 50)`));
await show('after 5000 deleted');
await database.close();
await bench.remove();
