/** 题库列表: banks with their counts per type, create/edit dialog, delete. */
import { PlusOutlined } from '@ant-design/icons';
import {
  QUESTION_TYPE_LABELS,
  repoRepoDelete,
  repoRepoPaging,
  repoRepoSave,
  sysDicValueTree,
  type TRepo,
  type TRepoSave,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, message, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import { PageContainer, Permission, useServerTable } from '../../../../components';
import { formatTime } from '../../../../utils/date-format';

type Filters = { title?: string; category?: string };

export default function RepoListPage() {
  const navigate = useNavigate();
  const [search] = Form.useForm<Filters>();
  const [form] = Form.useForm<TRepoSave>();
  const [editing, setEditing] = useState<Partial<TRepo> | null>(null);
  const categories = useQuery({
    queryKey: ['dic', 'repo_catalog'],
    queryFn: () => call(sysDicValueTree, { dicCode: 'repo_catalog' }),
  });
  const table = useServerTable<TRepo, Filters>(['repo-paging'], (req) => call(repoRepoPaging, req));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.value, label: c.title }));

  const open = (repo: Partial<TRepo>) => {
    setEditing(repo);
    form.setFieldsValue({
      title: '',
      code: '',
      category: undefined,
      remark: '',
      practiceEnabled: false,
      ...repo,
    } as TRepoSave);
  };
  const save = async () => {
    const values = await form.validateFields();
    await call(repoRepoSave, { ...values, id: editing?.id });
    message.success('保存成功');
    setEditing(null);
    table.refresh();
  };
  const remove = async (ids: string[]) => {
    await call(repoRepoDelete, { ids });
    message.success('删除成功');
    table.refresh();
  };

  return (
    <PageContainer
      title="题库列表"
      extra={
        <Permission tag="repo:repo:save">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({})} data-testid="repo-add">
            新增题库
          </Button>
        </Permission>
      }
      search={
        <Form form={search} layout="inline" onFinish={(v) => table.search(v)} style={{ marginBottom: 12 }}>
          <Form.Item name="title">
            <Input allowClear placeholder="题库名称" />
          </Form.Item>
          <Form.Item name="category">
            <Select allowClear placeholder="题库分类" style={{ width: 160 }} options={categoryOptions} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form>
      }
    >
      <Table<TRepo>
        {...table.tableProps}
        columns={[
          {
            title: '题库名称',
            dataIndex: 'title',
            render: (t: string, r) => (
              <Button
                type="link"
                size="small"
                // a long name wraps in its own column instead of squeezing the fixed ones
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => navigate(`/admin/repo/detail/${r.id}`)}
              >
                {t}
              </Button>
            ),
          },
          { title: '编码', dataIndex: 'code', width: 110 },
          { title: '分类', dataIndex: 'categoryTitle', width: 110 },
          {
            title: '试题数',
            dataIndex: 'quCount',
            width: 260,
            render: (n: number, r) => (
              <Tooltip
                title={
                  Object.entries(r.byType)
                    .map(([t, c]) => `${QUESTION_TYPE_LABELS[Number(t)]} ${c}`)
                    .join('，') || '暂无试题'
                }
              >
                <b>{n}</b>
                <span style={{ marginLeft: 8, color: '#999' }}>
                  {Object.entries(r.byType)
                    .map(([t, c]) => `${QUESTION_TYPE_LABELS[Number(t)].replace('题', '')}${c}`)
                    .join(' ')}
                </span>
              </Tooltip>
            ),
          },
          {
            title: '学员练习',
            dataIndex: 'practiceEnabled',
            width: 90,
            render: (v: boolean) => (v ? <Tag color="green">开放</Tag> : <Tag>关闭</Tag>),
          },
          {
            title: '更新时间',
            dataIndex: 'updatedAt',
            width: 150,
            render: (d: string) => formatTime(d, 'YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            width: 170,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(`/admin/repo/detail/${r.id}`)}>
                  试题
                </Button>
                <Permission tag="repo:repo:save">
                  <Button type="link" size="small" onClick={() => open(r)}>
                    编辑
                  </Button>
                </Permission>
                <Permission tag="repo:repo:delete">
                  <Popconfirm
                    title="删除题库后，仅属于该题库的试题也会被删除，确定删除吗？"
                    onConfirm={() => remove([r.id])}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Permission>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing?.id ? '编辑题库' : '新增题库'}
        open={Boolean(editing)}
        onCancel={() => setEditing(null)}
        onOk={save}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="title" label="题库名称" rules={[{ required: true, message: '请输入题库名称' }]}>
            <Input maxLength={100} data-testid="repo-title" />
          </Form.Item>
          <Form.Item
            name="code"
            label="题库编码"
            rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: '只能包含字母、数字、_和-' }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="category" label="题库分类">
            <Select allowClear options={categoryOptions} />
          </Form.Item>
          <Form.Item
            name="practiceEnabled"
            label="允许学员练习"
            valuePropName="checked"
            extra="开启后学员可在题库训练中练习，并可查看答案与解析"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </PageContainer>
  );
}
