/**
 * Whether an address names this very site: pathUrl is shown in a frame, and a frame of the
 * product inside itself is no second service. The site is the host the browser used (the request's
 * Host, forwarded by a trusted proxy) and this server's own port on any name of this machine
 * (localhost, 127.0.0.0/8, ::1, 0.0.0.0, the machine's names and interface addresses, and any name
 * resolving to one of them). Web ports 80 and 443 count as one (a proxy sends one to the other);
 * all loopback names count as one host.
 */
import { lookup } from 'node:dns/promises';
import os from 'node:os';

export const OWN_ADDRESS_MESSAGE =
  '该地址指向本站自身，会在页面中再嵌入一次本站；请填写第二服务（外部教学助手）的地址，或留空使用内置学习助教';

export interface SiteAddress {
  /** The request's host, with its port when one was given (`exam.example.com`, `127.0.0.1:8210`). */
  host: string;
  protocol: 'http' | 'https';
  /** The port this server listens on. */
  listenPort: number;
}

const WEB_PORTS = new Set([80, 443]);

const portOf = (u: URL) => Number(u.port || (u.protocol === 'https:' ? 443 : 80));
const bare = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

/** Loopback, the unspecified address, or a name of this machine. */
function isLocalName(host: string): boolean {
  const h = bare(host);
  if (h === 'localhost' || h.endsWith('.localhost') || h === '0.0.0.0' || h === '::' || h === '::1') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h.startsWith('::ffff:127.')) return true;
  if (h === os.hostname().toLowerCase()) return true;
  return localAddresses().has(h);
}

function localAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) out.add(a.address.toLowerCase());
  return out;
}

/** Whether `host` resolves (within 2 s) to an address of this machine; unresolvable names are not. */
async function resolvesHere(host: string): Promise<boolean> {
  try {
    const found = await Promise.race([
      lookup(bare(host), { all: true }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('dns timeout')), 2000).unref()),
    ]);
    return found.some((a) => isLocalName(a.address));
  } catch {
    return false;
  }
}

const samePort = (a: number, b: number) => a === b || (WEB_PORTS.has(a) && WEB_PORTS.has(b));

/** True when `value` (an http(s) URL) names this site; false for anything else, unparsable included. */
export async function namesOwnSite(value: string, site: SiteAddress): Promise<boolean> {
  let target: URL;
  let here: URL;
  try {
    target = new URL(value);
    here = new URL(`${site.protocol}://${site.host}/`);
  } catch {
    return false;
  }
  const port = portOf(target);
  const sitePort = portOf(here);
  const sameName = bare(target.hostname) === bare(here.hostname);
  const bothLocal = isLocalName(target.hostname) && isLocalName(here.hostname);
  if ((sameName || bothLocal) && samePort(port, sitePort)) return true;
  // This machine under another name on the server's own port. (On the web ports another name may
  // be another site of the same proxy, so a name is compared there, not its address.)
  if (port !== site.listenPort) return false;
  return isLocalName(target.hostname) || (await resolvesHere(target.hostname));
}
