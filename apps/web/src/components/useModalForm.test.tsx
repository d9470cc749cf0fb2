import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ModalFormOptions, useModalForm } from './useModalForm';

afterEach(cleanup);

type V = { title: string };

/** A dialog body on the hook; `api` hands the test its submit. */
function Dialog(
  props: ModalFormOptions<V, string, boolean> & { api: { submit?: (intent?: boolean) => Promise<void> } },
) {
  const { form, loading, submit } = useModalForm<V, string, boolean>(props);
  props.api.submit = submit;
  return (
    <Form form={form}>
      <span data-testid="loading">{String(loading)}</span>
      <Form.Item name="title" rules={[{ required: true, message: '请输入标题' }]}>
        <Input placeholder="标题" />
      </Form.Item>
    </Form>
  );
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const base = (over: Partial<ModalFormOptions<V, string, boolean>>): ModalFormOptions<V, string, boolean> => ({
  open: true,
  source: 'a',
  initial: () => undefined,
  save: async () => 'saved-id',
  onSaved: vi.fn(),
  onClose: vi.fn(),
  ...over,
});

const title = () => screen.getByPlaceholderText('标题') as HTMLInputElement;

describe('useModalForm', () => {
  it('fills the form from a detail that loads, showing loading meanwhile', async () => {
    const load = deferred<Partial<V>>();
    render(
      <App>
        <Dialog {...base({ initial: () => load.promise })} api={{}} />
      </App>,
    );
    expect(screen.getByTestId('loading').textContent).toBe('true');
    await act(async () => load.resolve({ title: '课程甲' }));
    await waitFor(() => expect(title().value).toBe('课程甲'));
    expect(screen.getByTestId('loading').textContent).toBe('false');
  });

  it('drops a detail that answers after the dialog moved to another record', async () => {
    const first = deferred<Partial<V>>();
    const options = base({ initial: () => first.promise });
    const { rerender } = render(
      <App>
        <Dialog {...options} api={{}} />
      </App>,
    );
    rerender(
      <App>
        <Dialog {...options} source="b" initial={() => ({ title: '课程乙' })} api={{}} />
      </App>,
    );
    await waitFor(() => expect(title().value).toBe('课程乙'));
    await act(async () => first.resolve({ title: '课程甲' }));
    expect(title().value).toBe('课程乙');
  });

  it('closes when the detail cannot be read', async () => {
    const onClose = vi.fn();
    render(
      <App>
        <Dialog {...base({ initial: () => Promise.reject(new Error('gone')), onClose })} api={{}} />
      </App>,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('saves, hands what was saved and the intent to onSaved, then closes; nothing on a refusal', async () => {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const save = vi.fn(async () => 'id-1');
    const api: { submit?: (intent?: boolean) => Promise<void> } = {};
    render(
      <App>
        <Dialog {...base({ initial: () => ({ title: '公告' }), save, onSaved, onClose })} api={api} />
      </App>,
    );
    await waitFor(() => expect(title().value).toBe('公告'));
    await act(async () => api.submit?.(true));
    expect(save).toHaveBeenCalledWith({ title: '公告' }, expect.anything());
    expect(onSaved).toHaveBeenCalledWith('id-1', true);
    expect(onClose).toHaveBeenCalledTimes(1);

    save.mockRejectedValueOnce(new Error('refused')); // the request layer has shown why
    await act(async () => api.submit?.(false));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
