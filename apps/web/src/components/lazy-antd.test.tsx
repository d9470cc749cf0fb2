import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyPagination, LazySelect } from './lazy-antd';

afterEach(cleanup);

describe('lazy antd parts', () => {
  it('holds the Select place with a read-only input of the same placeholder and width, then shows the Select', async () => {
    const { container } = render(
      <LazySelect placeholder="开放类型" style={{ width: 140 }} options={[{ value: 1, label: '完全公开' }]} />,
    );
    const stand = screen.getByPlaceholderText('开放类型') as HTMLInputElement;
    expect(stand.readOnly).toBe(true);
    expect(stand.closest('[style]')?.getAttribute('style')).toContain('width: 140px');
    // the chunk the component asked for (loading it here keeps the wait below about rendering, not transforming)
    await import('antd/es/select');
    await waitFor(() => expect(container.querySelector('.ant-select')).not.toBeNull());
    expect(container.querySelector('.ant-select')?.textContent).toContain('开放类型');
    expect(container.querySelector('input.ant-input')).toBeNull(); // the stand-in is gone
  }, 60_000); // a limit for transforming antd's Select on a loaded machine, not a timing check

  it('shows the Pagination once loaded', async () => {
    const { container } = render(
      <LazyPagination current={2} pageSize={12} total={30} showTotal={(t) => `共 ${t} 场考试`} />,
    );
    expect(container.textContent).toBe('');
    await import('antd/es/pagination');
    await waitFor(() => expect(container.querySelector('.ant-pagination')).not.toBeNull());
    expect(container.textContent).toContain('共 30 场考试');
  }, 60_000);
});
