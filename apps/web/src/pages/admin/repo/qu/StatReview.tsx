/**
 * 待复核试题: questions whose measured statistics say they behave badly (negative
 * discrimination: stronger learners do worse on it; or, with enough answers, everyone right or
 * everyone wrong), from the server's item statistics, for an author to check the key or the wording.
 */
import {
  QU_STAT_REASON_LABELS,
  QU_STAT_REASONS,
  QU_STAT_TOO_FEW,
  QUESTION_TYPE_LABELS,
  repoQuStatReview,
  type TQuStatReason,
  type TQuStatReviewItem,
} from '@exam/contracts';
import { Alert, Button, Segmented, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import { useServerTable } from '../../../../components/useServerTable';

const REASON_COLOURS: Record<TQuStatReason, string> = { negative: 'red', allRight: 'green', allWrong: 'orange' };
const share = (v: number | null) => (v === null ? QU_STAT_TOO_FEW : `${Math.round(v * 100)}%`);

export default function StatReview() {
  const navigate = useNavigate();
  const table = useServerTable<TQuStatReviewItem, { reason?: TQuStatReason }>(['qu-stat-review'], (req) =>
    call(repoQuStatReview, req),
  );
  return (
    <div data-testid="stat-review">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="按考试和练习的作答实测：区分度为负（成绩好的考生反而答错）、全部答对或全部答错的题目，建议检查答案和题干。作答少于 10 次的题目不下结论。"
      />
      <Segmented
        style={{ marginBottom: 12 }}
        options={[
          { label: '全部', value: '' },
          ...QU_STAT_REASONS.map((r) => ({ label: QU_STAT_REASON_LABELS[r], value: r })),
        ]}
        value={table.request.params.reason ?? ''}
        onChange={(v) => table.search({ reason: (v || undefined) as TQuStatReason | undefined })}
      />
      <Table<TQuStatReviewItem>
        {...table.tableProps}
        size="middle"
        scroll={{ x: 760 }}
        columns={[
          {
            title: '题干',
            dataIndex: 'summary',
            ellipsis: true,
            render: (v: string, r) => (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => navigate(`/admin/repo/qu-edit/${r.id}`)}
              >
                {v || '（无文字）'}
              </Button>
            ),
          },
          { title: '题型', dataIndex: 'type', width: 90, render: (v: number) => QUESTION_TYPE_LABELS[v] },
          {
            title: '问题',
            dataIndex: 'reason',
            width: 110,
            render: (v: TQuStatReason) => <Tag color={REASON_COLOURS[v]}>{QU_STAT_REASON_LABELS[v]}</Tag>,
          },
          { title: '实测难度（答对率）', dataIndex: 'difficulty', width: 140, render: share },
          {
            title: '区分度',
            dataIndex: 'discrimination',
            width: 100,
            render: (v: number | null) => (v === null ? QU_STAT_TOO_FEW : v.toFixed(2)),
          },
          {
            title: '作答次数',
            key: 'answers',
            width: 140,
            render: (_: unknown, r) => `考试 ${r.answers} / 练习 ${r.practiceAnswers}`,
          },
        ]}
      />
    </div>
  );
}
