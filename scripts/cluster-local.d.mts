/** The site's nginx configuration of docs/DEPLOY.md (cluster-local.mjs), for tests and benches. */
export function nginxConfig(options: { listen: number; upstreams: string[]; prefix: string }): string;
