// Gives a Playwright worker's server an empty PostgreSQL database of its own (dropped and created
// again), named by the server's port, on the server of TEST_DATABASE_URL.
import pg from 'pg';

const [base, name] = process.argv.slice(2);
if (!base || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node fresh-database.mjs <postgres url> <database name>');
  process.exit(2);
}
const admin = new URL(base);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
// WITH (FORCE): a server of an earlier run that was killed may still hold a connection.
await client.query(`drop database if exists ${name} with (force)`);
await client.query(`create database ${name}`);
await client.end();
