/** The before/after report of one regrade job. */
import {
  EXAM_RESULT_LABELS,
  examRegradeReportPaging,
  PAPER_STATE_LABELS,
  type TRegradeItem,
  type TRegradeJob,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Descriptions, Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { formatDateTime } from '../../../../utils/time';

const result = (passed: boolean) => (
  <Tag color={passed ? 'success' : 'error'}>{EXAM_RESULT_LABELS[passed ? 1 : 0]}</Tag>
);

export default function RegradeReport({ job, onClose }: { job: TRegradeJob; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [only, setOnly] = useState(false);
  const q = useQuery({
    queryKey: ['regrade-report', job.id, page, only],
    queryFn: () =>
      call(examRegradeReportPaging, { current: page, size: 10, params: { jobId: job.id, onlyResultChanged: only } }),
  });
  const certs = (q.data?.records ?? []).some((r) => r.hasCert);
  return (
    <Drawer open width={860} title="重新评分前后对比" onClose={onClose}>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="更正人">{job.createdByName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="时间">{formatDateTime(job.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="分值">
          {job.oldScore === job.newScore ? `${job.newScore} 分（未变）` : `${job.oldScore} 分 → ${job.newScore} 分`}
        </Descriptions.Item>
        <Descriptions.Item label="答案">{job.keyChanged ? '已更正' : '未变'}</Descriptions.Item>
        <Descriptions.Item label="原因" span={2}>
          {job.reason}
        </Descriptions.Item>
        <Descriptions.Item label="处理答卷">{job.processed} 份</Descriptions.Item>
        <Descriptions.Item label="成绩变化">
          {job.changed} 份（通过→未通过 {job.passToFail}，未通过→通过 {job.failToPass}）
        </Descriptions.Item>
      </Descriptions>
      {(job.passToFail > 0 || certs) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="由通过变为未通过的考生，已获得的该考试证书将自动撤销（撤销原因为新成绩）；标有「证书已撤销」的可在证书管理中查看。"
        />
      )}
      <Checkbox
        checked={only}
        onChange={(e) => {
          setOnly(e.target.checked);
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      >
        只看通过状态变化的考生
      </Checkbox>
      <Table<TRegradeItem>
        size="small"
        rowKey="paperId"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '考生', dataIndex: 'realName', render: (v) => v || '-' },
          { title: '部门', dataIndex: 'deptName', render: (v) => v || '-' },
          { title: '该题得分', render: (_, r) => `${r.quBefore} → ${r.quAfter}` },
          { title: '成绩', render: (_, r) => `${r.scoreBefore} → ${r.scoreAfter}` },
          {
            title: '结果',
            render: (_, r) =>
              r.paperState === 1 ? (
                <Tag color="warning">{PAPER_STATE_LABELS[1]}</Tag>
              ) : (
                <>
                  {result(r.passedBefore)} → {result(r.passedAfter)}
                </>
              ),
          },
          { title: '证书', render: (_, r) => (r.hasCert ? <Tag color="orange">证书已撤销</Tag> : '-') },
        ]}
      />
    </Drawer>
  );
}
