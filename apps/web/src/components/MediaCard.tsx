/** A course or live room card: the cover picture (or the title on a coloured ground), the title, then the caller's lines. */
import { Card } from 'antd';
import type { ReactNode } from 'react';
import './media-card.css';

export default function MediaCard({
  title,
  cover,
  className,
  testId,
  onOpen,
  children,
}: {
  title: string;
  cover: string | null | undefined;
  /** Sets the cover's colours (--cover-from, --cover-to). */
  className?: string;
  testId: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <Card
      hoverable
      size="small"
      className={className}
      data-testid={testId}
      onClick={onOpen}
      cover={<div className="media-card__cover">{cover ? <img src={cover} alt="" /> : title}</div>}
    >
      <div className="media-card__title">{title}</div>
      {children}
    </Card>
  );
}
