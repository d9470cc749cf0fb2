/**
 * The learner's "points to work on" (需要加强的知识点): the weakest knowledge points by mastery
 * (exam and practice answers, recent ones weighing more, server train/mastery), as a chart, with a
 * way to practise them. On the home page it stays away until there is something to show
 * (`hideEmpty`); in the user centre an empty state says how mastery comes about.
 */
import { trainMasteryMine } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import LoadFailed from '../LoadFailed';

const WeakPointsChart = lazy(() => import('./WeakPointsChart'));
/** At most this many points in the chart (the weakest). */
const SHOWN = 8;

export default function WeakPointsCard({ hideEmpty = false }: { hideEmpty?: boolean }) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['my-mastery'],
    queryFn: () => call(trainMasteryMine, undefined as never, { silent: true }),
  });
  const points = (query.data ?? []).slice(0, SHOWN);
  if (hideEmpty && (query.isLoading || query.isError || points.length === 0)) return null;
  return (
    <Card
      size="small"
      title="需要加强的知识点"
      style={{ marginTop: 16 }}
      data-testid="weak-points"
      extra={
        points.length > 0 && (
          <Button type="link" size="small" onClick={() => navigate('/web/repo')}>
            去练习薄弱点
          </Button>
        )
      }
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : points.length === 0 ? (
        <Empty description="还没有知识点掌握度：参加考试或练习带知识点的题目后，这里会列出需要加强的知识点" />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <WeakPointsChart points={points} />
        </Suspense>
      )}
    </Card>
  );
}
