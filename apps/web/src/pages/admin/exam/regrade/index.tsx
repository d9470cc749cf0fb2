/** 重新评分: correct a question of an exam (score and/or key) and regrade its papers as a background job. */
import { EditOutlined, FileSearchOutlined } from '@ant-design/icons';
import {
  examRegradeJobList,
  examRegradeQuestionList,
  QUESTION_TYPE_LABELS,
  type TRegradeJob,
  type TRegradeQu,
} from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { PageContainer, usePermission } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import ExamPicker from './ExamPicker';
import RegradeModal from './RegradeModal';
import RegradeReport from './RegradeReport';

const JOB_STATE: Record<number, { text: string; color: string }> = {
  0: { text: '排队中', color: 'default' },
  1: { text: '进行中', color: 'processing' },
  2: { text: '已完成', color: 'success' },
  3: { text: '失败', color: 'error' },
};
const plain = (html: string) => html.replace(/<[^>]*>/g, '');

export default function ExamRegradePage() {
  const qc = useQueryClient();
  const canRun = usePermission('exam:regrade:run');
  const [examId, setExamId] = useState<string>();
  const [editing, setEditing] = useState<TRegradeQu | null>(null);
  const [report, setReport] = useState<TRegradeJob | null>(null);
  const jobs = useQuery({
    queryKey: ['regrade-jobs', examId],
    queryFn: () => call(examRegradeJobList, { examId: examId as string }),
    enabled: Boolean(examId),
    // Poll while a job runs (progress comes from the job row).
    refetchInterval: (q) => ((q.state.data ?? []).some((j) => j.state < 2) ? 1000 : false),
  });
  const running = (jobs.data ?? []).find((j) => j.state < 2);
  // The keys and scores shown change when a job finishes: the count of finished jobs is in the key.
  const finished = (jobs.data ?? []).filter((j) => j.state === 2).length;
  const questions = useQuery({
    queryKey: ['regrade-questions', examId, finished],
    queryFn: () => call(examRegradeQuestionList, { examId: examId as string }),
    enabled: Boolean(examId) && jobs.isSuccess,
  });
  return (
    <PageContainer title="重新评分" search={<ExamPicker value={examId} onChange={setExamId} />}>
      {!examId ? (
        <Alert
          type="info"
          showIcon
          message="请选择考试。题目的答案或分值有误时，可在此更正并对已交卷的答卷重新评分。"
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          {running && (
            <Card size="small" data-testid="regrade-running">
              <Typography.Text>
                正在重新评分：已处理 {running.processed} / {running.total} 份答卷
              </Typography.Text>
              <Progress percent={running.total ? Math.floor((running.processed * 100) / running.total) : 0} />
            </Card>
          )}
          <Table<TRegradeQu>
            size="small"
            rowKey="quId"
            loading={questions.isLoading}
            dataSource={questions.data ?? []}
            pagination={false}
            columns={[
              { title: '题号', dataIndex: 'sort', width: 70, align: 'center' },
              {
                title: '题型',
                dataIndex: 'type',
                width: 90,
                render: (t: number) => <Tag>{QUESTION_TYPE_LABELS[t]}</Tag>,
              },
              {
                title: '题干',
                render: (_, q) => (
                  <Typography.Text ellipsis style={{ maxWidth: 420 }}>
                    {q.parentContent ? `【${plain(q.parentContent).slice(0, 12)}…】` : ''}
                    {plain(q.content)}
                  </Typography.Text>
                ),
              },
              {
                title: '答案',
                width: 180,
                render: (_, q) =>
                  q.keyEdit === 'choice'
                    ? q.options
                        .filter((o) => o.isRight)
                        .map((o) => plain(o.content))
                        .join('、')
                    : q.keyEdit === 'answer'
                      ? '按空更正'
                      : '人工评分/仅分值',
              },
              { title: '分值', dataIndex: 'score', width: 70, align: 'center' },
              { title: '已交答卷', dataIndex: 'paperCount', width: 90, align: 'center' },
              {
                title: '操作',
                width: 110,
                render: (_, q) =>
                  canRun && (
                    <Button
                      type="link"
                      size="small"
                      icon={<EditOutlined />}
                      disabled={Boolean(running)}
                      onClick={() => setEditing(q)}
                    >
                      更正
                    </Button>
                  ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            重新评分记录
          </Typography.Title>
          <Table<TRegradeJob>
            size="small"
            rowKey="id"
            dataSource={jobs.data ?? []}
            pagination={false}
            columns={[
              { title: '时间', dataIndex: 'createdAt', width: 170, render: (v) => formatDateTime(v) },
              { title: '题目', dataIndex: 'quContent', ellipsis: true, render: (v) => plain(v ?? '') },
              { title: '更正人', dataIndex: 'createdByName', width: 110 },
              { title: '原因', dataIndex: 'reason', ellipsis: true },
              {
                title: '进度',
                width: 170,
                render: (_, j) => (
                  <Space>
                    <Tag color={JOB_STATE[j.state]?.color}>{JOB_STATE[j.state]?.text}</Tag>
                    {j.processed}/{j.total}
                  </Space>
                ),
              },
              { title: '成绩变化', width: 150, render: (_, j) => `${j.changed} 份（通过→未通过 ${j.passToFail}）` },
              {
                title: '报告',
                width: 90,
                render: (_, j) => (
                  <Button type="link" size="small" icon={<FileSearchOutlined />} onClick={() => setReport(j)}>
                    查看
                  </Button>
                ),
              },
            ]}
          />
        </Space>
      )}
      {examId && (
        <RegradeModal
          examId={examId}
          qu={editing}
          onClose={() => setEditing(null)}
          onStarted={() => {
            setEditing(null);
            void qc.invalidateQueries({ queryKey: ['regrade-jobs', examId] });
            void qc.invalidateQueries({ queryKey: ['regrade-questions', examId] });
          }}
        />
      )}
      {report && <RegradeReport job={report} onClose={() => setReport(null)} />}
    </PageContainer>
  );
}
