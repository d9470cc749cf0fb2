/** 课程学习 (/web/course): my courses (in progress, completed, all open to me), categories, search, credit hours this year. */
import { ReadOutlined } from '@ant-design/icons';
import type { TMyCourse } from '@exam/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Input, Pagination, Progress, Segmented, Spin, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import LoadFailed from '../../../components/LoadFailed';
import MediaCard from '../../../components/MediaCard';
import { useUserStore } from '../../../stores/user';
import './course.css';

type MyCourseParams = PageParams<typeof courseLearnMyPaging>;

import { courseCategoryTree, courseLearnMyPaging } from '@exam/contracts';
import { call, type PageParams } from '../../../api/call';

type Filter = 'all' | 'doing' | 'done';
const STATUS: Record<Filter, number | null> = { all: null, doing: 1, done: 2 };

function CourseCard({ c, onOpen }: { c: TMyCourse; onOpen: () => void }) {
  return (
    <MediaCard title={c.title} cover={c.cover} testId={`course-card-${c.id}`} onOpen={onOpen}>
      <Flex gap={4} wrap style={{ margin: '6px 0' }}>
        <Tag color={c.required ? 'red' : 'default'}>{c.required ? '必修' : '选修'}</Tag>
        {c.categoryName && <Tag>{c.categoryName}</Tag>}
        <Tag color="blue">{c.hours} 学时</Tag>
      </Flex>
      {c.lecturer && <Typography.Text type="secondary">讲师：{c.lecturer}</Typography.Text>}
      <Progress percent={c.progress} size="small" status={c.completedAt ? 'success' : 'active'} />
    </MediaCard>
  );
}

export default function WebCourse() {
  const navigate = useNavigate();
  const liveOn = useUserStore((s) => s.features.live);
  const [filter, setFilter] = useState<Filter>('all');
  const [params, setParams] = useState<MyCourseParams>({});
  const [page, setPage] = useState({ current: 1, size: 12 });
  const categories = useQuery({ queryKey: ['course-categories'], queryFn: () => call(courseCategoryTree, {}) });
  const query = useQuery({
    queryKey: ['my-courses', filter, params, page],
    queryFn: () => call(courseLearnMyPaging, { ...page, params: { ...params, status: STATUS[filter] } }),
    placeholderData: keepPreviousData,
  });
  const update = (patch: MyCourseParams) => {
    setParams((p) => ({ ...p, ...patch }));
    setPage((p) => ({ ...p, current: 1 }));
  };
  const records = query.data?.records ?? [];

  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <span>
          <ReadOutlined /> 课程学习
        </span>
      }
      extra={
        <Flex gap={12} align="center" wrap>
          {liveOn && (
            <Link to="/web/live" data-testid="to-live">
              直播课堂
            </Link>
          )}
          <span data-testid="year-hours">本年已获学时：{query.data?.yearHours ?? 0}</span>
        </Flex>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented<Filter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { label: '全部课程', value: 'all' },
            { label: '学习中', value: 'doing' },
            { label: '已完成', value: 'done' },
          ]}
        />
        <TreeSelect
          allowClear
          placeholder="课程分类"
          style={{ minWidth: 160 }}
          treeData={categories.data ?? []}
          fieldNames={{ label: 'name', value: 'id', children: 'children' }}
          onChange={(v) => update({ categoryId: (v as string | undefined) ?? null })}
        />
        <Input.Search
          allowClear
          placeholder="搜索课程"
          style={{ maxWidth: 240 }}
          onSearch={(v) => update({ title: v.trim() || null })}
        />
      </Flex>
      <Spin spinning={query.isFetching}>
        {query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : records.length === 0 ? (
          <Empty description="暂无课程" />
        ) : (
          <div className="card-grid">
            {records.map((c) => (
              <CourseCard key={c.id} c={c} onOpen={() => navigate(`/web/course/view/${c.id}`)} />
            ))}
          </div>
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        size="small"
        hideOnSinglePage
        current={page.current}
        pageSize={page.size}
        total={query.data?.total ?? 0}
        onChange={(current, size) => setPage({ current, size })}
      />
    </Card>
  );
}
