import { PROCTOR_OFF } from '@exam/contracts';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import ProctorFields from './ProctorFields';
import { proctorForSave } from './proctor-form';

afterEach(cleanup);

function Harness({ onForm }: { onForm: (f: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} initialValues={{ proctor: PROCTOR_OFF }}>
      <ProctorFields />
    </Form>
  );
}

describe('ProctorFields', () => {
  it('shows by mode what the mode uses, and rejects a longest interval below the shortest', async () => {
    let form: FormInstance | undefined;
    render(<Harness onForm={(f) => (form = f)} />);
    expect(screen.getByText('监考方式')).toBeTruthy();
    expect(screen.queryByText('抓拍保留天数')).toBeNull();
    expect(screen.getByText('考生无需开启摄像头。')).toBeTruthy();

    act(() => form?.setFieldValue(['proctor', 'mode'], 1));
    await screen.findByText('抓拍保留天数', {}, { timeout: 10_000 });
    expect(screen.getByText('成绩确定后保留的天数，到期自动删除')).toBeTruthy();
    expect(screen.getByText(/阅读并同意监考告知/)).toBeTruthy();
    expect(screen.queryByText('抓拍间隔 最短（秒）')).toBeNull();

    act(() => form?.setFieldValue(['proctor', 'mode'], 2));
    await screen.findByText('抓拍间隔 最短（秒）', {}, { timeout: 10_000 });
    expect(screen.getByText('摄像头中断时暂停作答')).toBeTruthy();
    act(() => {
      form?.setFieldValue(['proctor', 'snapMinSeconds'], 90);
      form?.setFieldValue(['proctor', 'snapMaxSeconds'], 60);
    });
    await act(async () => {
      await form?.validateFields().catch(() => null);
    });
    await waitFor(() => expect(screen.getByText('抓拍最长间隔不能小于最短间隔')).toBeTruthy(), { timeout: 10_000 });

    act(() => form?.setFieldValue(['proctor', 'snapMaxSeconds'], 120));
    const ok = await form?.validateFields().then(
      () => true,
      () => false,
    );
    expect(ok).toBe(true);
    expect(proctorForSave(form?.getFieldValue('proctor'))).toEqual({
      ...PROCTOR_OFF,
      mode: 2,
      snapMinSeconds: 90,
      snapMaxSeconds: 120,
    });
    // antd's form in jsdom is slow on a loaded machine
  }, 30_000);
});
