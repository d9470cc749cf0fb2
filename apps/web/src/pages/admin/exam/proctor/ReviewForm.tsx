/** 复核: the reviewer's decision on a learner's proctoring record (无异常/违规警告/作废成绩) and why. */
import { examProctorReviewSave, labelOptions, REVIEW_DECISION_LABELS, type TProctorTimeline } from '@exam/contracts';
import { Alert, App, Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/call';

interface Values {
  decision?: 1 | 2 | 3;
  reason?: string;
}

export default function ReviewForm({ t, onSaved }: { t: TProctorTimeline; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const decision = Form.useWatch('decision', form);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.decision) return;
    setBusy(true);
    try {
      await call(examProctorReviewSave, { paperId: t.paperId, decision: v.decision, reason: v.reason ?? '' });
      message.success('复核已保存');
      onSaved();
    } catch {
      // The main client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="proctor-review-form"
      initialValues={{ decision: t.review?.decision, reason: '' }}
    >
      <Form.Item name="decision" label="复核结论" rules={[{ required: true, message: '请选择复核结论' }]}>
        <Radio.Group options={labelOptions(REVIEW_DECISION_LABELS)} data-testid="proctor-review-decision" />
      </Form.Item>
      {decision === 3 && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title="作废后该答卷不计成绩，考生会收到通知。" />
      )}
      <Form.Item
        name="reason"
        label="复核理由"
        rules={[
          { required: true, whitespace: true, message: '请输入复核理由' },
          { max: 1000, message: '复核理由不能超过1000个字符' },
        ]}
      >
        <Input.TextArea rows={2} maxLength={1000} showCount placeholder="依据的抓拍、标记和判断，将记入复核记录" />
      </Form.Item>
      <Button type="primary" loading={busy} onClick={submit} data-testid="proctor-review-save">
        {t.review ? '修改复核' : '提交复核'}
      </Button>
    </Form>
  );
}
