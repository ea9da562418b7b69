/** Server configuration, read once from the environment (see the README's configuration table). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiKeys: string[];
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  videoBaseUrl: string;
  mapTileUrl: string;
  webDistDir: string;
  demoDir: string;
  loadDemo: boolean;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    apiKeys: (env.API_KEYS ?? 'creneau-dev')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Créneau <no-reply@creneau.localhost>',
    videoBaseUrl: (env.VIDEO_BASE_URL ?? 'https://meet.jit.si').replace(/\/$/, ''),
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    demoDir: path.resolve(env.DEMO_DIR ?? path.join(repoRoot, 'demo')),
    loadDemo: env.LOAD_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
