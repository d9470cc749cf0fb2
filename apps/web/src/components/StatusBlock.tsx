/**
 * A status message with an icon, a title, a detail and actions: what antd's Result shows, without
 * Result's three built-in illustrations (~10 KB gzip that every first page carried through the error
 * boundary).
 */
import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { Text, Title4 } from './text';

const ICONS = {
  warning: <ExclamationCircleFilled style={{ color: '#faad14' }} />,
  error: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
};

export default function StatusBlock({
  status,
  title,
  subTitle,
  extra,
  className,
  ...rest
}: {
  status: keyof typeof ICONS;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <Flex
      vertical
      align="center"
      gap={8}
      className={className}
      style={{ padding: '48px 24px', textAlign: 'center' }}
      role="alert"
      {...rest}
    >
      <span style={{ fontSize: 64, lineHeight: 1 }}>{ICONS[status]}</span>
      <Title4 style={{ margin: '16px 0 0' }}>{title}</Title4>
      {subTitle ? <Text type="secondary">{subTitle}</Text> : null}
      {extra ? <div style={{ marginTop: 16 }}>{extra}</div> : null}
    </Flex>
  );
}
