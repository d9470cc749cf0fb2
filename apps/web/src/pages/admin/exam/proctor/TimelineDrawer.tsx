/**
 * 监考时间线: one learner's risk score with its reasons, the review if any, and the timeline oldest
 * first (snapshots as thumbnails, flags as tags, 机位 主/第二, whether the server re-checked it).
 * Shared by the invigilation console (with the invigilator's actions) and the review queue (with the
 * review form). Every opening is logged by the server as a view of the learner's snapshots.
 */
import { CheckCircleOutlined } from '@ant-design/icons';
import { examProctorTimeline, type TProctorTimeline, type TTimelineItem } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, Space, Spin, Tag, Timeline, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { call } from '../../../../api/call';
import { errorText } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import { RiskTag } from './RiskTag';
import { FLAG_COLORS, flagLabel, itemText, oldestFirst } from './risk';
import SnapshotThumb from './SnapshotThumb';
import './proctor.css';

export const timelineKey = (paperId: string | null) => ['proctor-timeline', paperId];

const DOT: Record<TTimelineItem['kind'], string> = { snapshot: 'blue', flag: 'red', door: 'green', action: 'gray' };

function ItemContent({ item }: { item: TTimelineItem }) {
  return (
    <div data-testid="proctor-item">
      <div className="proctor__item-head">
        <Typography.Text type="secondary">{formatDateTime(item.at)}</Typography.Text>
        {item.kind === 'flag' && item.flag ? (
          <Tag color={FLAG_COLORS[item.flag]}>{flagLabel(item.flag)}</Tag>
        ) : (
          <span>{itemText(item)}</span>
        )}
        {item.flag && item.kind !== 'flag' && <Tag color={FLAG_COLORS[item.flag]}>{flagLabel(item.flag)}</Tag>}
        {item.source && <Tag>{item.source === 'second' ? '机位：第二' : '机位：主'}</Tag>}
        {item.serverChecked && (
          <Tooltip title="服务器已用自己的人脸引擎复核此项">
            <Tag icon={<CheckCircleOutlined />} color="success">
              服务器复核
            </Tag>
          </Tooltip>
        )}
      </div>
      {(item.faces !== null || item.similarity !== null || item.detail) && (
        <div className="proctor__item-detail">
          {[
            item.faces !== null ? `人脸数 ${item.faces}` : null,
            item.similarity !== null ? `相似度 ${Math.round(item.similarity * 100)}%` : null,
            item.detail,
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
      )}
      {item.snapshotId && <SnapshotThumb snapshotId={item.snapshotId} />}
    </div>
  );
}

export function TimelineBody({ t }: { t: TProctorTimeline }) {
  const items = oldestFirst(t.items);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="风险分">
          <Space>
            <RiskTag score={t.risk.score} />
            {t.paused && <Tag color="red">已暂停作答</Tag>}
            {t.secondCameraLost && <Tag color="gold">第二机位断开</Tag>}
          </Space>
          {t.risk.reasons.length > 0 && (
            <ul className="proctor__reasons" data-testid="proctor-reasons">
              {t.risk.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </Descriptions.Item>
        {t.review && (
          <Descriptions.Item label="复核结论">
            <Space wrap>
              <Tag color={t.review.decision === 3 ? 'red' : t.review.decision === 2 ? 'orange' : 'green'}>
                {t.review.decisionLabel}
              </Tag>
              <span>
                {t.review.reviewer} · {formatDateTime(t.review.at)}
              </span>
            </Space>
            <div className="proctor__item-detail">{t.review.reason}</div>
          </Descriptions.Item>
        )}
      </Descriptions>
      {items.length ? (
        <Timeline
          data-testid="proctor-timeline"
          items={items.map((item) => ({
            key: item.id,
            color: item.flag ? 'red' : DOT[item.kind],
            content: <ItemContent item={item} />,
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无监考记录" />
      )}
    </Space>
  );
}

export default function TimelineDrawer(props: {
  paperId: string | null;
  realName: string;
  onClose: () => void;
  /** Buttons in the drawer's header (the console's 警告, 暂停, 作废). */
  actions?: (t: TProctorTimeline) => ReactNode;
  /** Below the timeline (the review queue's form). */
  footer?: (t: TProctorTimeline) => ReactNode;
}) {
  const { paperId, realName, onClose, actions, footer } = props;
  const q = useQuery({
    queryKey: timelineKey(paperId),
    queryFn: () => call(examProctorTimeline, { paperId: paperId as string }, { silent: true }),
    enabled: Boolean(paperId),
    gcTime: 0,
  });
  const t = q.data;
  return (
    <Drawer
      open={Boolean(paperId)}
      onClose={onClose}
      size={680}
      title={`监考时间线 - ${t?.realName ?? realName}`}
      extra={t && actions ? <Space wrap>{actions(t)}</Space> : undefined}
      footer={t && footer ? footer(t) : undefined}
      destroyOnHidden
      data-testid="proctor-drawer"
    >
      {q.isLoading && <Spin style={{ display: 'block', margin: 40 }} />}
      {q.isError && <Alert type="error" showIcon title={errorText(q.error)} />}
      {t && <TimelineBody t={t} />}
    </Drawer>
  );
}
