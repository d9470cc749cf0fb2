/**
 * Each web question kind: its answering control renders and reports an answer; the registry is
 * complete; the kinds' exam settings render in the exam form.
 */
import { QUESTION_TYPE_LABELS, type TQuView, ZKindSettingsSchema } from '@exam/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, Row } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionAnswer, rightAnswerText } from '../../answer';
import KindSettingsFields from './KindSettingsFields';
import { kindOf, WEB_KINDS } from './registry';

afterEach(cleanup);

// jsdom has no ResizeObserver, which antd's text area and select measure with.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const p = (t: string) => `<p>${t}</p>`;
const view = (patch: Partial<TQuView>): TQuView => ({
  id: 'q1',
  type: 1,
  level: 1,
  content: p('题干'),
  options: [],
  matching: null,
  blankCount: 0,
  children: [],
  ...patch,
});
const abcd = ['A', 'B', 'C', 'D'].map((key) => ({ key, content: p(`选项${key}`) }));

function answer(question: TQuView, value: unknown = null) {
  const onChange = vi.fn();
  const r = render(<QuestionAnswer question={question} value={value as never} onChange={onChange} />);
  return { onChange, ...r };
}

describe('web question kinds', () => {
  it('has one kind for every type label, each with fresh editor parts', () => {
    for (const type of Object.keys(QUESTION_TYPE_LABELS).map(Number)) {
      const kind = kindOf(type);
      expect(kind, `type ${type}`).toBeDefined();
      expect(kind?.parts()).toHaveProperty('options');
    }
    expect(WEB_KINDS.map((k) => k.type).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 99]);
  });

  it('single choice reports the letter picked', () => {
    const { onChange } = answer(view({ type: 1, options: abcd }));
    fireEvent.click(screen.getByText('选项C'));
    expect(onChange).toHaveBeenLastCalledWith('C');
  });

  it('multiple choice reports the letters picked, sorted', () => {
    const { onChange, rerender } = answer(view({ type: 2, options: abcd }));
    fireEvent.click(screen.getByText('选项D'));
    expect(onChange).toHaveBeenLastCalledWith(['D']);
    rerender(<QuestionAnswer question={view({ type: 2, options: abcd })} value={['D']} onChange={onChange} />);
    fireEvent.click(screen.getByText('选项A'));
    expect(onChange).toHaveBeenLastCalledWith(['A', 'D']);
  });

  it('true/false reports its letter', () => {
    const options = [
      { key: 'A', content: p('正确') },
      { key: 'B', content: p('错误') },
    ];
    const { onChange } = answer(view({ type: 3, options }));
    fireEvent.click(screen.getByText('错误'));
    expect(onChange).toHaveBeenLastCalledWith('B');
  });

  it('short answer reports the text', () => {
    const { onChange } = answer(view({ type: 4 }));
    fireEvent.change(screen.getByPlaceholderText('请输入你的答案'), { target: { value: '事务的原子性' } });
    expect(onChange).toHaveBeenLastCalledWith('事务的原子性');
  });

  it('fill blank reports one text per blank', () => {
    const { onChange, container } = answer(view({ type: 5, blankCount: 2 }));
    const inputs = container.querySelectorAll('input');
    expect(inputs).toHaveLength(2);
    fireEvent.change(inputs[1], { target: { value: '上海' } });
    expect(onChange).toHaveBeenLastCalledWith(['', '上海']);
  });

  it('matching reports the right item chosen for a left item', async () => {
    const matching = {
      left: [{ key: '1', content: p('猫') }],
      right: [
        { key: 'A', content: p('汪') },
        { key: 'B', content: p('喵') },
      ],
    };
    const { onChange, container } = answer(view({ type: 6, matching }));
    expect(screen.getByText('猫')).toBeTruthy();
    // antd's Select is loaded when a matching question is shown (the exam room's size budget)
    const select = await waitFor(
      () => {
        const el = container.querySelector('.ant-select');
        if (!el) throw new Error('select not loaded yet');
        return el as HTMLElement;
      },
      { timeout: 15_000 },
    );
    fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
    fireEvent.click(within(document.body).getByTitle('B. 喵'));
    expect(onChange).toHaveBeenLastCalledWith({ 1: 'B' });
  });

  it('ordering shows the items, moves one down and reports the keys first to last', () => {
    const items = ['x1', 'x2', 'x3'].map((key, i) => ({ key, content: p(`第${i}步`) }));
    const { onChange, rerender } = answer(view({ type: 7, options: items }));
    expect(screen.getAllByTestId(/^ordering-item-/).map((li) => li.textContent)).toEqual([
      '1第0步',
      '2第1步',
      '3第2步',
    ]);
    fireEvent.click(screen.getByTestId('ordering-confirm'));
    expect(onChange).toHaveBeenLastCalledWith(['x1', 'x2', 'x3']);
    fireEvent.click(screen.getByLabelText('下移第1项'));
    expect(onChange).toHaveBeenLastCalledWith(['x2', 'x1', 'x3']);
    // The answer given decides the order shown.
    rerender(
      <QuestionAnswer question={view({ type: 7, options: items })} value={['x3', 'x1', 'x2']} onChange={onChange} />,
    );
    expect(screen.getAllByTestId(/^ordering-item-/).map((li) => li.textContent)).toEqual([
      '1第2步',
      '2第0步',
      '3第1步',
    ]);
    expect(screen.queryByTestId('ordering-confirm')).toBeNull();
  });

  it('ordering review shows the right order and marks each place', () => {
    const items = ['x1', 'x2', 'x3'].map((key, i) => ({ key, content: p(`第${i}步`) }));
    const q = view({ type: 7, options: items });
    const shown = { ...q, answer: { order: ['x2', 'x3', 'x1'] } };
    render(
      <QuestionAnswer question={q} value={['x2', 'x1', 'x3']} disabled reveal={{ isRight: false, question: shown }} />,
    );
    expect(screen.getByTestId('ordering-right').textContent).toBe('1. 第1步 → 2. 第2步 → 3. 第0步');
    const marks = screen.getAllByTestId(/^ordering-item-/).map((li) => li.className.includes('qa-option--right'));
    expect(marks).toEqual([true, false, false]);
    expect(screen.getByTestId('verdict').textContent).toContain('回答错误');
  });

  it('composite reports each child answer under its id', () => {
    const child = view({ id: 'c1', type: 1, options: abcd, content: p('小题') });
    const { onChange } = answer(view({ type: 99, children: [child] }));
    fireEvent.click(screen.getByText('选项B'));
    expect(onChange).toHaveBeenLastCalledWith({ c1: 'B' });
  });

  it('the right answer of each kind reads as before', () => {
    expect(rightAnswerText(view({ type: 2, options: abcd.map((o) => ({ ...o, isRight: o.key !== 'B' })) }))).toBe(
      'A、C、D',
    );
    expect(rightAnswerText(view({ type: 5, answer: { blanks: [{ answers: ['北京', '京'] }] } }))).toBe(
      '第1空：北京 或 京',
    );
    expect(rightAnswerText(view({ type: 6, answer: { pairs: [{ left: '1', right: 'B' }] } }))).toBe('1-B');
    expect(rightAnswerText(view({ type: 99 }))).toBeNull();
  });

  it('the answer card counts an answer per kind', () => {
    expect(kindOf(7)?.answered([])).toBe(false);
    expect(kindOf(7)?.answered(['x1', 'x2'])).toBe(true);
    expect(kindOf(4)?.answered('  ')).toBe(false);
    expect(kindOf(6)?.answered({ 1: 'A' })).toBe(true);
  });
});

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
