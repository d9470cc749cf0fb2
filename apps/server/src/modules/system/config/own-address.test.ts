import { describe, expect, it } from 'vitest';
import { namesOwnSite } from './own-address.js';

const at = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol, listenPort: 3000 });

describe('an address naming this site', () => {
  it('treats every loopback name as one host and the web ports as one', async () => {
    expect(await namesOwnSite('http://localhost:8210/', at('127.0.0.1:8210'))).toBe(true);
    expect(await namesOwnSite('http://127.9.9.9:8210/x/', at('localhost:8210'))).toBe(true);
    expect(await namesOwnSite('https://exam.example.com/', at('exam.example.com'))).toBe(true);
    expect(await namesOwnSite('http://EXAM.example.com:443/', at('exam.example.com', 'https'))).toBe(true);
  });

  it("finds this machine on the server's own port under any local name", async () => {
    expect(await namesOwnSite('http://127.0.0.1:3000/', at('exam.example.com', 'https'))).toBe(true);
    expect(await namesOwnSite('http://0.0.0.0:3000/', at('exam.example.com', 'https'))).toBe(true);
  });

  it('leaves other services alone, on this machine or another', async () => {
    expect(await namesOwnSite('http://127.0.0.1:9000/', at('127.0.0.1:8210'))).toBe(false);
    expect(await namesOwnSite('https://ai.example.com/', at('exam.example.com', 'https'))).toBe(false);
    expect(await namesOwnSite('http://localhost/', at('exam.example.com', 'https'))).toBe(false);
    expect(await namesOwnSite('not a url', at('exam.example.com'))).toBe(false);
  });
});
