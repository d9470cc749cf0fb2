/**
 * 知识点掌握度 (administrator): mean mastery per department and knowledge point over the learners of
 * the administrator's data scope, as a heat map; a point with sub-points opens them (a cell click or
 * the list below), the path leads back; 导出 writes the current level to xlsx (logged on the server).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { trainMasteryDeptStat, trainMasteryExport } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Empty, Skeleton, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { call, callDownload } from '../../../../api/call';
import { PageContainer, Permission } from '../../../../components';
import LoadFailed from '../../../../components/LoadFailed';

const HeatmapChart = lazy(() => import('./HeatmapChart'));

const crumb = (title: string, onClick: () => void) => (
  <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={onClick}>
    {title}
  </Button>
);

export default function TrainMasteryPage() {
  const [trail, setTrail] = useState<{ id: string; title: string }[]>([]);
  const parentId = trail.at(-1)?.id ?? null;
  const query = useQuery({
    queryKey: ['mastery-dept-stat', parentId],
    queryFn: () => call(trainMasteryDeptStat, { parentId }),
  });
  const open = (id: string) => {
    const p = query.data?.points.find((x) => x.id === id);
    if (p) setTrail((t) => [...t, { id: p.id, title: p.title }]);
  };
  const map = query.data;
  return (
    <PageContainer
      title="知识点掌握度"
      extra={
        <Permission tag="train:mastery:export">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => callDownload(trainMasteryExport, { parentId }, '知识点掌握度.xlsx')}
          >
            导出
          </Button>
        </Permission>
      }
    >
      <Card variant="borderless">
        <Breadcrumb
          style={{ marginBottom: 12 }}
          items={[
            { title: crumb('全部知识点', () => setTrail([])) },
            ...trail.map((t, i) => ({ title: crumb(t.title, () => setTrail((x) => x.slice(0, i + 1))) })),
          ]}
        />
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : query.isError || !map ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : map.cells.length === 0 ? (
          <Empty description="暂无掌握度数据：学员参加考试或练习带知识点的题目后显示" />
        ) : (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <HeatmapChart map={map} onOpen={open} />
          </Suspense>
        )}
        {map?.points.some((p) => p.hasChildren) && (
          <Space wrap style={{ marginTop: 12 }}>
            <span>查看下级知识点：</span>
            {map.points
              .filter((p) => p.hasChildren)
              .map((p) => (
                <Tag.CheckableTag key={p.id} checked={false} onChange={() => open(p.id)}>
                  {p.title}
                </Tag.CheckableTag>
              ))}
          </Space>
        )}
      </Card>
    </PageContainer>
  );
}
