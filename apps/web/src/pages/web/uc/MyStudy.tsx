/** 学习记录: the learner's study time — totals, this year's credit hours, the last 14 days, recent courses. */

import { courseLearnMyStudy } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Progress, Row, Skeleton, Statistic, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../../api/call';
import LoadFailed from '../../../components/LoadFailed';
import { formatStudy } from '../../../utils/study-time';

export default function MyStudy() {
  const navigate = useNavigate();
  const { data, isLoading, isError, error, refetch } = useQuery({
    queryKey: ['my-study'],
    queryFn: () => call(courseLearnMyStudy, {}),
  });
  if (isLoading) return <Skeleton active />;
  if (isError || !data) return <LoadFailed error={error} onRetry={() => void refetch()} />;
  const most = Math.max(60, ...data.days.map((d) => d.seconds));
  return (
    <div data-testid="my-study">
      <Row gutter={[12, 12]}>
        {[
          { title: '累计学习时长', value: formatStudy(data.totalSeconds) },
          { title: '本年学习时长', value: formatStudy(data.yearSeconds) },
          { title: '本年已获学时', value: `${data.yearHours} 学时` },
          { title: '已完成课程', value: `${data.completed} / ${data.courses}` },
        ].map((s) => (
          <Col xs={12} md={6} key={s.title}>
            <Card size="small">
              <Statistic title={s.title} value={s.value} valueStyle={{ fontSize: 18 }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="近 14 天学习时长" style={{ marginTop: 12 }}>
        <div
          role="img"
          aria-label="近14天每日学习时长"
          style={{ display: 'flex', alignItems: 'flex-end', gap: 4, height: 120, paddingTop: 8 }}
        >
          {data.days.map((d) => (
            <div
              key={d.day}
              title={`${d.day}：${formatStudy(d.seconds)}`}
              style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, minWidth: 0 }}
            >
              <div
                data-testid="study-day"
                style={{
                  width: '100%',
                  maxWidth: 24,
                  height: Math.max(2, Math.round((d.seconds / most) * 90)),
                  background: d.seconds > 0 ? '#1677ff' : '#f0f0f0',
                  borderRadius: 3,
                }}
              />
              <span style={{ fontSize: 11, color: '#8c8c8c' }}>{d.day.slice(8)}</span>
            </div>
          ))}
        </div>
      </Card>
      <List
        style={{ marginTop: 12 }}
        header={<strong>最近学习的课程</strong>}
        dataSource={data.recent}
        locale={{ emptyText: <Empty description="还没有学习记录，去课程学习看看吧" /> }}
        renderItem={(c) => (
          <List.Item
            style={{ cursor: 'pointer', minHeight: 44 }}
            onClick={() => navigate(`/web/course/view/${c.courseId}`)}
            extra={c.completedAt ? <Tag color="success">已完成</Tag> : <Tag color="processing">学习中</Tag>}
          >
            <List.Item.Meta
              title={c.title}
              description={
                <span>
                  学习时长 {formatStudy(c.studySeconds)}
                  <Progress percent={c.progress} size="small" style={{ maxWidth: 200, margin: '0 0 0 8px' }} />
                </span>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
