/** Upload whitelist: extension → served content type, with a cheap magic-bytes check. No SVG (scripts). */

export interface FileType {
  mime: string;
  /** Served inline (images, video, audio) instead of as an attachment; PDFs may carry script. */
  inline: boolean;
  magic: (head: Buffer) => boolean;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const zip = (head: Buffer) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
const jpeg = (head: Buffer) => startsWith(head, [0xff, 0xd8, 0xff]);
const mp4 = (head: Buffer) => startsWith(head, ascii('ftyp'), 4);

export const FILE_TYPES: Record<string, FileType> = {
  png: {
    mime: 'image/png',
    inline: true,
    magic: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  jpg: { mime: 'image/jpeg', inline: true, magic: jpeg },
  jpeg: { mime: 'image/jpeg', inline: true, magic: jpeg },
  gif: { mime: 'image/gif', inline: true, magic: (h) => startsWith(h, ascii('GIF8')) },
  webp: {
    mime: 'image/webp',
    inline: true,
    magic: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  },
  pdf: { mime: 'application/pdf', inline: false, magic: (h) => startsWith(h, ascii('%PDF-')) },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
    magic: zip,
  },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false, magic: zip },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    inline: false,
    magic: zip,
  },
  zip: { mime: 'application/zip', inline: false, magic: zip },
  mp4: { mime: 'video/mp4', inline: true, magic: mp4 },
  webm: { mime: 'video/webm', inline: true, magic: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]) },
  mp3: {
    mime: 'audio/mpeg',
    inline: true,
    magic: (h) => startsWith(h, ascii('ID3')) || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
  },
};

export const ALLOWED_EXTENSIONS = Object.keys(FILE_TYPES);

/** The lower-case extension of a file name, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export const INLINE_MIMES = new Set(
  Object.values(FILE_TYPES)
    .filter((t) => t.inline)
    .map((t) => t.mime),
);
