/**
 * Demo banks of the complete demo organisation (DEMO_DATA=0 leaves them out):
 * 数学公式练习题库, open to practice, with formulas and a picture, and 全题型体验题库, one question of
 * every kind (ordering, matching, a composite with a matching part) for the exam 全题型体验考试.
 */
import { plainToHtml } from '@exam/contracts';
import { elRepo } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { seedDemoFile } from '../system/file/demo-files.js';
import { insertQuestions } from './qu.service.js';
import { checkQuestion, normaliseQuestion } from './qu-rules.js';
import { A, C, F, J, M, type Q, S, X } from './repo.seed-data.js';

export const MATH_BANK = '数学公式练习题库';
export const ALL_KINDS_BANK = '全题型体验题库';

const MATH = ['数学/公式'];

function mathQuestions(imageUrl: string): Q[] {
  return [
    S(
      '圆的面积公式为（  ）',
      ['$S=2\\pi r$', '$S=\\pi r^2$', '$S=\\pi d$', '$S=r^2$'],
      'B',
      '圆面积 $S=\\pi r^2$。',
      MATH,
    ),
    {
      ...S(
        '如图，圆的半径 $r=2$，它的面积是（  ）',
        ['$2\\pi$', '$4\\pi$', '$8\\pi$', '$16\\pi$'],
        'B',
        '$S=\\pi r^2=4\\pi$。',
        MATH,
      ),
      content: `${plainToHtml('如图，圆的半径 $r=2$，它的面积是（  ）', { blanks: false })}<p><img src="${imageUrl}" alt="半径为 2 的圆"></p>`,
    },
    S(
      '$\\frac{1}{2}+\\frac{1}{3}$ 等于（  ）',
      ['$\\frac{2}{5}$', '$\\frac{5}{6}$', '$\\frac{1}{6}$', '$1$'],
      'B',
      '',
      MATH,
    ),
    S('$\\sqrt{16}$ 的值是（  ）', ['2', '4', '8', '16'], 'B', '', MATH),
    M(
      '下列等式成立的有（  ）',
      ['$a^2-b^2=(a+b)(a-b)$', '$(a+b)^2=a^2+b^2$', '$a^0=1\\ (a\\neq 0)$', '$\\sqrt{a^2}=a$'],
      'AC',
      '$(a+b)^2=a^2+2ab+b^2$；$\\sqrt{a^2}=|a|$。',
      MATH,
    ),
    J('勾股定理：直角三角形中 $a^2+b^2=c^2$，其中 $c$ 为斜边。', true, '', MATH),
    J('$\\pi$ 是一个有理数。', false, '$\\pi$ 是无理数。', MATH),
    F('一元二次方程 $x^2-5x+6=0$ 的两个根是 ____ 和 ____。', [['2'], ['3']], MATH),
    F('圆的周长公式为 $C=$ ____（用 $r$ 表示）。', [['2πr', '2\\pi r', '2*π*r']], MATH),
    A(
      '写出一元二次方程 $ax^2+bx+c=0$ 的求根公式，并说明判别式的作用。',
      '$x=\\frac{-b\\pm\\sqrt{b^2-4ac}}{2a}$；判别式 $\\Delta=b^2-4ac$ 决定根的个数。',
      [
        ['判别式', 1],
        ['求根公式', 1],
      ],
      MATH,
    ),
  ];
}

const ORDER_ITEMS = ['发现火情', '立即报警（119）', '组织人员疏散', '使用灭火器扑救初起火灾'];

const ALL_KINDS: Q[] = [
  S('圆的面积公式为 $S=\\pi r^2$，半径扩大到原来的 2 倍，面积变为原来的（  ）', ['2 倍', '4 倍', '8 倍', '不变'], 'B'),
  M('下列属于劳动防护用品的有（  ）', ['安全帽', '防护眼镜', '绝缘手套', '手机'], 'ABC', '', ['安全生产/安全管理']),
  J('使用灭火器时应站在上风方向。', true, '', ['安全生产/消防安全']),
  F('我国的火警电话是____，急救电话是____。', [['119'], ['120']], ['安全生产/消防安全', '安全生产/应急救护']),
  A('简述发生火灾时的逃生要点。', '保持冷静，用湿毛巾捂住口鼻，低姿沿疏散通道撤离，不乘电梯。', [
    ['湿毛巾', 1],
    ['低姿', 1],
    ['电梯', 1],
  ]),
  X(
    '将灭火器与适用的火灾类型对应起来：',
    ['干粉灭火器', '二氧化碳灭火器', '水基型灭火器'],
    ['电气设备初起火灾', '精密仪器火灾', '一般固体物质火灾'],
    '1A 2B 3C',
  ),
  {
    type: 7,
    level: 1,
    content: plainToHtml('把发现火情后的处置步骤按先后排序：', { blanks: false }),
    options: ORDER_ITEMS.map((t) => ({ key: '', content: plainToHtml(t, { blanks: false }), isRight: false })),
    answer: {},
    analysis: null,
  },
  C('阅读材料：某车间员工下班前未切断设备电源，夜间线路过热起火，值班员发现后及时处置。', [
    S('本次火灾的直接原因是（  ）', ['线路过热', '雷击', '人为纵火', '天气炎热'], 'A'),
    X('把处置动作与目的对应起来：', ['切断电源', '拨打 119'], ['防止触电与扩大', '请求专业救援'], '1A 2B'),
    J('电气火灾可以直接用水扑救。', false),
  ]),
];

async function bank(tx: Tx, ctx: SeedContext, values: typeof elRepo.$inferInsert, questions: Q[]): Promise<string> {
  const adminId = ctx.userIds.get('admin') ?? null;
  const [repo] = await tx
    .insert(elRepo)
    .values({ ...values, createdBy: adminId })
    .returning({ id: elRepo.id });
  const items = questions.map((input) => {
    const q = normaliseQuestion({ ...input, children: input.children ?? [] });
    const issues = checkQuestion(q);
    if (issues.length) throw new Error(`demo question "${input.content}": ${issues[0].message}`);
    return { q, tags: input.tags ?? [] };
  });
  await insertQuestions(tx, items, [repo.id], adminId ?? 'system');
  return repo.id;
}

export async function seedDemoBanks(tx: Tx, ctx: SeedContext): Promise<void> {
  const imageId = await seedDemoFile(tx, ctx.blobs, {
    asset: 'circle.png',
    name: '圆.png',
    mime: 'image/png',
    audience: 'public',
    ownerId: ctx.userIds.get('admin') ?? null,
  });
  await bank(
    tx,
    ctx,
    {
      code: 'MATH',
      title: MATH_BANK,
      category: 'general',
      practiceEnabled: true,
      remark: '演示：题干、选项和解析中的数学公式（KaTeX）与图片。',
    },
    mathQuestions(`/api/common/file/${imageId}`),
  );
  await bank(
    tx,
    ctx,
    {
      code: 'ALLKINDS',
      title: ALL_KINDS_BANK,
      category: 'safety',
      practiceEnabled: true,
      remark: '演示：单选、多选、判断、填空、简答、匹配、排序和组合题各一道。',
    },
    ALL_KINDS,
  );
}
