/**
 * The invigilator's action dialogs: message (one learner or all), added time, forced hand-in, void,
 * and remote proctoring's warning, pause/resume and admission at the door; each asks why (a warning's
 * text is its own reason).
 */
import {
  examInvigilateAddTime,
  examInvigilateHand,
  examInvigilateMsg,
  examInvigilateVoid,
  examProctorAdmit,
  examProctorPause,
  examProctorWarn,
  type TInvigilateRow,
} from '@exam/contracts';
import { Alert, App, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';

export type ActionKind = 'msg' | 'time' | 'hand' | 'void' | 'warn' | 'pause' | 'admit';

export interface ActionTarget {
  kind: ActionKind;
  /** The learner; none for a message to every learner or an admission (no paper yet). */
  row: TInvigilateRow | null;
  /** pause: whether the learner is paused now (the dialog then resumes). */
  paused?: boolean;
  /** admit: the learner waiting at the door. */
  waiting?: { userId: string; realName: string };
}

const TITLES: Record<ActionKind, string> = {
  msg: '发送消息',
  time: '延长考试时间',
  hand: '强制收卷',
  void: '作废答卷',
  warn: '警告考生',
  pause: '暂停作答',
  admit: '放行考生',
};

interface Values {
  content?: string;
  minutes?: number;
  reason?: string;
}

/** The warning above each action's form: what the learner's paper will go through. */
const NOTICES: Partial<Record<string, { type: 'warning' | 'error' | 'info'; text: string }>> = {
  hand: { type: 'warning', text: '收卷后考生将无法继续作答，已作答的题目按现有答案评分。' },
  void: { type: 'error', text: '作废后该答卷不计成绩；考试中的答卷会先收卷再作废。' },
  pause: { type: 'warning', text: '暂停后考生不能继续作答，考试时间照常计算，直到恢复作答。' },
  admit: {
    type: 'info',
    text: '该考生身份核验多次未通过。放行前请通过其他方式确认本人身份，放行将记入监考时间线。',
  },
};

export default function ActionModal(props: {
  examId: string;
  target: ActionTarget | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { examId, target, onClose, onDone } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (target) form.setFieldsValue({ content: '', minutes: 5, reason: '' });
  }, [target, form]);
  if (!target) return null;
  const { kind, row, paused, waiting } = target;
  const who = row ? `${row.realName}（${row.userName}）` : waiting ? waiting.realName : '全体考生';
  const title = kind === 'pause' && paused ? '恢复作答' : TITLES[kind];

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (kind === 'msg') {
        const out = await call(examInvigilateMsg, {
          examId,
          userId: row?.userId ?? null,
          content: v.content ?? '',
          reason: v.reason || null,
        });
        message.success(`消息已发送，${out.recipients} 名考试中的考生将立即看到`);
      } else if (kind === 'admit' && waiting) {
        await call(examProctorAdmit, { examId, userId: waiting.userId, reason: v.reason ?? '' });
        message.success(`已放行 ${who}，考生可以开始考试`);
      } else if (kind === 'warn' && row?.paperId) {
        await call(examProctorWarn, { paperId: row.paperId, content: v.content ?? '' });
        message.success(`警告已发送给 ${who}`);
      } else if (kind === 'pause' && row?.paperId) {
        await call(examProctorPause, { paperId: row.paperId, paused: !paused, reason: v.reason ?? '' });
        message.success(paused ? `已恢复 ${who} 作答` : `已暂停 ${who} 作答`);
      } else if (row?.paperId) {
        const body = { paperId: row.paperId, reason: v.reason ?? '' };
        if (kind === 'time') {
          await call(examInvigilateAddTime, { ...body, minutes: v.minutes ?? 0 });
          message.success(`已为 ${who} 延长 ${v.minutes} 分钟`);
        } else if (kind === 'hand') {
          await call(examInvigilateHand, body);
          message.success(`已为 ${who} 收卷`);
        } else {
          await call(examInvigilateVoid, body);
          message.success(`已作废 ${who} 的答卷`);
        }
      }
      onDone();
      onClose();
    } catch {
      // The main client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const notice = kind === 'pause' && paused ? null : NOTICES[kind];
  return (
    <Modal
      open
      title={`${title} · ${who}`}
      okText="确定"
      cancelText="取消"
      okButtonProps={
        {
          danger: kind === 'hand' || kind === 'void' || (kind === 'pause' && !paused),
          loading: busy,
          'data-testid': 'inv-action-ok',
        } as never
      }
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice && <Alert type={notice.type} showIcon style={{ marginBottom: 16 }} message={notice.text} />}
      <Form form={form} layout="vertical" preserve={false}>
        {kind === 'msg' && (
          <Form.Item
            name="content"
            label="消息内容"
            rules={[{ required: true, whitespace: true, message: '请输入消息内容' }, { max: 500 }]}
          >
            <Input.TextArea rows={3} placeholder="考生的考试页面会立即弹出此消息" maxLength={500} showCount />
          </Form.Item>
        )}
        {kind === 'warn' && (
          <Form.Item
            name="content"
            label="警告内容"
            rules={[
              { required: true, whitespace: true, message: '请输入警告内容' },
              { max: 200, message: '警告内容不能超过200个字符' },
            ]}
          >
            <Input.TextArea
              rows={3}
              placeholder="考生的考试页面会立即显示此警告，并记入监考时间线"
              maxLength={200}
              showCount
            />
          </Form.Item>
        )}
        {kind === 'time' && (
          <Form.Item name="minutes" label="延长分钟数" rules={[{ required: true, message: '请输入延长分钟数' }]}>
            <InputNumber min={1} max={600} precision={0} addonAfter="分钟" style={{ width: 200 }} />
          </Form.Item>
        )}
        {kind !== 'warn' && (
          <Form.Item
            name="reason"
            label={kind === 'msg' ? '操作原因（选填）' : kind === 'admit' ? '放行原因' : '操作原因'}
            rules={
              kind === 'msg'
                ? [{ max: 500 }]
                : [
                    {
                      required: true,
                      whitespace: true,
                      message: kind === 'admit' ? '请输入放行原因' : '请输入操作原因',
                    },
                    { max: 500 },
                  ]
            }
          >
            <Input.TextArea rows={2} placeholder="将记入操作日志" maxLength={500} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
