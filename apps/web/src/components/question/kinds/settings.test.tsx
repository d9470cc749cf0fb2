/** The kinds' exam settings in the exam form: each kind with a setting renders its own select. */
import { ZKindSettingsSchema } from '@exam/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Form, Row } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import KindSettingsFields from './KindSettingsFields';

afterEach(cleanup);

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

describe('kind settings fields', () => {
  it('shows 多选题计分 and 排序题计分 from the exam kind settings, locked when asked', {
    timeout: 30_000,
  }, async () => {
    const kindSettings = ZKindSettingsSchema.parse({ 2: { policy: 1 }, 7: { policy: 1 } });
    render(
      <Form initialValues={{ kindSettings }}>
        <Row>
          <KindSettingsFields span={12} disabled extra="已锁定" />
        </Row>
      </Form>,
    );
    await waitFor(() => expect(screen.getByText('排序题计分')).toBeTruthy(), { timeout: 15_000 });
    await waitFor(() => expect(screen.getByText('多选题计分')).toBeTruthy(), { timeout: 15_000 });
    expect(screen.getByText('少选（无错选）得一半分')).toBeTruthy();
    expect(screen.getByText('按相邻顺序对得分')).toBeTruthy();
    expect(screen.getAllByText('已锁定')).toHaveLength(2);
    expect(screen.getByTestId('order-policy').className).toContain('disabled');
  });
});
