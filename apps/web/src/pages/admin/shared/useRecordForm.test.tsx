import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordDialogProps, useRecordDialog, useRecordForm } from './useRecordForm';

afterEach(cleanup);

type V = { title: string };

/** A record dialog on the hook: `read` and `save` are the test's. */
function Dialog({
  read,
  save,
  ...props
}: RecordDialogProps & {
  read: (id: string) => Promise<Partial<V>>;
  save: (v: V, id: { id?: string }) => Promise<string>;
}) {
  const { open, modal } = useRecordForm<V>({ ...props, read, save });
  if (!open) return <span data-testid="closed" />;
  return (
    <Form form={modal.form}>
      <span data-testid="mode">{modal.editing ? '编辑' : '新建'}</span>
      <Form.Item name="title">
        <Input placeholder="标题" />
      </Form.Item>
      <button type="button" onClick={modal.onSubmit}>
        保存
      </button>
    </Form>
  );
}

/** A list holding the dialog: 新增, 编辑 r1, and what it was told after a save. */
function List({
  read,
  save,
  after,
}: {
  read: (id: string) => Promise<Partial<V>>;
  save: () => Promise<string>;
  after: (id: string, created: boolean) => void;
}) {
  const editor = useRecordDialog(after);
  return (
    <App>
      <button type="button" onClick={editor.create}>
        新增
      </button>
      <button type="button" onClick={() => editor.edit('r1')}>
        编辑
      </button>
      <Dialog {...editor.dialog} read={read} save={save} />
    </App>
  );
}

const title = () => screen.getByPlaceholderText('标题') as HTMLInputElement;

describe('record dialogs', () => {
  it('opens on a new record, saves without an id, and tells the list it was created', async () => {
    const read = vi.fn();
    const save = vi.fn(async () => 'new-id');
    const after = vi.fn();
    render(<List read={read} save={save} after={after} />);
    expect(screen.getByTestId('closed')).toBeTruthy();
    fireEvent.click(screen.getByText('新增'));
    expect(screen.getByTestId('mode').textContent).toBe('新建');
    fireEvent.change(title(), { target: { value: '课程甲' } });
    await act(async () => fireEvent.click(screen.getByText('保存')));
    await waitFor(() => expect(after).toHaveBeenCalledWith('new-id', true));
    expect(read).not.toHaveBeenCalled();
    expect(save).toHaveBeenCalledWith({ title: '课程甲' }, {});
    expect(screen.getByTestId('closed')).toBeTruthy();
  });

  it('reads the record it edits, saves with its id, and tells the list it was not created', async () => {
    const read = vi.fn(async () => ({ title: '直播乙' }));
    const save = vi.fn(async () => 'r1');
    const after = vi.fn();
    render(<List read={read} save={save} after={after} />);
    fireEvent.click(screen.getByText('编辑'));
    expect(screen.getByTestId('mode').textContent).toBe('编辑');
    await waitFor(() => expect(title().value).toBe('直播乙'));
    expect(read).toHaveBeenCalledWith('r1');
    await act(async () => fireEvent.click(screen.getByText('保存')));
    await waitFor(() => expect(after).toHaveBeenCalledWith('r1', false));
    expect(save).toHaveBeenCalledWith({ title: '直播乙' }, { id: 'r1' });
    expect(screen.getByTestId('closed')).toBeTruthy();
  });
});
