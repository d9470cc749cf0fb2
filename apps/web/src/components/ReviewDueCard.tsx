/**
 * "今日待复习 N 题" with a one-click review session (spaced review of the wrong-answer book).
 * Shown on the learner home and on the practice page.
 */
import { ScheduleOutlined } from '@ant-design/icons';
import { trainReviewStat } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../api/call';
import { formatTime } from '../utils/date-format';
import { errorText } from './LoadFailed';
import { Text } from './text';

/** The training route of a review session. */
export const REVIEW_ROUTE = '/web/repo/training/review/7';

export default function ReviewDueCard() {
  const navigate = useNavigate();
  const stat = useQuery({
    queryKey: ['train-review-stat'],
    queryFn: () => call(trainReviewStat, {}, { silent: true }),
  });
  const due = stat.data?.due ?? 0;
  const open = stat.data?.openTrainId;
  let hint = '错题会在 1、2、4、7、15 天后安排复习，答错则从头开始。';
  if (!due && stat.data?.nextDueAt) hint = `下一次复习：${formatTime(stat.data.nextDueAt, 'M月D日 HH:mm')}`;
  if (!due && !stat.data?.inBook) hint = '错题本是空的，继续保持！';
  if (stat.isError)
    return (
      <Card size="small" className="review-due-card" data-testid="review-due-card" style={{ marginBottom: 16 }}>
        <Flex align="center" justify="space-between" gap={16} wrap>
          <Text type="danger" data-testid="review-due-failed">
            今日待复习加载失败：{errorText(stat.error)}
          </Text>
          <Button onClick={() => void stat.refetch()}>重试</Button>
        </Flex>
      </Card>
    );
  return (
    <Card size="small" className="review-due-card" data-testid="review-due-card" style={{ marginBottom: 16 }}>
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Flex align="center" gap={12}>
          <ScheduleOutlined style={{ fontSize: 28, color: due ? '#fa8c16' : '#52c41a' }} />
          <div>
            <Text strong style={{ fontSize: 16 }} data-testid="review-due-text">
              今日待复习 {due} 题
            </Text>
            <div>
              <Text type="secondary">
                {hint}
                {stat.data?.inBook ? `（错题本共 ${stat.data.inBook} 题）` : ''}
              </Text>
            </div>
          </div>
        </Flex>
        <Button
          type="primary"
          disabled={!due && !open}
          onClick={() => navigate(REVIEW_ROUTE)}
          data-testid="review-start"
        >
          {open ? '继续复习' : '开始复习'}
        </Button>
      </Flex>
    </Card>
  );
}
