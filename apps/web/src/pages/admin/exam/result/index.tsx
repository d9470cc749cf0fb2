/** 成绩统计: every exam with participants, attempts, awaiting marking and passed people; open one for details. */
import { BarChartOutlined } from '@ant-design/icons';
import { examResultExamPaging } from '@exam/contracts';
import { Button, Input, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import type { TResultExamRecord } from '../../../../api/exam';
import { PageContainer, useServerTable } from '../../../../components';
import { formatPercent } from '../../../../utils/number';
import { windowText } from '../../../web/index/ExamCard';

export default function ExamResultPage() {
  const navigate = useNavigate();
  const table = useServerTable<TResultExamRecord & { id?: string }, { title?: string }>(['exam-result'], (req) =>
    call(examResultExamPaging, req),
  );
  return (
    <PageContainer
      title="成绩统计"
      search={
        <Input.Search
          allowClear
          placeholder="考试名称"
          style={{ width: 260 }}
          onSearch={(v) => table.search({ title: v.trim() || undefined })}
        />
      }
    >
      <Table
        {...table.tableProps}
        rowKey="examId"
        columns={[
          // the title takes the room the figures leave and wraps: never cut to "全题型体…"
          {
            title: '考试名称',
            dataIndex: 'title',
            render: (v: string) => <span className="exam-list__title">{v}</span>,
          },
          {
            title: '考试时间',
            width: 168,
            render: (_, r) => <span className="exam-list__time">{windowText(r.startTime, r.endTime)}</span>,
          },
          { title: '参考人数', dataIndex: 'participants', width: 88, align: 'center' },
          { title: '答卷数', dataIndex: 'attempts', width: 76, align: 'center' },
          {
            title: '待阅卷',
            dataIndex: 'awaitingMark',
            width: 76,
            align: 'center',
            render: (v: number) => (v ? <Tag color="orange">{v}</Tag> : 0),
          },
          { title: '通过人数', dataIndex: 'passedUsers', width: 88, align: 'center' },
          {
            title: '通过率',
            width: 80,
            align: 'center',
            render: (_, r) => (r.participants ? formatPercent(r.passedUsers / r.participants) : '-'),
          },
          {
            title: '操作',
            width: 110,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                icon={<BarChartOutlined />}
                onClick={() => navigate(`/admin/exam/result/detail/${r.examId}`)}
              >
                查看详情
              </Button>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
