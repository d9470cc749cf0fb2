/** The link buttons of an admin list's 操作 column (courses, live rooms): an action, and 删除 behind the usual confirmation. */
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { confirmDelete } from '../sys/shared';

export function ActionLink({
  onClick,
  testId,
  children,
}: {
  onClick: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Button type="link" size="small" onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

export function DeleteLink({ onDelete }: { onDelete: () => Promise<unknown> }) {
  const { modal } = App.useApp();
  return (
    <Button type="link" size="small" danger onClick={() => confirmDelete(modal, onDelete)}>
      删除
    </Button>
  );
}
