/**
 * 学习助教 settings: the organisation's OpenAI-compatible endpoint, model and key (the key
 * is shown masked and only replaced when a new one is typed), the switches and the limits. Stored in
 * the dictionary aiExam_conf (the key apart, on the server only).
 */
import { SaveOutlined } from '@ant-design/icons';
import type { TAssistantConf } from '@exam/contracts';
import { assistantConfDetail, assistantConfSave } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Skeleton, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { PageContainer, usePermission } from '../../../../components';

export default function SysAssistantPage() {
  const { message } = App.useApp();
  const canSave = usePermission('sys:assistant:save');
  const [form] = Form.useForm<TAssistantConf>();
  const [saving, setSaving] = useState(false);
  const conf = useQuery({ queryKey: ['assistant-conf'], queryFn: () => call(assistantConfDetail, {}) });
  const client = useQueryClient();
  useEffect(() => {
    if (conf.data) form.setFieldsValue(conf.data);
  }, [conf.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await call(assistantConfSave, { ...values, baseUrl: values.baseUrl ?? '', model: values.model ?? '' });
      message.success('保存成功');
      await client.invalidateQueries({ queryKey: ['assistant-conf'] });
      await client.invalidateQueries({ queryKey: ['assistant-status'] });
    } finally {
      setSaving(false);
    }
  };

  if (conf.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  return (
    <PageContainer
      title="学习助教"
      extra={
        canSave && (
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={save}
            data-testid="assistant-conf-save"
          >
            保存配置
          </Button>
        )
      }
    >
      <Card>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="接入单位自己部署的大模型（Ollama、vLLM、Xinference 或兼容 OpenAI 接口的服务）。关闭时不会向外发送任何学员数据。"
        />
        <Form form={form} layout="vertical" style={{ maxWidth: 640 }} disabled={!canSave}>
          <Form.Item name="enabled" label="启用学习助教" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="baseUrl"
            label="接口地址"
            extra="兼容 OpenAI 的接口地址，如 http://127.0.0.1:11434/v1"
            rules={[{ pattern: /^https?:\/\/\S+$/, message: '接口地址须以 http:// 或 https:// 开头' }]}
          >
            <Input placeholder="http://127.0.0.1:11434/v1" />
          </Form.Item>
          <Form.Item name="model" label="模型名称">
            <Input placeholder="如 qwen2.5:7b" />
          </Form.Item>
          <Form.Item name="apiKey" label="API Key" extra="仅保存在服务器上；留空或不修改则保留原值">
            <Input.Password placeholder="本地服务可不填" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="invite" label="向学员显示体验邀请" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="audit"
            label="记录对话内容（审计）"
            valuePropName="checked"
            extra="关闭时调用日志只记录人员、时间、Token 与耗时"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="dailyTokens" label="每人每日 Token 上限（0 为不限）">
            <InputNumber min={0} max={10_000_000} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="perMinute" label="每人每分钟调用上限">
            <InputNumber min={1} max={600} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="timeoutSeconds" label="超时（秒）">
            <InputNumber min={1} max={600} style={{ width: 200 }} />
          </Form.Item>
        </Form>
      </Card>
    </PageContainer>
  );
}
