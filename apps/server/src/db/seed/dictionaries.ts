/** Dictionaries seeded on first start: aiExam_conf and one per label mapping of SPEC 4. */
import {
  CYCLE_TYPE_LABELS,
  EXAM_RESULT_LABELS,
  OPEN_TYPE_LABELS,
  PAPER_STATE_LABELS,
  QUESTION_LEVEL_LABELS,
  QUESTION_TYPE_LABELS,
  USER_STATE_LABELS,
} from '@exam/contracts';

export interface SeedDictionary {
  code: string;
  title: string;
  values: { value: string; title: string }[];
}

const fromLabels = (code: string, title: string, labels: Record<number, string>): SeedDictionary => ({
  code,
  title,
  values: Object.entries(labels).map(([value, t]) => ({ value, title: t })),
});

export const SEED_DICTIONARIES: SeedDictionary[] = [
  {
    code: 'aiExam_conf',
    title: 'AI考试配置',
    values: [
      // One row per setting, the setting in the remark (modules/assistant/assistant-config.ts);
      // none set on a fresh install, so the assistant is off and invites to nothing.
      { value: 'assistant_enabled', title: '启用教学助手' },
      { value: 'assistant_url', title: '教学助手地址' },
      { value: 'assistant_model', title: '模型名称' },
      { value: 'assistant_api_key', title: 'API Key' },
      { value: 'assistant_audit', title: '记录对话内容' },
      { value: 'llm_local_invite', title: '本地大模型体验邀请' },
    ],
  },
  fromLabels('user_state', '用户状态', USER_STATE_LABELS),
  fromLabels('paper_state', '试卷状态', PAPER_STATE_LABELS),
  fromLabels('open_type', '考试开放类型', OPEN_TYPE_LABELS),
  fromLabels('exam_result', '考试结果', EXAM_RESULT_LABELS),
  fromLabels('qu_level', '试题难度', QUESTION_LEVEL_LABELS),
  fromLabels('cycle_type', '周期类型', CYCLE_TYPE_LABELS),
  fromLabels('qu_type', '试题类型', QUESTION_TYPE_LABELS),
];
