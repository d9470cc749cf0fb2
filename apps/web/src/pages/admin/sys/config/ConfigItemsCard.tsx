/** The configuration list (title/value); pathUrl is empty or a URL ending with a slash (SPEC 5). */
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PATH_URL_ITEM,
  sysConfigList,
  sysConfigSaveItem,
  type TConfigItem,
  ZConfigItemSaveSchema,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { usePermission } from '../../../../components';
import { optionalUrlRule } from '../../../../utils/validators';
import { attempt, zodRule } from '../shared';

type Values = { title: string; value: string; remark?: string };
const fields = ZConfigItemSaveSchema.shape;

export default function ConfigItemsCard() {
  const { message } = App.useApp();
  const canSave = usePermission('sys:config:save');
  const items = useQuery({ queryKey: ['sys-config-items'], queryFn: () => call(sysConfigList, {}) });
  const [editing, setEditing] = useState<TConfigItem | null | undefined>(undefined);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const title = Form.useWatch('title', form);

  useEffect(() => {
    if (editing === undefined) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({ title: editing.title, value: editing.value, remark: editing.remark ?? undefined });
  }, [editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const ok = await attempt(() =>
      call(sysConfigSaveItem, { ...values, value: values.value ?? '', remark: values.remark || null }),
    );
    setSaving(false);
    if (!ok) return;
    message.success('保存成功');
    setEditing(undefined);
    void items.refetch();
  };

  return (
    <Card
      title="配置项列表"
      className="page-card"
      extra={
        canSave && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新增配置项
          </Button>
        )
      }
    >
      <Table<TConfigItem>
        rowKey="id"
        size="middle"
        loading={items.isFetching}
        dataSource={items.data ?? []}
        pagination={false}
        columns={[
          {
            title: '配置项',
            dataIndex: 'title',
            width: 200,
            render: (v) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: '配置值', dataIndex: 'value', ellipsis: true },
          { title: '备注', dataIndex: 'remark', render: (v) => v || '-' },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            render: (_, row) =>
              canSave && (
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
                  编辑
                </Button>
              ),
          },
        ]}
      />
      <Modal
        title={editing ? `编辑配置项 - ${editing.title}` : '新增配置项'}
        open={editing !== undefined}
        onCancel={() => setEditing(undefined)}
        onOk={submit}
        confirmLoading={saving}
        forceRender
      >
        <Form name="configItem" form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }}>
          <Form.Item label="配置项" name="title" required rules={[zodRule(fields.title)]}>
            <Input placeholder="如 pathUrl" disabled={Boolean(editing)} />
          </Form.Item>
          <Form.Item
            label="配置值"
            name="value"
            required={title !== PATH_URL_ITEM}
            dependencies={['title']}
            rules={title === PATH_URL_ITEM ? [optionalUrlRule(true)] : [zodRule(fields.value)]}
            extra={
              title === PATH_URL_ITEM
                ? '第二服务（外部教学助手）基础地址，以 http(s):// 开头并以 / 结尾，不能是本站自身；留空则使用内置学习助教'
                : undefined
            }
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[zodRule(fields.remark)]}>
            <Input placeholder="选填" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
