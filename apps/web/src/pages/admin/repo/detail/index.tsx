/** 题库详情: the bank, its counts per type and level and per knowledge point, and its questions. */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { QUESTION_LEVEL_LABELS, QUESTION_TYPE_LABELS, repoRepoDetail, repoRepoListStat } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../../api/call';
import { PageContainer } from '../../../../components';
import { QuestionTable } from '../../../../components/question';
import KnowledgeMatrix from './KnowledgeMatrix';

export default function RepoDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const repo = useQuery({
    queryKey: ['repo-detail', id],
    queryFn: () => call(repoRepoDetail, { id }),
    enabled: Boolean(id),
  });
  const stat = useQuery({
    queryKey: ['repo-stat', id],
    queryFn: async () => (await call(repoRepoListStat, { ids: [id] }))[0],
    enabled: Boolean(id),
  });
  const [version, setVersion] = useState(0);
  const refetch = () => {
    void repo.refetch();
    void stat.refetch();
    setVersion((v) => v + 1);
  };
  const types = Object.keys(QUESTION_TYPE_LABELS);
  const rows = Object.entries(QUESTION_LEVEL_LABELS).map(([level, label]) => ({
    key: level,
    label,
    ...Object.fromEntries(types.map((t) => [t, stat.data?.byTypeLevel[`${t}-${level}`] ?? 0])),
  }));

  return (
    <PageContainer
      title={repo.data ? `题库：${repo.data.title}` : '题库详情'}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/repo/repo')}>
          返回列表
        </Button>
      }
    >
      {repo.isLoading ? (
        <Skeleton active />
      ) : (
        repo.data && (
          <>
            <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="编码">{repo.data.code || '—'}</Descriptions.Item>
              <Descriptions.Item label="分类">{repo.data.categoryTitle || '—'}</Descriptions.Item>
              <Descriptions.Item label="学员练习">
                {repo.data.practiceEnabled ? <Tag color="green">开放</Tag> : <Tag>关闭</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="试题总数">
                <b data-testid="repo-total">{repo.data.quCount}</b>
              </Descriptions.Item>
              <Descriptions.Item label="备注" span={4}>
                {repo.data.remark || '—'}
              </Descriptions.Item>
            </Descriptions>
            <Table
              size="small"
              bordered
              pagination={false}
              style={{ marginBottom: 20 }}
              dataSource={rows}
              columns={[
                { title: '难度 \\ 题型', dataIndex: 'label', width: 100 },
                ...types.map((t) => ({
                  title: QUESTION_TYPE_LABELS[Number(t)],
                  dataIndex: t,
                  align: 'center' as const,
                })),
              ]}
            />
            <KnowledgeMatrix repoId={id} version={version} />
          </>
        )
      )}
      {id && <QuestionTable repoId={id} onChanged={refetch} />}
    </PageContainer>
  );
}
