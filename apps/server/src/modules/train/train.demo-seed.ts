/**
 * Demo practice history: the demo learners got a few questions of the formula bank wrong while
 * practising, so a newcomer finds 我的错题本 filled (the exam results of the demo hold their review,
 * and a held exam's wrong answers stay out of the book until it allows review).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { elQu, elQuRepo, elRepo, sysUser } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { MATH_BANK } from '../repo/repo.demo-seed.js';
import { recordWrongAnswersOfUsers } from './book-record.js';

/** Learners with a practice history, and how many of the bank's first choice questions each got wrong. */
const PRACTISED = [
  { userName: 'student', wrong: 3 },
  { userName: 'zhaoliu', wrong: 2 },
];

export async function seedDemoPractice(tx: Tx, ctx: SeedContext): Promise<void> {
  const [bank] = await tx.select({ id: elRepo.id }).from(elRepo).where(eq(elRepo.title, MATH_BANK));
  if (!bank) return;
  const questions = await tx
    .select({ id: elQu.id, options: elQu.options })
    .from(elQu)
    .innerJoin(elQuRepo, eq(elQuRepo.quId, elQu.id))
    .where(and(eq(elQuRepo.repoId, bank.id), isNull(elQu.parentId), isNull(elQu.deletedAt)))
    .orderBy(asc(elQuRepo.sort), asc(elQu.createdAt), asc(elQu.id));
  const choices = questions.filter((q) => q.options.some((o) => o.isRight) && q.options.some((o) => !o.isRight));
  const users = await tx
    .select({ id: sysUser.id, userName: sysUser.userName })
    .from(sysUser)
    .where(
      inArray(
        sysUser.userName,
        PRACTISED.map((p) => p.userName),
      ),
    );
  const records = PRACTISED.flatMap((p) => {
    const userId = users.find((u) => u.userName === p.userName)?.id;
    if (!userId) return [];
    return choices.slice(0, p.wrong).map((q, i) => ({
      userId,
      quId: q.id,
      repoId: bank.id,
      source: 'train' as const,
      answer: q.options.find((o) => !o.isRight)?.key ?? null,
      // answered over the last days, oldest first
      now: new Date(ctx.now.getTime() - (p.wrong - i) * 86_400_000),
    }));
  });
  await recordWrongAnswersOfUsers(tx, records);
}
