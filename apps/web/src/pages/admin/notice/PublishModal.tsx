/** Publish a notice now or at a chosen time. */

import { noticePublish } from '@exam/contracts';
import { DatePicker, Form, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { call } from '../../../api/call';
import { useModalForm } from '../../../components/useModalForm';
import { required } from '../sys/shared';

export default function PublishModal({
  id,
  onClose,
  onDone,
}: {
  /** The notice to publish; null closes the dialog. */
  id: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { form, saving, submit } = useModalForm<{ mode: 'now' | 'later'; at?: Dayjs }>({
    open: !!id,
    source: id,
    initial: () => undefined,
    save: async (v) =>
      id ? call(noticePublish, { id, publishAt: v.mode === 'later' && v.at ? v.at.toISOString() : null }) : false,
    successMsg: (_, v) => (v.mode === 'later' ? `已设置定时发布：${v.at?.format('YYYY-MM-DD HH:mm')}` : '发布成功'),
    onSaved: onDone,
    onClose,
  });
  const mode = Form.useWatch('mode', form);

  return (
    <Modal
      title="发布公告"
      open={!!id}
      onCancel={onClose}
      onOk={submit}
      okText="发布"
      confirmLoading={saving}
      forceRender
    >
      <Form name="noticePublish" form={form} initialValues={{ mode: 'now' }} layout="vertical">
        <Form.Item name="mode" label="发布方式">
          <Radio.Group
            options={[
              { value: 'now', label: '立即发布' },
              { value: 'later', label: '定时发布' },
            ]}
          />
        </Form.Item>
        {mode === 'later' && (
          <Form.Item name="at" label="发布时间" rules={[required('请选择发布时间')]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              style={{ width: 240 }}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
