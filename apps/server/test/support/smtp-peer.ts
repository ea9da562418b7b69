/** A real SMTP server (smtp-server) in the test process, keeping every mail it accepts. */
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface Received {
  envelopeTo: string[];
  raw: Buffer;
  mail: Email;
}

/** A real SMTP server in the test process; stop() and listen() again on the same port simulate an outage. */
export class SmtpPeer {
  received: Received[] = [];
  errors: Error[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  constructor(private readonly rejectRecipient: (address: string) => boolean = () => false) {}

  async listen(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      // The worker's pooled connections stay open; an outage must cut them at once.
      closeTimeout: 100,
      onRcptTo: (address, _session, callback) => {
        if (this.rejectRecipient(address.address)) {
          const error = Object.assign(new Error('no such user here'), { responseCode: 550 });
          callback(error);
        } else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          PostalMime.parse(raw).then(
            (mail) => {
              this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, mail });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    // A client that dies mid-conversation (a process killed on purpose) resets its connection:
    // kept, not thrown, so the test sees only what it checks.
    server.on('error', (error) => this.errors.push(error));
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
