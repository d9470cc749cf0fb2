/** Create or edit one dictionary value (optionally under a parent value). */
import { sysDicValueSave, type TDicValueNode, ZDicValueSaveSchema } from '@exam/contracts';
import { Form, Input, InputNumber, Modal } from 'antd';
import { call } from '../../../../api/call';
import { useModalForm } from '../../../../components/useModalForm';
import { zodRule } from '../shared';

export interface DicValueEditing {
  value?: TDicValueNode;
  parent?: TDicValueNode;
}

const fields = ZDicValueSaveSchema.shape;

export default function DicValueFormModal({
  dicCode,
  editing,
  onClose,
  onSaved,
}: {
  dicCode: string;
  editing: DicValueEditing | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, saving, submit } = useModalForm<{ title: string; value: string; sort: number; remark?: string }>({
    open: editing !== null,
    source: editing,
    initial: () => {
      const v = editing?.value;
      return v ? { title: v.title, value: v.value, sort: v.sort, remark: v.remark ?? undefined } : undefined;
    },
    save: (values) => {
      const v = editing?.value;
      return call(sysDicValueSave, {
        ...values,
        id: v?.id,
        dicCode,
        parentId: v ? v.parentId : (editing?.parent?.id ?? null),
        sort: values.sort ?? 0,
        remark: values.remark || null,
      });
    },
    onSaved,
    onClose,
  });

  const title = editing?.value
    ? '编辑字典值'
    : editing?.parent
      ? `新增下级字典值（${editing.parent.title}）`
      : '新增字典值';
  return (
    <Modal title={title} open={editing !== null} onCancel={onClose} onOk={submit} confirmLoading={saving} forceRender>
      <Form
        name="dicValueForm"
        form={form}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 18 }}
        initialValues={{ sort: 0 }}
      >
        <Form.Item label="显示名称" name="title" required rules={[zodRule(fields.title)]}>
          <Input placeholder="请输入显示名称" />
        </Form.Item>
        <Form.Item label="字典值" name="value" required rules={[zodRule(fields.value)]}>
          <Input.TextArea rows={2} placeholder="请输入字典值" />
        </Form.Item>
        <Form.Item label="排序" name="sort">
          <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[zodRule(fields.remark)]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
