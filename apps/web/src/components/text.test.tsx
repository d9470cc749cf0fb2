import { cleanup, render, screen } from '@testing-library/react';
import { Typography, theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { Text, Title4 } from './text';

afterEach(cleanup);

const token = theme.getDesignToken();

describe('Text and Title4 (Typography colours without Typography)', () => {
  it.each(['secondary', 'danger', 'success', 'warning'] as const)(
    'type %s has the colour antd gives Typography.Text of that type',
    (type) => {
      render(
        <>
          <Text type={type}>自己的</Text>
          <Typography.Text type={type}>antd 的</Typography.Text>
        </>,
      );
      // antd writes the colour as a CSS variable of a token (jsdom does not resolve variables):
      // var(--ant-color-text-description) is the token colorTextDescription.
      const theirs = getComputedStyle(screen.getByText('antd 的')).color;
      const variable = /^var\(--ant-([a-z-]+)\)$/.exec(theirs)?.[1];
      expect(variable).toBeDefined();
      const key = (variable ?? '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof typeof token;
      const probe = document.createElement('span');
      probe.style.color = String(token[key]);
      expect(probe.style.color).not.toBe('');
      expect(screen.getByText('自己的').style.color).toBe(probe.style.color);
    },
  );

  it('strong is the strong weight; own style wins', () => {
    render(
      <Text strong style={{ fontSize: 16 }} data-testid="t">
        今日待复习 3 题
      </Text>,
    );
    const el = screen.getByTestId('t');
    expect(el.style.fontWeight).toBe(String(token.fontWeightStrong));
    expect(el.style.fontSize).toBe('16px');
  });

  it('Title4 is an h4 in the heading size of Typography.Title level 4', () => {
    render(
      <>
        <Title4>标题</Title4>
        <Typography.Title level={4}>对照</Typography.Title>
      </>,
    );
    const own = screen.getByText('标题');
    expect(own.tagName).toBe('H4');
    expect(own.style.fontSize).toBe(`${token.fontSizeHeading4}px`);
    expect(screen.getByText('对照').tagName).toBe('H4');
  });
});
