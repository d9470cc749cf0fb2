/**
 * 监考复核 (/admin/exam/proctor-review): proctored papers by risk, filtered by exam, reviewed or not and
 * a lowest risk score; 复核 opens the learner's timeline with the review form. With an exam chosen,
 * its 抓拍保留 (when the snapshots are deleted, how many, how much room) and 延长保留.
 */
import { examProctorReviewPaging, type TReviewQueueRow } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call, type PageParams } from '../../../../api/call';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import ReviewForm from '../proctor/ReviewForm';
import { RiskTag } from '../proctor/RiskTag';
import TimelineDrawer, { timelineKey } from '../proctor/TimelineDrawer';
import ExamPicker from '../regrade/ExamPicker';
import RetentionCard from './RetentionCard';

type Params = PageParams<typeof examProctorReviewPaging>;
/** A queue row keyed by its paper (the table's row key). */
type Row = TReviewQueueRow & { id: string };

const DECISION_COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'red' };

export default function ExamProctorReviewPage() {
  const qc = useQueryClient();
  const canReview = usePermission('exam:proctor:review');
  const [params, setParams] = useState<Params>({ reviewed: false });
  const [open, setOpen] = useState<TReviewQueueRow | null>(null);
  const table = useServerTable<Row, Params>(
    ['proctor-review'],
    (req) =>
      call(examProctorReviewPaging, req).then((page) => ({
        ...page,
        records: page.records.map((r) => ({ ...r, id: r.paperId })),
      })),
    { initialParams: params, size: 20 },
  );
  const change = (p: Partial<Params>) => {
    const next = { ...params, ...p };
    setParams(next);
    table.search(next);
  };
  return (
    <PageContainer
      title="监考复核"
      search={
        <Space wrap>
          <ExamPicker value={params.examId ?? undefined} onChange={(examId) => change({ examId: examId ?? null })} />
          <Select
            style={{ width: 130 }}
            value={params.reviewed === undefined || params.reviewed === null ? 'all' : params.reviewed ? '1' : '0'}
            data-testid="proctor-reviewed"
            aria-label="是否已复核"
            options={[
              { value: 'all', label: '全部' },
              { value: '0', label: '待复核' },
              { value: '1', label: '已复核' },
            ]}
            onChange={(v: string) => change({ reviewed: v === 'all' ? null : v === '1' })}
          />
          <InputNumber
            min={0}
            max={100}
            precision={0}
            style={{ width: 170 }}
            addonBefore="最低风险分"
            value={params.minRisk ?? null}
            data-testid="proctor-min-risk"
            aria-label="最低风险分"
            onChange={(v) => change({ minRisk: v ?? null })}
          />
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {params.examId && <RetentionCard examId={params.examId} />}
        <Table<Row>
          {...table.tableProps}
          size="middle"
          scroll={{ x: 980 }}
          onRow={(r) => ({ 'data-testid': `proctor-review-row-${r.paperId}` }) as never}
          columns={[
            { title: '姓名', dataIndex: 'realName', width: 90, fixed: 'left' },
            { title: '部门', dataIndex: 'deptName', width: 100, render: (v: string | null) => v ?? '-' },
            { title: '考试', dataIndex: 'examTitle', width: 150, ellipsis: true },
            {
              title: '风险',
              render: (_, r) => (
                <Space size={4} align="start">
                  <RiskTag score={r.risk} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.reasons.join('；')}
                  </Typography.Text>
                </Space>
              ),
            },
            { title: '抓拍数', dataIndex: 'snapshots', width: 70, align: 'center' },
            {
              title: '复核结论',
              width: 90,
              render: (_, r) =>
                r.decision ? <Tag color={DECISION_COLORS[r.decision]}>{r.decisionLabel}</Tag> : <Tag>待复核</Tag>,
            },
            { title: '复核人', dataIndex: 'reviewer', width: 90, render: (v: string | null) => v ?? '-' },
            {
              title: '复核时间',
              dataIndex: 'reviewedAt',
              width: 150,
              render: (v: string | null) => (v ? formatDateTime(v) : '-'),
            },
            {
              title: '操作',
              width: 70,
              fixed: 'right',
              render: (_, r) => (
                <TableActions>
                  {canReview && (
                    <Button type="link" size="small" onClick={() => setOpen(r)} data-testid="proctor-review-open">
                      复核
                    </Button>
                  )}
                </TableActions>
              ),
            },
          ]}
        />
      </Space>
      <TimelineDrawer
        paperId={open?.paperId ?? null}
        realName={open?.realName ?? ''}
        onClose={() => setOpen(null)}
        footer={(t) => (
          <ReviewForm
            key={t.paperId}
            t={t}
            onSaved={() => {
              void qc.invalidateQueries({ queryKey: timelineKey(t.paperId) });
              table.refresh();
              setOpen(null);
            }}
          />
        )}
      />
    </PageContainer>
  );
}
