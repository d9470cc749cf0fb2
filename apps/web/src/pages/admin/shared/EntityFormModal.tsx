/**
 * The modal of an admin "新建/编辑" form (courses, live rooms): the title by mode, a spinner while
 * the record loads, the form laid out with labels at 4/24. The fields come as children; the
 * caller's useModalForm gives form, saving, loading and submit.
 */
import { Form, type FormInstance, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';

export default function EntityFormModal<V>({
  name,
  noun,
  editing,
  open,
  width,
  form,
  saving,
  loading,
  initialValues,
  onSubmit,
  onClose,
  children,
}: {
  /** The form's name (ids of its fields, e.g. courseForm_title). */
  name: string;
  /** What is edited: 课程 → 新建课程 / 编辑课程. */
  noun: string;
  editing: boolean;
  open: boolean;
  width: number;
  form: FormInstance<V>;
  saving: boolean;
  loading: boolean;
  initialValues: Partial<V>;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={`${editing ? '编辑' : '新建'}${noun}`}
      open={open}
      onCancel={onClose}
      width={width}
      forceRender
      onOk={onSubmit}
      okText="保存"
      confirmLoading={saving}
    >
      <Spin spinning={loading}>
        <Form name={name} form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }} initialValues={initialValues}>
          {children}
        </Form>
      </Spin>
    </Modal>
  );
}
