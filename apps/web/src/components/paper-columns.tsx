/** Table columns an attempt (paper) shows the same way to learners and administrators. */
import { EXAM_RESULT_LABELS, PAPER_STATE_LABELS, type TPaperRecord } from '@exam/contracts';
import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';

const STATE_COLORS: Record<number, string> = { 0: 'processing', 1: 'warning', 2: 'success', 3: 'default' };

/** State (SPEC labels), score over total and pass/fail; `empty` is shown where there is no value yet. */
export function paperOutcomeColumns(empty: string, resultTitle = '结果'): ColumnType<TPaperRecord>[] {
  return [
    {
      title: '状态',
      dataIndex: 'state',
      render: (v: number, r) => (
        <Space size={4}>
          <Tag color={STATE_COLORS[v]}>{r.stateLabel || PAPER_STATE_LABELS[v]}</Tag>
          {r.voided && <Tag color="red">已作废</Tag>}
        </Space>
      ),
    },
    {
      title: '得分',
      dataIndex: 'userScore',
      align: 'center',
      render: (v: number | null, r) => (v === null ? empty : `${v} / ${r.totalScore}`),
    },
    {
      title: resultTitle,
      dataIndex: 'passed',
      align: 'center',
      render: (v: boolean | null) =>
        v === null ? empty : <Tag color={v ? 'success' : 'error'}>{EXAM_RESULT_LABELS[v ? 1 : 0]}</Tag>,
    },
  ];
}
