/** 错题本规则: how many right answers in a row take a question out, and the share below which partial credit is wrong. */
import { BOOK_LEAVE_STREAK_ITEM, BOOK_WRONG_SHARE_ITEM, sysConfigList, sysConfigSaveItem } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { LoadFailed, usePermission } from '../../../../components';
import { attempt } from '../shared';

type Values = { leaveStreak: number; wrongShare: number };
const DEFAULTS: Values = { leaveStreak: 2, wrongShare: 60 };

export default function BookRulesCard() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canSave = usePermission('sys:config:save');
  const items = useQuery({ queryKey: ['sys-config-items'], queryFn: () => call(sysConfigList, {}) });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const value = (title: string, fallback: number) => {
      const n = Number(items.data?.find((i) => i.title === title)?.value);
      return Number.isInteger(n) && n > 0 ? n : fallback;
    };
    form.setFieldsValue({
      leaveStreak: value(BOOK_LEAVE_STREAK_ITEM, DEFAULTS.leaveStreak),
      wrongShare: value(BOOK_WRONG_SHARE_ITEM, DEFAULTS.wrongShare),
    });
  }, [items.data, form]);

  const submit = async (v: Values) => {
    setSaving(true);
    const ok = await attempt(async () => {
      await call(sysConfigSaveItem, {
        title: BOOK_LEAVE_STREAK_ITEM,
        value: String(v.leaveStreak),
        remark: '错题本：连续答对几次后移出',
      });
      await call(sysConfigSaveItem, {
        title: BOOK_WRONG_SHARE_ITEM,
        value: String(v.wrongShare),
        remark: '错题本：部分得分低于满分的百分之几记为错题',
      });
    });
    setSaving(false);
    if (!ok) return;
    message.success('保存成功');
    void qc.invalidateQueries({ queryKey: ['sys-config-items'] });
  };

  // The inputs appear once the saved rules are read: typed into earlier, they were overwritten when
  // the rules arrived, and 保存规则 then saved the old value with 保存成功.
  return (
    <Card title="错题本规则" className="page-card" data-testid="book-rules-card" loading={items.isPending}>
      {items.isError && <LoadFailed error={items.error} onRetry={() => void items.refetch()} />}
      <Form form={form} layout="inline" onFinish={submit} disabled={!canSave} hidden={items.isError}>
        <Form.Item
          name="leaveStreak"
          label="连续答对几次移出错题本"
          tooltip="考试、练习和错题重做中的答对都计入"
          rules={[{ required: true, message: '请输入连续答对次数' }]}
        >
          <InputNumber min={1} max={100} precision={0} addonAfter="次" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="wrongShare"
          label="部分得分低于满分的"
          tooltip="例如简答题满分 15 分得 12 分（80%）：达到此比例视为答对，低于则记为错题"
          rules={[{ required: true, message: '请输入答错比例' }]}
        >
          <InputNumber min={1} max={100} precision={0} addonAfter="% 记为错题" style={{ width: 170 }} />
        </Form.Item>
        {canSave && (
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存规则
            </Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}
