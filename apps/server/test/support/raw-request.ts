/**
 * A JSON request on a connection of its own (no keep-alive agent): each request is a separate
 * client, so requests sent together really race each other at the server, as visitors' do.
 */
import http from 'node:http';

export interface RawAnswer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

export function rawJsonRequest(
  port: number,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const data = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: {
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}
