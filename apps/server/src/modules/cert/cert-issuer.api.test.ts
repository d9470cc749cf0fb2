/**
 * What names the issuer on a certificate: the organisation's name, its seal placed like a field and
 * a built-in border, on the PDF (read with pdftotext and pdftoppm) and on the public verification;
 * a printed number alone asks for the holder's name.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { certCertDownload, certCertIssue, certTmplDetail, certTmplSave, certVerify, ErrorCode } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCert, sysFile, sysUser } from '../../db/schema/index.js';
import { serverRoot } from '../../platform/paths.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let sealId: string;

const FIELDS = [
  { kind: 'realName', x: 0.1, y: 0.3, width: 0.8, fontSize: 36, color: '#222222', align: 'center' },
  { kind: 'issuer', x: 0.5, y: 0.66, width: 0.34, fontSize: 16, color: '#333333', align: 'center' },
  { kind: 'seal', x: 0.6, y: 0.58, width: 0.14, fontSize: 12, color: '#000000', align: 'center' },
  { kind: 'certNo', x: 0.05, y: 0.85, width: 0.4, fontSize: 12, color: '#666666', align: 'left' },
];
const tmpl = (patch: Record<string, unknown> = {}) => ({
  title: '特种作业操作证',
  orientation: 'landscape',
  prefix: 'SEAL',
  validMonths: 0,
  issuerName: '  云帆安全培训学院  ',
  sealFileId: sealId,
  border: 'classic',
  fields: FIELDS,
  rules: [],
  ...patch,
});

/** The page at 50 dpi (A4 landscape: 584×413 px) and its text. */
function readPdf(pdf: Buffer): { text: string; png: PNG } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-issuer-'));
  const file = path.join(dir, 'cert.pdf');
  fs.writeFileSync(file, pdf);
  if (process.env.CERT_KEEP_PDF) fs.copyFileSync(file, process.env.CERT_KEEP_PDF);
  const text = execFileSync('pdftotext', [file, '-']).toString();
  execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', file, path.join(dir, 'page')]);
  return { text, png: PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png'))) };
}

/** Share of the pixels in the box (fractions of the page) that match. */
function share(png: PNG, box: [number, number, number, number], match: (r: number, g: number, b: number) => boolean) {
  const [x0, y0, x1, y1] = box.map((v, i) => Math.round(v * (i % 2 ? png.height : png.width)));
  let hit = 0;
  let all = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      all++;
      if (match(png.data[i], png.data[i + 1], png.data[i + 2])) hit++;
    }
  return hit / all;
}
const isRed = (r: number, g: number, b: number) => r > 150 && g < 110 && b < 110;
const isDark = (r: number, g: number, b: number) => r + g + b < 300;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  const key = `files/test/seal-${Date.now()}.png`;
  const image = fs.readFileSync(path.join(serverRoot, 'assets', 'demo', 'seal.png'));
  await t.app.deps.blobs.put(key, image, { contentType: 'image/png' });
  const [file] = await t.db
    .insert(sysFile)
    .values({
      id: `seal${Date.now()}`,
      originalName: '印章.png',
      mime: 'image/png',
      size: image.length,
      storagePath: key,
    })
    .returning();
  sealId = file.id;
});
afterAll(async () => t.close());

describe('the issuer on the template', () => {
  it('keeps the organisation, the seal and the border, and refuses a seal or issuer field without them', async () => {
    const saved = await t.call(certTmplSave.path, tmpl(), admin);
    expect(saved.code).toBe(0);
    const detail = await t.call(certTmplDetail.path, { id: saved.data.id }, admin);
    expect(detail.data).toMatchObject({ issuerName: '云帆安全培训学院', sealFileId: sealId, border: 'classic' });

    const noSeal = await t.call(certTmplSave.path, tmpl({ sealFileId: null }), admin);
    expect(noSeal.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noSeal.msg).toContain('印章图片');
    const noIssuer = await t.call(certTmplSave.path, tmpl({ issuerName: ' ' }), admin);
    expect(noIssuer.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noIssuer.msg).toContain('发证机构');
    const badBorder = await t.call(certTmplSave.path, tmpl({ border: 'neon' }), admin);
    expect(badBorder.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badBorder.msg).toContain('边框样式');
    const missing = await t.call(certTmplSave.path, tmpl({ sealFileId: 'nope' }), admin);
    expect(missing.code).toBe(ErrorCode.BAD_PARAMS);
    expect(missing.msg).toContain('印章图片');
  });

  it('prints the issuer, stamps the seal where its field is and draws the border; verification names the issuer', async () => {
    const saved = await t.call(certTmplSave.path, tmpl({ title: '电工作业证', prefix: 'ELEC' }), admin);
    const [lisi] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'lisi'));
    const issued = await t.call(
      certCertIssue.path,
      { tmplId: saved.data.id, userIds: [lisi.id], achievement: '低压电工作业' },
      admin,
    );
    expect(issued.data.issued).toBe(1);
    const [cert] = await t.db.select().from(elCert).where(eq(elCert.tmplId, saved.data.id));
    const res = await t.app.inject({
      method: 'POST',
      url: certCertDownload.path,
      payload: { id: cert.id },
      headers: { token: admin },
    });
    expect(res.headers['content-type']).toContain('application/pdf');
    const { text, png } = readPdf(res.rawPayload);
    expect(text).toContain('云帆安全培训学院');
    expect(text).toContain(cert.certNo);
    // The printed number links to the verify page with that number, which asks for the holder's name.
    expect(res.rawPayload.toString('latin1')).toContain(`/cert/verify/${cert.certNo}`);
    // The seal: red ink in its box (0.6-0.74 across, 0.58 down, as wide as tall), none far from it.
    expect(share(png, [0.6, 0.58, 0.74, 0.78], isRed)).toBeGreaterThan(0.08);
    expect(share(png, [0.1, 0.58, 0.4, 0.78], isRed)).toBe(0);
    // The classic border: a 5 pt navy rule 18 pt in from each edge (15.5-20.5 pt).
    expect(share(png, [0.1, 16 / 595, 0.9, 20 / 595], isDark)).toBeGreaterThan(0.9);
    expect(share(png, [16 / 842, 0.1, 20 / 842, 0.9], isDark)).toBeGreaterThan(0.9);

    const verified = await t.call(certVerify.path, { keyword: cert.certNo, holderName: '李四' }, null);
    expect(verified.data).toMatchObject({ issuerName: '云帆安全培训学院', tmplTitle: '电工作业证' });
  });

  it('asks for the holder name when given a printed number alone, whether or not it exists', async () => {
    const [cert] = await t.db.select().from(elCert).limit(1);
    for (const keyword of [cert.certNo, cert.certNo.toLowerCase(), 'ELEC-1999-000042']) {
      const alone = await t.call(certVerify.path, { keyword }, null);
      expect(alone.code).toBe(ErrorCode.BAD_PARAMS);
      expect(alone.msg).toContain('持证人姓名');
      expect(alone.data).toBeNull();
    }
    expect((await t.call(certVerify.path, { keyword: cert.certNo, holderName: '王五' }, null)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await t.call(certVerify.path, { keyword: 'not-a-code' }, null)).code).toBe(ErrorCode.NOT_FOUND);
  });
});
