/**
 * Text in the colours and weights of antd's Typography (Text type/strong, Title level 4), from the
 * theme's tokens, without Typography itself: Typography brings its ellipsis, copy and in-place
 * editing (TextArea) machinery, ~12 KB gzip that the learner's first page only used for colour
 *. Pages that need ellipsis, copy or editing keep antd's Typography.
 */
import { theme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

type TextType = 'secondary' | 'danger' | 'success' | 'warning';

interface TextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'type'> {
  type?: TextType;
  strong?: boolean;
  children?: ReactNode;
}

/** A span like `<Typography.Text type strong>`. */
export function Text({ type, strong, style, ...rest }: TextProps) {
  const { token } = theme.useToken();
  // The tokens of antd's typography/style/index.js.
  const colors: Record<TextType, string> = {
    secondary: token.colorTextDescription,
    danger: token.colorErrorText,
    success: token.colorSuccessText,
    warning: token.colorWarningText,
  };
  const own: CSSProperties = {
    color: type ? colors[type] : token.colorText,
    wordBreak: 'break-word',
    lineHeight: token.lineHeight,
    ...(strong ? { fontWeight: token.fontWeightStrong } : {}),
  };
  return <span {...rest} style={{ ...own, ...style }} />;
}

/** An h4 like `<Typography.Title level={4}>`. */
export function Title4({ style, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  const { token } = theme.useToken();
  return (
    <h4
      {...rest}
      style={{
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token.fontSizeHeading4,
        lineHeight: token.lineHeightHeading4,
        marginBottom: '0.5em',
        wordBreak: 'break-word',
        ...style,
      }}
    />
  );
}
