/**
 * Link previews (WeChat, DingTalk, chat apps): a shared page's title, description and picture must
 * be in the HTML the server sends, since the preview's crawler runs no script. The web app is one
 * index.html for every route; a module that owns a shareable route (the candidate module's exam
 * link) provides its meta here (a port: the platform imports no module), and the app's page
 * fallback (app.ts) writes it into index.html for that route.
 */
import type { Db } from './db.js';

export interface PageMeta {
  title: string;
  description: string;
  /** An absolute URL, or a path on this site ('/share-exam.png'). */
  image: string;
}

type MetaSource = (db: Db, match: RegExpMatchArray) => Promise<PageMeta | null>;

const sources: { pattern: RegExp; source: MetaSource }[] = [];

/** Called at load by modules/index.ts: the meta of the pages whose path matches `pattern`. */
export function providePageMeta(pattern: RegExp, source: MetaSource): void {
  sources.push({ pattern, source });
}

/** The meta of a page path, when a module provides it (a failing source gives the plain page). */
export async function pageMetaFor(db: Db, pathname: string): Promise<PageMeta | null> {
  for (const { pattern, source } of sources) {
    const match = pathname.match(pattern);
    if (match) return source(db, match).catch(() => null);
  }
  return null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** index.html with the page's title and its Open Graph meta (og:title, og:description, og:image, og:url). */
export function withPageMeta(html: string, meta: PageMeta, origin: string, pathname: string): string {
  const image = /^https?:\/\//.test(meta.image)
    ? meta.image
    : `${origin}${meta.image.startsWith('/') ? '' : '/'}${meta.image}`;
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(origin + pathname)}" />`,
    `<meta itemprop="name" content="${title}" />`,
    `<meta itemprop="image" content="${escapeHtml(image)}" />`,
  ].join('\n    ');
  const titled = /<title>[\s\S]*?<\/title>/.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/, `<title>${title}</title>`)
    : html.replace(/<head>/i, `<head>\n    <title>${title}</title>`);
  return /<\/head>/i.test(titled)
    ? titled.replace(/<\/head>/i, `    ${tags}\n  </head>`)
    : `<head><title>${title}</title>${tags}</head>${titled}`;
}
