/** 阅卷中心: papers awaiting marking (state 1), oldest first; open one to mark it. */
import { HighlightOutlined } from '@ant-design/icons';
import { examExamPaging, PAPER_STATE_LABELS, paperMarkPaging } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import type { TMarkRecord } from '../../../../api/exam';
import { PageContainer, usePermission, useServerTable } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';

type Params = { examId?: string; realName?: string };

export default function ExamMarkPage() {
  const navigate = useNavigate();
  const canMark = usePermission('exam:mark:save');
  const table = useServerTable<TMarkRecord & { id?: string }, Params>(['exam-mark'], (req) =>
    call(paperMarkPaging, req),
  );
  const exams = useQuery({
    queryKey: ['mark-exam-options'],
    queryFn: () => call(examExamPaging, { current: 1, size: 100, params: {} }),
  });
  const params = table.request.params;
  return (
    <PageContainer
      title="阅卷中心"
      search={
        <Space wrap>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部考试"
            style={{ width: 260 }}
            options={(exams.data?.records ?? []).map((e) => ({ value: e.id, label: e.title }))}
            onChange={(examId) => table.search({ ...params, examId })}
          />
          <Input.Search
            allowClear
            placeholder="考生姓名"
            style={{ width: 200 }}
            onSearch={(v) => table.search({ ...params, realName: v.trim() || undefined })}
          />
        </Space>
      }
    >
      <Table
        {...table.tableProps}
        rowKey="paperId"
        columns={[
          { title: '考试名称', dataIndex: 'title', ellipsis: true },
          { title: '考生', dataIndex: 'realName', width: 120, render: (v) => v || '-' },
          { title: '部门', dataIndex: 'deptName', width: 140, render: (v) => v || '-' },
          { title: '交卷时间', dataIndex: 'handTime', width: 170, render: (v) => formatDateTime(v) },
          { title: '客观题得分', dataIndex: 'objScore', width: 110, align: 'center' },
          {
            title: '待评分',
            dataIndex: 'pendingCount',
            width: 90,
            align: 'center',
            render: (v: number) => <Tag color="orange">{v} 题</Tag>,
          },
          { title: '状态', width: 90, render: () => <Tag color="warning">{PAPER_STATE_LABELS[1]}</Tag> },
          {
            title: '操作',
            width: 100,
            render: (_, r) =>
              canMark && (
                <Button
                  type="link"
                  size="small"
                  icon={<HighlightOutlined />}
                  onClick={() => navigate(`/admin/exam/mark/detail/${r.paperId}`)}
                >
                  阅卷
                </Button>
              ),
          },
        ]}
      />
    </PageContainer>
  );
}
