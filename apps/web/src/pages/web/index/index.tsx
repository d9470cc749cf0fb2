/** 在线考试 (learner home /web/index): what to do now (TodayPanel), then the exams open to me, with state, attempts left and best score. */
import { BookOutlined, ExceptionOutlined, TrophyOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { EXAM_TIME_STATE_LABELS, OPEN_TYPE_LABELS } from '@exam/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Segmented, Skeleton } from 'antd';
// Input.Search alone: the Input compound brings TextArea, Password and OTP along.
import Search from 'antd/es/input/Search';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { examApi } from '../../../api/exam';
import LoadFailed from '../../../components/LoadFailed';
import { LazyPagination, LazySelect } from '../../../components/lazy-antd';
import WeakPointsCard from '../../../components/mastery/WeakPointsCard';
import { useUserStore } from '../../../stores/user';
import ExamCard from './ExamCard';
import TodayPanel from './TodayPanel';
import '../exam/exam.css';

const STATE_OPTIONS = [
  { label: '全部', value: -1 },
  ...[1, 0, 2].map((v) => ({ label: EXAM_TIME_STATE_LABELS[v], value: v })),
];

export default function WebExamList() {
  const navigate = useNavigate();
  const realName = useUserStore((s) => s.realName || s.userName);
  const liveOn = useUserStore((s) => s.features.live);
  const [title, setTitle] = useState('');
  const [params, setParams] = useState<{ title?: string; timeState?: number; openType?: number }>({});
  const [page, setPage] = useState({ current: 1, size: 12 });
  const query = useQuery({
    queryKey: ['online-exams', params, page],
    // The failure shows in place with a retry (LoadFailed); a toast too made three with the today panel.
    queryFn: () => examApi.onlinePaging({ ...page, params }, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const records = query.data?.records ?? [];
  const update = (patch: typeof params) => {
    setParams((p) => ({ ...p, ...patch }));
    setPage((p) => ({ ...p, current: 1 }));
  };

  return (
    <div>
      <div className="exam-hero">
        <div>
          <h2>在线考试</h2>
          <p>{realName ? `${realName}，` : ''}欢迎参加考试。请在考试时间内进入，并保持网络畅通。</p>
        </div>
        <div style={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
          <Button ghost icon={<TrophyOutlined />} onClick={() => navigate('/web/paper')}>
            我的成绩
          </Button>
          <Button ghost icon={<ExceptionOutlined />} onClick={() => navigate('/web/book')}>
            错题本
          </Button>
          <Button ghost onClick={() => navigate('/web/exam/debug')}>
            设备调试
          </Button>
          <Button ghost icon={<BookOutlined />} onClick={() => navigate('/web/repo')}>
            题库训练
          </Button>
          {liveOn && (
            <Button ghost icon={<VideoCameraOutlined />} onClick={() => navigate('/web/live')}>
              直播课堂
            </Button>
          )}
        </div>
      </div>
      <TodayPanel />
      <WeakPointsCard hideEmpty />
      <Card className="page-card" variant="borderless" style={{ marginTop: 16 }}>
        <div className="exam-filter">
          <Search
            allowClear
            placeholder="搜索考试名称"
            style={{ width: 260 }}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onSearch={(v) => update({ title: v.trim() || undefined })}
          />
          <Segmented
            options={STATE_OPTIONS}
            value={params.timeState ?? -1}
            onChange={(v) => update({ timeState: v === -1 ? undefined : (v as number) })}
          />
          <LazySelect
            allowClear
            placeholder="开放类型"
            style={{ width: 140 }}
            value={params.openType}
            onChange={(v) => update({ openType: v })}
            options={Object.entries(OPEN_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }))}
          />
        </div>
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} title="考试列表加载失败" />
        ) : records.length === 0 ? (
          <Empty description="暂无可参加的考试" style={{ padding: '48px 0' }} />
        ) : (
          <Row gutter={[16, 16]}>
            {records.map((exam) => (
              <Col key={exam.id} xs={24} sm={12} lg={8}>
                <ExamCard exam={exam} />
              </Col>
            ))}
          </Row>
        )}
        {(query.data?.total ?? 0) > page.size && (
          <LazyPagination
            style={{ marginTop: 20, textAlign: 'right' }}
            current={page.current}
            pageSize={page.size}
            total={query.data?.total}
            showTotal={(t) => `共 ${t} 场考试`}
            onChange={(current, size) => setPage({ current, size })}
          />
        )}
      </Card>
    </div>
  );
}
