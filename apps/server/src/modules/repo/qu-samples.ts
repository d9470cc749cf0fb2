/** Sample questions of every type: the rows of the import template (and a reference for tests). */
import { blankHtml, formulaHtml, type TQuSave } from '@exam/contracts';

const p = (text: string) => `<p>${text}</p>`;
const opts = (texts: string[], right: string) =>
  texts.map((t, i) => ({ key: 'ABCDEFGH'[i], content: p(t), isRight: right.includes('ABCDEFGH'[i]) }));

export const QU_TEMPLATE_SAMPLES: TQuSave[] = [
  {
    type: 1,
    level: 1,
    content: p('我国的首都是（  ）'),
    options: opts(['上海', '北京', '广州', '深圳'], 'B'),
    answer: {},
    analysis: p('北京是中华人民共和国的首都。'),
    tags: ['常识'],
    repoIds: ['-'],
    children: [],
  },
  {
    type: 2,
    level: 2,
    content: p('下列属于可再生能源的有（  ）'),
    options: opts(['太阳能', '风能', '煤炭', '水能'], 'ABD'),
    answer: {},
    analysis: p('煤炭属于不可再生能源。'),
    tags: ['能源', '环保'],
    repoIds: ['-'],
    children: [],
  },
  {
    type: 3,
    level: 1,
    content: p(`圆的面积公式是 ${formulaHtml('S=\\pi r^2')}。`),
    options: opts(['正确', '错误'], 'A'),
    answer: {},
    analysis: null,
    tags: ['数学'],
    repoIds: ['-'],
    children: [],
  },
  {
    type: 4,
    level: 2,
    content: p('简述安全生产“三同时”制度的含义。'),
    options: [],
    answer: {
      reference: p('建设项目的安全设施必须与主体工程同时设计、同时施工、同时投入生产和使用。'),
      keywords: [
        { word: '同时设计', weight: 2 },
        { word: '同时施工', weight: 2 },
        { word: '同时投入生产和使用', weight: 2 },
      ],
    },
    analysis: null,
    tags: ['安全生产'],
    repoIds: ['-'],
    children: [],
  },
  {
    type: 5,
    level: 1,
    content: p(`水的化学式是${blankHtml(1)}，其中氢与氧的原子个数比为${blankHtml(2)}。`),
    options: [],
    answer: {
      blanks: [{ answers: ['H2O', 'H₂O'] }, { answers: ['2:1', '2：1'] }],
      caseSensitive: false,
      widthSensitive: false,
      orderMatters: true,
    },
    analysis: null,
    tags: ['化学'],
    repoIds: ['-'],
    children: [],
  },
  {
    type: 6,
    level: 1,
    content: p('请将下列国家与其首都匹配。'),
    options: [],
    answer: {
      left: [
        { key: '1', content: p('中国') },
        { key: '2', content: p('日本') },
        { key: '3', content: p('法国') },
      ],
      right: [
        { key: 'A', content: p('东京') },
        { key: 'B', content: p('巴黎') },
        { key: 'C', content: p('北京') },
        { key: 'D', content: p('伦敦') },
      ],
      pairs: [
        { left: '1', right: 'C' },
        { left: '2', right: 'A' },
        { left: '3', right: 'B' },
      ],
    },
    analysis: null,
    tags: ['地理'],
    repoIds: ['-'],
    children: [],
  },
  {
    type: 99,
    level: 2,
    content: p('阅读材料：某工厂车间发生一起机械伤害事故，操作工在未停机的情况下清理设备内的杂物，手臂被卷入。'),
    options: [],
    answer: {},
    analysis: null,
    tags: ['安全生产', '案例分析'],
    repoIds: ['-'],
    children: [
      {
        type: 1,
        level: 1,
        content: p('该事故的直接原因是（  ）'),
        options: opts(['设备老化', '未停机清理设备', '照明不足'], 'B'),
        answer: {},
        analysis: null,
      },
      {
        type: 4,
        level: 2,
        content: p('请提出两条防止此类事故的措施。'),
        options: [],
        answer: {
          reference: p('清理前必须停机断电并挂牌上锁；加装防护罩和联锁装置。'),
          keywords: [
            { word: '停机', weight: 1 },
            { word: '防护', weight: 1 },
          ],
        },
        analysis: null,
      },
    ],
  },
];
