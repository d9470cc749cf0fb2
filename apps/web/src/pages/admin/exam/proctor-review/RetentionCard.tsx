/** 抓拍保留 of one exam: when its snapshots are deleted, how many, how much room; 延长保留 with a date and why. */
import { examProctorRetention, examProctorRetentionHold } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Descriptions, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { errorText, usePermission } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import { formatBytes } from './format';

export default function RetentionCard({ examId }: { examId: string }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canHold = usePermission('exam:proctor:retention');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ keepUntil?: Dayjs; reason?: string }>();
  const q = useQuery({
    queryKey: ['proctor-retention', examId],
    queryFn: () => call(examProctorRetention, { examId }, { silent: true }),
  });
  const r = q.data;
  const hold = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.keepUntil) return;
    setBusy(true);
    try {
      const next = await call(examProctorRetentionHold, {
        examId,
        keepUntil: v.keepUntil.endOf('day').format(),
        reason: v.reason ?? '',
      });
      qc.setQueryData(['proctor-retention', examId], next);
      message.success('已延长保留');
      setOpen(false);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      size="small"
      title="抓拍保留"
      data-testid="proctor-retention"
      loading={q.isLoading}
      extra={
        canHold &&
        r && (
          <Button
            size="small"
            onClick={() => {
              form.setFieldsValue({ keepUntil: undefined, reason: '' });
              setOpen(true);
            }}
            data-testid="proctor-hold"
          >
            延长保留
          </Button>
        )
      }
    >
      {q.isError && <Alert type="error" showIcon title={errorText(q.error)} />}
      {r && (
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="删除时间">
            {r.deleteAt ? formatDateTime(r.deleteAt) : '成绩确定后计算'}
          </Descriptions.Item>
          <Descriptions.Item label="抓拍数">{r.snapshots}</Descriptions.Item>
          <Descriptions.Item label="占用空间">{formatBytes(r.bytes)}</Descriptions.Item>
          <Descriptions.Item label="保留天数">成绩确定后 {r.retentionDays} 天</Descriptions.Item>
          {r.keepUntil && (
            <Descriptions.Item label="延长保留至" span={2}>
              {formatDateTime(r.keepUntil)}
              {r.holdReason ? `（${r.holdReason}）` : ''}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      <Modal
        open={open}
        title="延长抓拍保留"
        okText="确定"
        cancelText="取消"
        onOk={hold}
        onCancel={() => setOpen(false)}
        okButtonProps={{ loading: busy }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="keepUntil" label="保留至" rules={[{ required: true, message: '请选择保留截止日期' }]}>
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(dayjs().add(1, 'day').startOf('day'))}
              data-testid="proctor-hold-date"
            />
          </Form.Item>
          <Form.Item
            name="reason"
            label="原因"
            rules={[
              { required: true, whitespace: true, message: '请输入延长保留的原因' },
              { max: 500, message: '原因不能超过500个字符' },
            ]}
          >
            <Input.TextArea rows={2} maxLength={500} placeholder="例如：成绩申诉处理中，将记入操作日志" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
