/** 我的成绩 (/web/paper): one row per exam I sat, best and last score, with links to attempts and wrong answers. */
import { MY_EXAM_STATUS_LABELS, paperPaperMyPaging, type TMyExamStatus } from '@exam/contracts';
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../../api/call';
import type { TMyExamRecord } from '../../../api/exam';
import { useServerTable } from '../../../components';
import LearnerTable from '../../../components/LearnerTable';
import { useUserStore } from '../../../stores/user';
import { formatDateTime } from '../../../utils/time';

type Params = { title?: string; status?: TMyExamStatus };

const STATUS_COLOR: Record<TMyExamStatus, string> = {
  passed: 'success',
  failed: 'error',
  pending: 'processing',
  abandoned: 'default',
  voided: 'warning',
  inExam: 'blue',
};

export default function WebPaper() {
  const navigate = useNavigate();
  const userId = useUserStore((s) => s.userId);
  const table = useServerTable<TMyExamRecord & { id?: string }, Params>(['my-papers'], (req) =>
    call(paperPaperMyPaging, req),
  );
  const params = table.request.params;
  return (
    <Card className="page-card" variant="borderless" title="我的成绩">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="考试名称"
          style={{ width: 240 }}
          onSearch={(v) => table.search({ ...params, title: v.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder="考试结果"
          style={{ width: 140 }}
          options={Object.entries(MY_EXAM_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(v?: TMyExamStatus) => table.search({ ...params, status: v })}
        />
      </Space>
      <LearnerTable
        scroll={{ x: 'max-content' }} // wide screens; a phone gets cards
        {...table.tableProps}
        rowKey="examId"
        columns={[
          { title: '考试名称', dataIndex: 'title' },
          { title: '考试次数', dataIndex: 'tryCount', width: 100, align: 'center' },
          { title: '最高分', dataIndex: 'bestScore', width: 100, align: 'center', render: (v) => v ?? '—' },
          { title: '最近得分', dataIndex: 'lastScore', width: 100, align: 'center', render: (v) => v ?? '—' },
          { title: '总分/及格', width: 110, align: 'center', render: (_, r) => `${r.totalScore} / ${r.passScore}` },
          {
            title: '考试结果',
            dataIndex: 'status',
            width: 100,
            align: 'center',
            render: (v: TMyExamStatus) => (
              <Tag color={STATUS_COLOR[v]} data-testid="my-exam-status">
                {MY_EXAM_STATUS_LABELS[v]}
              </Tag>
            ),
          },
          { title: '最近交卷', dataIndex: 'lastTime', width: 180, render: (v) => formatDateTime(v) || '—' },
          {
            title: '操作',
            card: 'actions',
            width: 230,
            render: (_, r) => (
              <Space size={0}>
                {r.lastPaperId && (
                  <Button type="link" size="small" onClick={() => navigate(`/web/exam/result/${r.lastPaperId}`)}>
                    查看成绩
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => navigate(`/web/paper/list/${r.examId}/${userId}`)}>
                  考试记录
                </Button>
                <Button type="link" size="small" onClick={() => navigate(`/web/book/list/${r.examId}`)}>
                  错题
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
