/** Tabs of the exam result page: participants, attempts and per-question statistics. */
import {
  EXAM_RESULT_LABELS,
  examResultPaperPaging,
  examResultQuStat,
  examResultUserPaging,
  PAPER_STATE_LABELS,
  QUESTION_TYPE_LABELS,
  type TPaperRecord,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Progress, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../../../../api/call';
import type { TParticipant } from '../../../../../api/exam';
import { paperOutcomeColumns, useServerTable } from '../../../../../components';
import QuestionLine from '../../../../../components/question/QuestionLine';
import { formatDateTime } from '../../../../../utils/time';
import { usedText } from '../../../../web/exam/format';

export function Participants({ examId, onAttempts }: { examId: string; onAttempts: (userId: string) => void }) {
  const table = useServerTable<
    TParticipant & { id?: string },
    { examId: string; realName?: string; passed?: boolean | null }
  >(['result-users', examId], (req) => call(examResultUserPaging, req), { initialParams: { examId } });
  const params = table.request.params;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="姓名"
          style={{ width: 200 }}
          onSearch={(v) => table.search({ ...params, realName: v.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder="考试结果"
          style={{ width: 130 }}
          options={[
            { value: 1, label: EXAM_RESULT_LABELS[1] },
            { value: 0, label: EXAM_RESULT_LABELS[0] },
          ]}
          onChange={(v) => table.search({ ...params, passed: v === undefined ? null : v === 1 })}
        />
      </Space>
      <Table
        {...table.tableProps}
        rowKey="userId"
        size="middle"
        columns={[
          { title: '姓名', dataIndex: 'realName', render: (v, r) => v || r.userName },
          { title: '用户名', dataIndex: 'userName' },
          { title: '部门', dataIndex: 'deptName', render: (v) => v || '-' },
          { title: '考试次数', dataIndex: 'tryCount', align: 'center' },
          { title: '最高分', dataIndex: 'bestScore', align: 'center', render: (v) => v ?? '-' },
          { title: '最近得分', dataIndex: 'lastScore', align: 'center', render: (v) => v ?? '-' },
          {
            title: '考试结果',
            dataIndex: 'passed',
            align: 'center',
            render: (v: boolean, r) => (
              <Tag color={v ? 'success' : 'error'}>{r.resultLabel || EXAM_RESULT_LABELS[v ? 1 : 0]}</Tag>
            ),
          },
          { title: '最近交卷', dataIndex: 'lastTime', render: (v) => formatDateTime(v) || '-' },
          {
            title: '操作',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => onAttempts(r.userId)}>
                答卷记录
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

export function Attempts({
  examId,
  userId,
  onUser,
}: {
  examId: string;
  userId?: string;
  onUser: (id?: string) => void;
}) {
  const navigate = useNavigate();
  const table = useServerTable<TPaperRecord, { examId: string; userId?: string; state?: number | null }>(
    ['result-papers', examId, userId],
    (req) => call(examResultPaperPaging, req),
    { initialParams: { examId, userId } },
  );
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="试卷状态"
          style={{ width: 130 }}
          options={Object.entries(PAPER_STATE_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
          onChange={(state) => table.search({ examId, userId, state })}
        />
        {userId && (
          <Tag closable onClose={() => onUser(undefined)} color="blue">
            仅看：{table.records[0]?.realName ?? '该考生'}
          </Tag>
        )}
      </Space>
      <Table
        {...table.tableProps}
        size="middle"
        columns={[
          { title: '姓名', dataIndex: 'realName', render: (v, r) => v || r.userName },
          { title: '部门', dataIndex: 'deptName', render: (v) => v || '-' },
          { title: '开始时间', dataIndex: 'startTime', render: (v) => formatDateTime(v) },
          { title: '用时', dataIndex: 'usedSeconds', render: (v: number) => usedText(v) },
          ...paperOutcomeColumns('-'),
          {
            title: '操作',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => navigate(`/admin/exam/result/paper/${r.id}`)}>
                查看答卷
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

export function QuStats({ examId }: { examId: string }) {
  const q = useQuery({ queryKey: ['result-qu-stat', examId], queryFn: () => call(examResultQuStat, { examId }) });
  return (
    <Table
      rowKey="quId"
      size="middle"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 题` }}
      columns={[
        { title: '#', width: 50, render: (_, __, i) => i + 1 },
        {
          title: '题型',
          dataIndex: 'type',
          width: 90,
          render: (v: number) => <Tag color="blue">{QUESTION_TYPE_LABELS[v]}</Tag>,
        },
        { title: '题目', dataIndex: 'content', ellipsis: true, render: (v: string) => <QuestionLine html={v} /> },
        { title: '分值', dataIndex: 'score', width: 70, align: 'center' },
        { title: '作答人次', dataIndex: 'answered', width: 90, align: 'center' },
        {
          title: '正确率',
          dataIndex: 'correctRate',
          width: 150,
          sorter: (a, b) => a.correctRate - b.correctRate,
          render: (v: number) => (
            <Progress percent={Math.round(v * 100)} size="small" status={v < 0.4 ? 'exception' : 'normal'} />
          ),
        },
        { title: '平均得分', dataIndex: 'avgScore', width: 90, align: 'center' },
        {
          title: <Tooltip title="1 - 平均得分率，越大越难">难度</Tooltip>,
          dataIndex: 'difficulty',
          width: 80,
          align: 'center',
          sorter: (a, b) => a.difficulty - b.difficulty,
          render: (v: number) => v.toFixed(2),
        },
        {
          title: (
            <Tooltip title="高分组(前27%)正确率 - 低分组(后27%)正确率；≥0.4 优，0.3-0.4 良，0.2-0.3 一般，<0.2 差">
              区分度
            </Tooltip>
          ),
          dataIndex: 'discrimination',
          width: 100,
          align: 'center',
          render: (v: number | null) =>
            v === null ? '-' : <Tag color={v >= 0.4 ? 'success' : v >= 0.2 ? 'warning' : 'error'}>{v.toFixed(2)}</Tag>,
        },
      ]}
      footer={() => (
        <span style={{ color: '#8c8c8c' }}>
          正确率 = 答对人次 / 作答人次；难度 = 1 − 平均得分率；区分度 = 高分组（前27%）正确率 − 低分组（后27%）正确率
        </span>
      )}
    />
  );
}
