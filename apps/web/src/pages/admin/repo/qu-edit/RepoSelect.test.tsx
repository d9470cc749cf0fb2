import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import RepoSelect from './RepoSelect';

afterEach(cleanup);

// jsdom has no ResizeObserver; the dropdown's list only asks it for sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const REPOS = [
  { id: '01a2b3', title: '数学演示题库' },
  { id: '04c5d6', title: '安全生产题库' },
];

describe('所属题库', () => {
  it('finds a bank by part of its name, not only by its id', async () => {
    render(<RepoSelect id="qu-repos" value={[]} onChange={() => {}} repos={REPOS} />);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '安全' } });
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    const titles = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(titles).toEqual(['安全生产题库']);
  }, 60_000); // a limit for transforming antd's Select on a loaded machine, not a timing check
});
