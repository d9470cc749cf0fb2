/** 考试记录 (/web/paper/list/:examId/:userId): every attempt of one exam. */
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TPaperRecord } from '@exam/contracts';
import { paperPaperRecordPaging } from '@exam/contracts';
import { Button, Card, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../../api/call';
import { paperOutcomeColumns, useServerTable } from '../../../../components';
import LearnerTable from '../../../../components/LearnerTable';
import { formatDateTime } from '../../../../utils/time';
import { usedText } from '../../exam/format';

export default function WebPaperList() {
  const { examId = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const table = useServerTable<TPaperRecord, { examId: string; userId?: string }>(
    ['paper-records', examId, userId],
    (req) => call(paperPaperRecordPaging, req),
    { initialParams: { examId, userId: userId || undefined } },
  );
  const title = table.records[0]?.title;
  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} />
          {title ? `考试记录：${title}` : '考试记录'}
        </Space>
      }
      extra={<Button onClick={() => navigate(`/web/book/list/${examId}`)}>本场错题</Button>}
    >
      <LearnerTable
        scroll={{ x: 'max-content' }} // wide screens; a phone gets cards
        {...table.tableProps}
        columns={[
          {
            title: '#',
            width: 60,
            card: 'hide',
            render: (_, __, i) => (table.request.current - 1) * table.request.size + i + 1,
          },
          { title: '开始时间', dataIndex: 'startTime', card: 'title', render: (v) => formatDateTime(v) },
          { title: '交卷时间', dataIndex: 'handTime', render: (v) => formatDateTime(v) || '—' },
          { title: '用时', dataIndex: 'usedSeconds', render: (v: number) => usedText(v) },
          ...paperOutcomeColumns('—', '考试结果'),
          {
            title: '操作',
            card: 'actions',
            width: 100,
            render: (_, r) =>
              r.state === 0 ? (
                <Button type="link" size="small" onClick={() => navigate(`/web/exam/start/${r.id}`)}>
                  继续考试
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => navigate(`/web/exam/result/${r.id}`)}>
                  查看
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
