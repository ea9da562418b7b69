/** A webhook receiver on 127.0.0.1 (a real HTTP server in the test process) whose answers are scripted. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver whose next answers are scripted: a status, or 'hang' (never answers). */
export class WebhookReceiver {
  server: Server;
  received: ReceivedWebhook[] = [];
  script: (number | 'hang')[] = [];
  private hanging = new Set<() => void>();
  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const next = this.script.shift() ?? 204;
        if (next === 'hang') {
          const end = () => response.destroy();
          this.hanging.add(end);
          request.on('close', () => this.hanging.delete(end));
          return;
        }
        response.writeHead(next).end(next >= 300 ? 'nope' : '');
      });
    });
  }
  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  close() {
    for (const end of this.hanging) end();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
