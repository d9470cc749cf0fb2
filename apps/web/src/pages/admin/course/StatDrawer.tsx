/** 学习进度: the audience's progress with department and name filters, the completion rate, a department summary, xlsx export. */
import type { TCourseRecord, TCourseStatRecord } from '@exam/contracts';
import { courseStatExport, courseStatPaging, courseStatSummary } from '@exam/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Progress, Statistic, Table } from 'antd';
import { useState } from 'react';
import { call, callDownload } from '../../../api/call';
import { usePermission } from '../../../components';
import { formatStudy } from '../../../utils/study-time';
import { formatDateTime } from '../../../utils/time';
import { type PeopleFilter, PeopleFilters, PeopleTable } from '../shared/PeopleStat';

export default function StatDrawer({ course, onClose }: { course: TCourseRecord | null; onClose: () => void }) {
  const canExport = usePermission('course:stat:export');
  const [filter, setFilter] = useState<PeopleFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const params = { courseId: course?.id ?? '', ...filter };
  const list = useQuery({
    queryKey: ['course-stat', params, page],
    queryFn: () => call(courseStatPaging, { ...page, params }),
    enabled: Boolean(course),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery({
    queryKey: ['course-stat-summary', params],
    queryFn: () => call(courseStatSummary, params),
    enabled: Boolean(course),
  });
  return (
    <Drawer title={`学习进度：${course?.title ?? ''}`} open={Boolean(course)} onClose={onClose} size="large">
      <Flex gap={24} wrap style={{ marginBottom: 12 }}>
        <Statistic title="学习范围人数" value={summary.data?.audience ?? 0} />
        <Statistic title="已完成" value={summary.data?.completed ?? 0} />
        <Statistic title="完成率" value={summary.data?.rate ?? 0} suffix="%" />
      </Flex>
      <Table
        size="small"
        rowKey={(d) => d.deptName ?? '-'}
        pagination={false}
        dataSource={summary.data?.depts ?? []}
        style={{ marginBottom: 16 }}
        columns={[
          { title: '部门', dataIndex: 'deptName', render: (v) => v || '—' },
          { title: '人数', dataIndex: 'learners', width: 80 },
          { title: '完成', dataIndex: 'completed', width: 80 },
        ]}
      />
      <PeopleFilters
        style={{ marginBottom: 12 }}
        onChange={(patch) => setFilter((f) => ({ ...f, ...patch }))}
        onExport={
          canExport
            ? () => callDownload(courseStatExport, params, `${course?.title ?? '课程'}-学习进度.xlsx`)
            : undefined
        }
      />
      <PeopleTable<TCourseStatRecord>
        query={list}
        page={page}
        onPage={setPage}
        columns={[
          { title: '学员', dataIndex: 'realName', render: (v, r) => v || r.userName },
          { title: '部门', dataIndex: 'deptName', render: (v) => v || '—' },
          {
            title: '进度',
            dataIndex: 'progress',
            width: 140,
            render: (v: number) => <Progress percent={v} size="small" />,
          },
          { title: '学习时长', dataIndex: 'studySeconds', render: (v: number) => formatStudy(v) },
          { title: '完成时间', dataIndex: 'completedAt', render: (v) => formatDateTime(v) || '—' },
        ]}
      />
    </Drawer>
  );
}
