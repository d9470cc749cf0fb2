/** 练习统计 (admin/train/stat): practice per bank and per learner — sessions, answers, accuracy; exportable. */
import { DownloadOutlined } from '@ant-design/icons';
import type { TTrainStatRepo, TTrainStatUser } from '@exam/contracts';
import { repoRepoList, trainStatByRepo, trainStatByUser, trainStatExport } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Progress, Select, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { call, callDownload } from '../../../../api/call';
import type { StatParams } from '../../../../api/train';
import { PageContainer, Permission, useServerTable } from '../../../../components';
import { formatTime } from '../../../../utils/date-format';

const time = (v: string | null) => (v ? formatTime(v, 'YYYY-MM-DD HH:mm') : '—');
const accuracy = (v: number) => (
  <Progress percent={v} size="small" style={{ width: 140, margin: 0 }} format={(p) => `${p}%`} />
);

export default function AdminTrainStat() {
  const [tab, setTab] = useState('repo');
  const [params, setParams] = useState<StatParams>({});
  const [keyword, setKeyword] = useState('');
  const repos = useQuery({ queryKey: ['repo-list'], queryFn: () => call(repoRepoList, {}) });
  const byRepo = useServerTable<TTrainStatRepo & { id?: string }, StatParams>(['train-stat-repo'], (req) =>
    call(trainStatByRepo, req),
  );
  const byUser = useServerTable<TTrainStatUser & { id?: string }, StatParams>(['train-stat-user'], (req) =>
    call(trainStatByUser, req),
  );
  const apply = (next: StatParams) => {
    setParams(next);
    byRepo.search(next);
    byUser.search(next);
  };
  return (
    <PageContainer
      title="练习统计"
      extra={
        <Permission tag="train:stat:export">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => callDownload(trainStatExport, { params }, '练习统计.xlsx')}
          >
            导出
          </Button>
        </Permission>
      }
      search={
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="全部题库"
            style={{ width: 220 }}
            value={params.repoId}
            options={(repos.data ?? []).map((r) => ({ value: r.id, label: r.title }))}
            onChange={(repoId) => apply({ ...params, repoId })}
          />
          <Input.Search
            allowClear
            placeholder={tab === 'repo' ? '题库名称' : '用户名或姓名'}
            style={{ width: 220 }}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => apply({ ...params, keyword: v || undefined })}
          />
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'repo',
            label: '按题库',
            children: (
              <Table<TTrainStatRepo>
                {...byRepo.tableProps}
                rowKey="repoId"
                columns={[
                  { title: '题库名称', dataIndex: 'title' },
                  { title: '训练次数', dataIndex: 'sessions' },
                  { title: '练习人数', dataIndex: 'learners' },
                  { title: '答题数', dataIndex: 'answered' },
                  { title: '答对数', dataIndex: 'rightCount' },
                  { title: '正确率', dataIndex: 'accuracy', render: accuracy },
                  { title: '最近训练', dataIndex: 'lastAt', render: time },
                ]}
              />
            ),
          },
          {
            key: 'user',
            label: '按学员',
            children: (
              <Table<TTrainStatUser>
                {...byUser.tableProps}
                rowKey="userId"
                columns={[
                  { title: '用户名', dataIndex: 'userName' },
                  { title: '姓名', dataIndex: 'realName' },
                  { title: '部门', dataIndex: 'deptName', render: (v) => v ?? '—' },
                  { title: '训练次数', dataIndex: 'sessions' },
                  { title: '答题数', dataIndex: 'answered' },
                  { title: '答对数', dataIndex: 'rightCount' },
                  { title: '正确率', dataIndex: 'accuracy', render: accuracy },
                  { title: '最近训练', dataIndex: 'lastAt', render: time },
                ]}
              />
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
