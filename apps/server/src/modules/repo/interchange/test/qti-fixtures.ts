/** QTI fixtures (written from 1EdTech's QTI 2.1/3.0 documentation) and a content package built from them. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'qti');
export const qtiFixture = (name: string) => fs.readFileSync(path.join(dir, name));
const fixture = qtiFixture;

// A valid 1×1 PNG (the storage port checks its magic bytes).
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export const manifest = (hrefs: string[], version = 'v2p1') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M1">
  <organizations/>
  <resources>
    <resource identifier="test" type="imsqti_test_xml${version}" href="test.xml"><file href="test.xml"/></resource>
    ${hrefs.map((h, i) => `<resource identifier="r${i}" type="imsqti_item_xml${version}" href="${h}"><file href="${h}"/></resource>`).join('\n    ')}
  </resources>
</manifest>`;

export function qtiPackage(): Buffer {
  const names = [
    'choice',
    'choice-multiple',
    'text-entry',
    'extended-text',
    'match',
    'associate',
    'order',
    'inline-choice',
    'slider',
  ];
  return Buffer.from(
    zipSync({
      'imsmanifest.xml': Buffer.from(manifest([...names.map((n) => `items/${n}.xml`), 'items/missing.xml'])),
      'test.xml': Buffer.from('<assessmentTest identifier="t"/>'),
      ...Object.fromEntries(names.map((n) => [`items/${n}.xml`, fixture(`${n}.xml`)])),
      'images/sign.png': PNG,
    }),
  );
}
