/** A multipart/form-data body for app.inject: text fields first, then the file part `file`. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; body: Buffer | string },
): { payload: Buffer; contentType: string } {
  const boundary = `----t${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const filePart = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

/** Bodies the multipart parser cannot read: [name, content type, body]. */
export const MALFORMED_MULTIPART_BODIES: [string, string, Buffer][] = [
  ['no boundary', 'multipart/form-data', Buffer.from(`${filePart('XX')}hello\r\n--XX--\r\n`)],
  ['a file part cut short', 'multipart/form-data; boundary=XX', Buffer.concat([Buffer.from(filePart('XX')), PNG])],
  [
    'a field cut short',
    'multipart/form-data; boundary=XX',
    Buffer.from('--XX\r\nContent-Disposition: form-data; name="repoId"\r\n\r\nabc'),
  ],
  ['nothing but garbage', 'multipart/form-data; boundary=XX', Buffer.from('garbage')],
  [
    'a 300-character boundary',
    `multipart/form-data; boundary=${'b'.repeat(300)}`,
    Buffer.from(filePart('b'.repeat(300))),
  ],
];

/** A cut-short PNG upload: the part's head and 2 KB of it, no closing boundary. */
export const cutShortPng = (): [string, Buffer] => [
  'multipart/form-data; boundary=XX',
  Buffer.concat([Buffer.from(filePart('XX')), PNG, Buffer.alloc(2048, 1)]),
];

const nested = (tag: string, levels: number, inner: string) =>
  `${`<${tag}>`.repeat(levels)}${inner}${`</${tag}>`.repeat(levels)}`;

/** A Moodle XML file whose question text nests `levels` <b> elements. */
export const deepMoodleXml = (levels: number) =>
  `<?xml version="1.0"?><quiz><question type="truefalse"><name><text>深</text></name>
  <questiontext format="html"><text>${nested('b', levels, '嵌套')}</text></questiontext>
  <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;

/** A QTI 2.1 choice item whose body nests `levels` <div> elements around the interaction. */
export const deepQtiXml = (levels: number) =>
  `<?xml version="1.0"?><assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="deep" title="深" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration>
  <itemBody>${nested('div', levels, '<choiceInteraction responseIdentifier="RESPONSE" maxChoices="1"><simpleChoice identifier="A">对</simpleChoice><simpleChoice identifier="B">错</simpleChoice></choiceInteraction>')}</itemBody></assessmentItem>`;
