/** Demo question banks: the bank category dictionary and two banks of about 60 questions. */
import { REPO_CATALOG_DIC } from '@exam/contracts';
import { elRepo, sysDic, sysDicValue } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { insertQuestions } from './qu.service.js';
import { checkQuestion, normaliseQuestion } from './qu-rules.js';
import { COMPUTER_QUESTIONS, SAFETY_QUESTIONS } from './repo.seed-data.js';

const CATEGORIES = [
  { value: 'safety', title: '安全生产' },
  { value: 'it', title: '信息技术' },
  { value: 'general', title: '通用知识' },
  { value: 'management', title: '管理制度' },
];

/** Seeds the repo_catalog dictionary and the two demo banks. */
export async function seedRepo(tx: Tx, ctx: SeedContext): Promise<void> {
  await tx.insert(sysDic).values({ code: REPO_CATALOG_DIC, title: '题库分类' });
  await tx
    .insert(sysDicValue)
    .values(CATEGORIES.map((c, i) => ({ dicCode: REPO_CATALOG_DIC, value: c.value, title: c.title, sort: i + 1 })));
  const adminId = ctx.userIds.get('admin') ?? null;
  const banks = [
    {
      code: 'SAFETY',
      title: '安全生产知识题库',
      category: 'safety',
      practiceEnabled: true,
      remark: '面向全体员工的安全生产、消防与应急救护知识，开放练习。',
      questions: SAFETY_QUESTIONS,
    },
    {
      code: 'COMPUTER',
      title: '计算机基础题库',
      category: 'it',
      practiceEnabled: false,
      remark: '计算机基础考试用题库，不开放练习。',
      questions: COMPUTER_QUESTIONS,
    },
  ];
  for (const { questions, ...bank } of banks) {
    const [repo] = await tx
      .insert(elRepo)
      .values({ ...bank, createdBy: adminId })
      .returning({ id: elRepo.id });
    const items = questions.map((input) => {
      const q = normaliseQuestion({ ...input, children: input.children ?? [] });
      const issues = checkQuestion(q);
      if (issues.length) throw new Error(`demo question "${input.content}": ${issues[0].message}`);
      return { q, tags: input.tags ?? [] };
    });
    await insertQuestions(tx, items, [repo.id], adminId ?? 'system');
  }
}
