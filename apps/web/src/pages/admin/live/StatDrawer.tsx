/** 直播统计: online now and peak, sessions and unique viewers, minutes, the absent, the timeline, each learner's minutes, xlsx. */
import {
  LIVE_STATE_LABELS,
  liveStatExport,
  liveStatPaging,
  liveStatSummary,
  type TLiveRecord,
  type TLiveStatRecord,
} from '@exam/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Checkbox, Drawer, Empty, Flex, Skeleton, Statistic, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { call, callDownload } from '../../../api/call';
import { usePermission } from '../../../components';
import { formatDateTime } from '../../../utils/time';
import { type PeopleFilter, PeopleFilters, PeopleTable } from '../shared/PeopleStat';

// ECharts loads only when the drawer draws the timeline.
const TimelineChart = lazy(() => import('./TimelineChart'));

export default function StatDrawer({ room, onClose }: { room: TLiveRecord | null; onClose: () => void }) {
  const canExport = usePermission('live:stat:export');
  const [filter, setFilter] = useState<PeopleFilter & { absent?: boolean }>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const params = { liveId: room?.id ?? '', ...filter };
  const summary = useQuery({
    queryKey: ['live-stat-summary', room?.id],
    queryFn: () => call(liveStatSummary, { liveId: room?.id ?? '' }),
    enabled: Boolean(room),
    refetchInterval: 15_000,
  });
  const list = useQuery({
    queryKey: ['live-stat', params, page],
    queryFn: () => call(liveStatPaging, { ...page, params }),
    enabled: Boolean(room),
    placeholderData: keepPreviousData,
  });
  const s = summary.data;
  return (
    <Drawer
      title={
        <span>
          直播统计：{room?.title ?? ''} {s && <Tag>{LIVE_STATE_LABELS[s.state]}</Tag>}
        </span>
      }
      open={Boolean(room)}
      onClose={onClose}
      size="large"
    >
      <Flex gap={24} wrap style={{ marginBottom: 12 }} data-testid="live-stat-summary">
        <Statistic title="当前在线" value={s?.online ?? 0} />
        <Statistic title="峰值在线" value={s?.peak ?? 0} />
        <Statistic title="观看人数" value={s?.unique ?? 0} />
        <Statistic title="观看人次" value={s?.total ?? 0} />
        <Statistic title="总观看分钟" value={s?.watchMinutes ?? 0} precision={1} />
        <Statistic title="应观看 / 未观看" value={`${s?.audience ?? 0} / ${s?.absent ?? 0}`} />
      </Flex>
      {s && s.timeline.length > 0 ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
          <TimelineChart data={s.timeline} />
        </Suspense>
      ) : (
        <Empty description="暂无观看数据" style={{ margin: '16px 0' }} />
      )}
      <PeopleFilters
        style={{ margin: '12px 0' }}
        onChange={(patch) => setFilter((f) => ({ ...f, ...patch }))}
        onExport={
          canExport ? () => callDownload(liveStatExport, params, `${room?.title ?? '直播'}-直播统计.xlsx`) : undefined
        }
      >
        <Checkbox onChange={(e) => setFilter((f) => ({ ...f, absent: e.target.checked }))}>仅看未观看</Checkbox>
      </PeopleFilters>
      <PeopleTable<TLiveStatRecord>
        query={list}
        page={page}
        onPage={setPage}
        testId="live-stat-table"
        columns={[
          { title: '学员', dataIndex: 'realName', render: (v, r) => v || r.userName },
          { title: '部门', dataIndex: 'deptName', render: (v) => v || '—' },
          { title: '观看分钟', dataIndex: 'watchMinutes', width: 90, render: (v: number) => v.toFixed(1) },
          { title: '进入次数', dataIndex: 'sessions', width: 90 },
          { title: '首次进入', dataIndex: 'firstAt', render: (v) => formatDateTime(v) || <Tag>未观看</Tag> },
        ]}
      />
    </Drawer>
  );
}
