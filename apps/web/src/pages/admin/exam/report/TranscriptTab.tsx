/** 学员成绩单: one learner's exams (attempts, best and last score, result) and the trend of their score rate. */
import { DownloadOutlined } from '@ant-design/icons';
import type { TTranscriptRow } from '@exam/contracts';
import { examReportLearnerList, examReportTranscriptDetail, examReportTranscriptExport } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Select, Space, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { call, callDownload } from '../../../../api/call';
import { LoadFailed, Permission } from '../../../../components';
import { Chart, pct } from './shared';

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

export default function TranscriptTab() {
  const [keyword, setKeyword] = useState('');
  const [userId, setUserId] = useState<string | undefined>();
  const learners = useQuery({
    queryKey: ['report-learners', keyword],
    queryFn: () => call(examReportLearnerList, { keyword }),
  });
  const data = useQuery({
    queryKey: ['report-transcript', userId],
    queryFn: () => call(examReportTranscriptDetail, { userId: userId as string }),
    enabled: Boolean(userId),
  });
  const t = data.data;
  const series = useMemo(() => [{ name: '得分率', data: (t?.rows ?? []).map((r) => r.bestRate) }], [t]);
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          showSearch
          filterOption={false}
          placeholder="输入用户名或姓名选择学员"
          style={{ width: 300 }}
          value={userId}
          onSearch={setKeyword}
          onChange={setUserId}
          loading={learners.isFetching}
          notFoundContent={learners.isFetching ? '搜索中…' : '没有匹配的学员'}
          options={(learners.data ?? []).map((u) => ({
            value: u.id,
            label: `${u.realName}（${u.userName}）${u.deptName ? ` · ${u.deptName}` : ''}`,
          }))}
          data-testid="transcript-learner"
        />
        {t && (
          <Permission tag="exam:report:export">
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                callDownload(examReportTranscriptExport, { userId: t.user.id }, `成绩单-${t.user.realName}.xlsx`)
              }
            >
              导出
            </Button>
          </Permission>
        )}
      </Space>
      {!userId && <Empty description="请选择一名学员查看其成绩单" />}
      {data.isError && <LoadFailed error={data.error} onRetry={() => data.refetch()} />}
      {t && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={6}>
              <Card size="small">
                <Statistic title="学员" value={`${t.user.realName}`} />
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small">
                <Statistic title="参加考试" value={t.exams} suffix="场" />
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small">
                <Statistic title="通过考试" value={t.passedExams} suffix="场" />
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small">
                <Statistic title="平均得分率" value={t.avgRate === null ? '—' : pct(t.avgRate)} />
              </Card>
            </Col>
          </Row>
          {t.rows.length > 1 && (
            <Chart kind="line" testId="transcript-chart" categories={t.rows.map((r) => r.title)} series={series} />
          )}
          <Table<TTranscriptRow>
            style={{ marginTop: 16 }}
            rowKey="examId"
            size="middle"
            dataSource={t.rows}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: '该学员还没有已完成的考试' }}
            columns={[
              { title: '考试名称', dataIndex: 'title', ellipsis: true },
              { title: '考试开始', dataIndex: 'examStart', width: 150, render: time },
              { title: '参考次数', dataIndex: 'tryCount', width: 90, align: 'center' },
              { title: '最高分', dataIndex: 'bestScore', width: 80, align: 'center' },
              { title: '最近得分', dataIndex: 'lastScore', width: 90, align: 'center' },
              {
                title: '总分/及格',
                width: 100,
                align: 'center',
                render: (_, r) => `${r.totalScore} / ${r.passScore}`,
              },
              {
                title: '得分率',
                dataIndex: 'bestRate',
                width: 90,
                align: 'center',
                render: (v: number | null) => (v === null ? '—' : pct(v)),
              },
              {
                title: '结果',
                dataIndex: 'passed',
                width: 80,
                align: 'center',
                render: (v: boolean) => (v ? <Tag color="green">通过</Tag> : <Tag color="red">未通过</Tag>),
              },
              { title: '最近交卷', dataIndex: 'lastTime', width: 150, render: time },
            ]}
          />
        </>
      )}
    </>
  );
}
