/**
 * The frame of an admin screen: a card with a title, optional actions, an optional search bar
 * and the content (usually a table). Admin pages of later issues build on it.
 */
import { Card, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface PageContainerProps {
  title?: ReactNode;
  /** Buttons on the right of the title. */
  extra?: ReactNode;
  /** A filter form shown above the content. */
  search?: ReactNode;
  children?: ReactNode;
}

export default function PageContainer({ title, extra, search, children }: PageContainerProps) {
  return (
    <div className="page-container">
      <Card className="page-card" variant="borderless">
        {(title || extra) && (
          <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Space wrap>{extra}</Space>
          </Flex>
        )}
        {search && <div className="page-container__search">{search}</div>}
        {children}
      </Card>
    </div>
  );
}

/** A row of table actions separated evenly (edit, delete...). */
export function TableActions({ children }: { children: ReactNode }) {
  return (
    <Space size={4} wrap>
      {children}
    </Space>
  );
}
