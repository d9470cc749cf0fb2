/**
 * The page of a certificate template at screen scale: the background and each field drawn with
 * sample data where the PDF will draw it. Fields are dragged with the pointer; positions are kept
 * as fractions of the page so the server places them the same way on A4.
 */
import { CERT_FIELD_LABELS, type TCertBorder, type TCertField } from '@exam/contracts';
import { useRef } from 'react';

/** A4 in PDF points, as the server renders it. */
export const A4 = { landscape: { w: 841.89, h: 595.28 }, portrait: { w: 595.28, h: 841.89 } } as const;

export const SAMPLE: Record<string, string> = {
  realName: '张三',
  deptName: '技术部',
  achievement: '通过《安全生产知识考试》，成绩 95 分',
  issueDate: '2026年11月24日',
  certNo: 'CERT-2026-000123',
  validUntil: '2028年12月31日',
};

/**
 * The built-in borders at screen scale, close to what the server draws (widths are in PDF points,
 * scaled with the page): a frame and the page colour.
 */
function borderStyle(border: TCertBorder, scale: number): React.CSSProperties {
  const pt = (v: number) => `${Math.max(1, v * scale)}px`;
  if (border === 'classic')
    return {
      boxShadow: `inset 0 0 0 ${pt(15.5)} #fff, inset 0 0 0 ${pt(20.5)} #1f3a5f, inset 0 0 0 ${pt(28)} #fff, inset 0 0 0 ${pt(29.2)} #1f3a5f`,
    };
  if (border === 'gilded')
    return {
      boxShadow: `inset 0 0 0 ${pt(12)} #fffaf0, inset 0 0 0 ${pt(20)} #b8862b, inset 0 0 0 ${pt(29)} #fffaf0, inset 0 0 0 ${pt(30.5)} #b8862b`,
    };
  if (border === 'ribbon') return { boxShadow: `inset 0 ${pt(26)} 0 0 #1d4f91, inset 0 -${pt(26)} 0 0 #1d4f91` };
  return {};
}

interface Props {
  orientation: 'landscape' | 'portrait';
  bgUrl: string | null;
  sealUrl?: string | null;
  border?: TCertBorder;
  issuerName?: string;
  fields: TCertField[];
  selected: number | null;
  width: number;
  onSelect: (index: number | null) => void;
  onMove: (index: number, x: number, y: number) => void;
}

const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);

export default function DesignCanvas({
  orientation,
  bgUrl,
  sealUrl = null,
  border = 'none',
  issuerName = '',
  fields,
  selected,
  width,
  onSelect,
  onMove,
}: Props) {
  const page = A4[orientation];
  const height = (width * page.h) / page.w;
  const scale = width / page.w;
  const drag = useRef<{ index: number; px: number; py: number; x: number; y: number } | null>(null);

  const down = (e: React.PointerEvent, index: number) => {
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { index, px: e.clientX, py: e.clientY, x: fields[index].x, y: fields[index].y };
    onSelect(index);
  };
  const move = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const f = fields[d.index];
    const x = clamp(d.x + (e.clientX - d.px) / width, 1 - f.width);
    const y = clamp(d.y + (e.clientY - d.py) / height, 0.98);
    onMove(d.index, Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000);
  };
  const up = () => {
    drag.current = null;
  };

  return (
    <div
      data-testid="cert-canvas"
      onPointerDown={() => onSelect(null)}
      style={{
        position: 'relative',
        width,
        height,
        background: bgUrl
          ? `#fff url(${bgUrl}) center / 100% 100% no-repeat`
          : border === 'gilded'
            ? '#fffaf0'
            : '#fffdf5',
        ...borderStyle(border, scale),
        outline: '1px solid rgba(0,0,0,.12)',
        overflow: 'hidden',
        userSelect: 'none',
        touchAction: 'none',
      }}
    >
      {fields.map((f, i) => {
        const isQr = f.kind === 'qrcode';
        const isSeal = f.kind === 'seal';
        const square = isQr || isSeal;
        const text =
          f.kind === 'text'
            ? f.text || '固定文字'
            : f.kind === 'issuer'
              ? issuerName || '（请填写发证机构）'
              : SAMPLE[f.kind];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: fields have no id; their order is their identity here
            key={i}
            data-testid={`cert-field-${f.kind}`}
            data-x={f.x}
            data-y={f.y}
            onPointerDown={(e) => down(e, i)}
            onPointerMove={move}
            onPointerUp={up}
            title={CERT_FIELD_LABELS[f.kind]}
            style={{
              position: 'absolute',
              left: `${f.x * 100}%`,
              top: `${f.y * 100}%`,
              width: `${f.width * 100}%`,
              height: square ? f.width * width : undefined,
              fontSize: f.fontSize * scale,
              lineHeight: 1.2,
              color: f.color,
              textAlign: f.align,
              cursor: 'move',
              outline: selected === i ? '2px dashed #1677ff' : '1px dashed rgba(0,0,0,.2)',
              background: isQr
                ? 'repeating-conic-gradient(#222 0 25%, #fff 0 50%) 0 0 / 12.5% 12.5%'
                : isSeal && sealUrl
                  ? `url(${sealUrl}) center / contain no-repeat`
                  : undefined,
              whiteSpace: 'pre-wrap',
            }}
          >
            {isQr ? null : isSeal ? (sealUrl ? null : '请上传印章') : text}
          </div>
        );
      })}
    </div>
  );
}
