/** 考试错题 (/web/book/list/:examId): the wrong answers of one exam, to review and redo. */
import { ArrowLeftOutlined, DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { bookDelete, bookPaging, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { Button, Card, Popconfirm, Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { TBookRecord } from '../../../../api/exam';
import { useServerTable } from '../../../../components';
import LearnerTable from '../../../../components/LearnerTable';
import { formatDateTime } from '../../../../utils/time';
import '../../exam/exam.css';
import '../../exam/start/room.css';
import { call } from '../../../../api/call';
import QuestionLine from '../../../../components/question/QuestionLine';
import BookRules from '../BookRules';
import RedoPanel, { EmptyBook } from './RedoPanel';

export default function WebBookList() {
  const { examId = '' } = useParams();
  const navigate = useNavigate();
  const [redo, setRedo] = useState(false);
  const redoFilter = useMemo(() => ({ examId }), [examId]);
  const table = useServerTable<TBookRecord, { examId: string; quType?: number | null }>(
    ['book', examId],
    (req) => call(bookPaging, req),
    { initialParams: { examId } },
  );
  if (redo)
    return (
      <RedoPanel
        filter={redoFilter}
        onClose={() => {
          setRedo(false);
          table.refresh();
        }}
      />
    );
  const title = table.records[0]?.examTitle;
  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} />
          {title ? `考试错题：${title}` : '考试错题'}
        </Space>
      }
      extra={
        <Space>
          <Select
            allowClear
            placeholder="题型"
            style={{ width: 120 }}
            options={Object.entries(QUESTION_TYPE_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
            onChange={(v) => table.search({ examId, quType: v })}
          />
          <Button type="primary" icon={<RedoOutlined />} disabled={table.total === 0} onClick={() => setRedo(true)}>
            开始重做
          </Button>
        </Space>
      }
    >
      <BookRules />
      <LearnerTable
        scroll={{ x: 'max-content' }} // wide screens; a phone gets cards
        {...table.tableProps}
        locale={table.tableProps.locale ?? { emptyText: <EmptyBook /> }}
        columns={[
          {
            title: '题型',
            dataIndex: 'type',
            width: 90,
            render: (v: number) => <Tag color="blue">{QUESTION_TYPE_LABELS[v]}</Tag>,
          },
          {
            title: '题目',
            dataIndex: 'content',
            ellipsis: true,
            card: 'title',
            render: (v: string) => <QuestionLine html={v} />,
          },
          { title: '错误次数', dataIndex: 'wrongCount', width: 90, align: 'center' },
          { title: '连续答对', dataIndex: 'rightStreak', width: 90, align: 'center' },
          { title: '最近答错', dataIndex: 'lastWrongAt', width: 170, render: (v) => formatDateTime(v) },
          { title: '下次复习', dataIndex: 'nextReviewAt', width: 170, render: (v) => formatDateTime(v) || '—' },
          {
            title: '操作',
            card: 'actions',
            width: 90,
            render: (_, r) => (
              <Popconfirm
                title="确定将该题移出错题本吗？"
                onConfirm={async () => {
                  await call(bookDelete, { ids: [r.id] });
                  table.refresh();
                }}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  移出
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
