/**
 * Helpers of the customer-area browser tests: the API as the page sees it (api key, token), the
 * mails the server wrote as .eml files under its data directory, fresh customers (registered and
 * activated through their mail, so each test owns its account), and bookings made through the API
 * when a test is about what follows a booking.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const API_KEY = 'creneau-dev';

/** A unique address for a test, at a domain that goes nowhere. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
}

/**
 * A unique French mobile number for a test: the server takes records sharing a phone number for one
 * person (docs/booking.md), so tests that share one would count against each other's limits.
 */
export function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `+33 6 ${digits.match(/../g)!.join(' ')}`;
}

function apiUrl(pathname: string, params: Record<string, string | number | undefined> = {}) {
  const query = new URLSearchParams({ apikey: API_KEY });
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  return `/api${pathname}?${query}`;
}

/** GET on the API; fails the test on an error answer. */
export async function apiGet<T>(request: APIRequestContext, pathname: string, params = {}): Promise<T> {
  const response = await request.get(apiUrl(pathname, params));
  expect(response.status(), `GET ${pathname}: ${await response.text()}`).toBeLessThan(400);
  return (await response.json()) as T;
}

/** POST on the API; fails the test on an error answer. */
export async function apiPost<T>(
  request: APIRequestContext,
  pathname: string,
  body: unknown,
  params: Record<string, string | number | undefined> = {},
): Promise<T> {
  const response = await request.post(apiUrl(pathname, params), { data: body });
  expect(response.status(), `POST ${pathname}: ${await response.text()}`).toBeLessThan(400);
  return (await response.json()) as T;
}

/** The id of a group from its url name. */
export async function groupId(request: APIRequestContext, urlname: string): Promise<number> {
  return (await apiGet<{ id: number }>(request, `/v3/services/groups/${urlname}.json`)).id;
}

// ---- Mails -----------------------------------------------------------------------------------

const mailDir = () => path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

/** The decoded text of an .eml file (headers unfolded, quoted-printable and base64 parts decoded). */
function decodeEml(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        return body
          .replace(/=\r?\n/g, '')
          .replace(/(=[0-9A-F]{2})+/gi, (match) =>
            Buffer.from(match.replace(/=/g, ''), 'hex').toString('utf8'),
          );
      }
      if (/content-transfer-encoding:\s*base64/i.test(head) && /content-type:\s*text\//i.test(head)) {
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      return part;
    })
    .join('\n');
}

/** Waits for a mail to `to` whose text matches `pattern`, and answers its first matching link's path. */
export async function linkFromMail(to: string, pattern: RegExp, timeout = 20_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
    } catch {
      /* the folder appears with the first mail */
    }
    for (const file of files.sort().reverse()) {
      const raw = readFileSync(path.join(mailDir(), file), 'utf8');
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const text = decodeEml(raw);
      const links = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
      const link = links
        .map((l) => l.replace(/&amp;/g, '&').replace(/[.,;)]+$/, ''))
        .find((l) => pattern.test(l));
      if (link) {
        const url = new URL(link);
        return `${url.pathname}${url.search}`;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a link matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

// ---- Customers -------------------------------------------------------------------------------

export interface Customer {
  email: string;
  password: string;
  accountId: number;
  token: string;
}

/** Registers an account with a password through the API, activates it from its mail, logs in. */
export async function activeCustomer(
  request: APIRequestContext,
  urlname: string,
  tag: string,
  password = 'Rendez-vous#2026',
): Promise<Customer> {
  const id = await groupId(request, urlname);
  const email = uniqueEmail(tag);
  const registered = await apiPost<{ account: { id: number } }>(request, '/v3/accounts.json', {
    account: { group_id: id, email, password },
  });
  const link = await linkFromMail(email, /validation_key=/);
  const key = new URL(link, 'http://x').searchParams.get('validation_key') ?? '';
  const login = await apiPost<{ account_token: string }>(request, '/v3/sessions/login.json', {
    credentials: { email, password },
    account: { group_id: id, validation_key: key },
  });
  return { email, password, accountId: registered.account.id, token: login.account_token };
}

/** Makes the page start logged in with `token` (as after a login in this browser). */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('creneau.token', value), token);
}

// ---- Bookings --------------------------------------------------------------------------------

interface Slot {
  start: string;
}

/** Slots starting at least `hoursAhead` from now (and from `notBeforeHour` local hour), in order. */
export async function slotsFrom(
  request: APIRequestContext,
  group: number,
  selection: Record<string, string | number>,
  hoursAhead: number,
  notBeforeHour = 0,
): Promise<string[]> {
  const from = new Date(Date.now() + hoursAhead * 3_600_000);
  for (let week = 0; week < 6; week++) {
    const start = new Date(from.getTime() + week * 7 * 86_400_000).toISOString().slice(0, 10);
    const body = await apiGet<{ availabletimeslots: Slot[] }>(
      request,
      `/v3/groups/${group}/availabletimeslots`,
      {
        ...selection,
        start,
        nDays: 7,
      },
    );
    const slots = body.availabletimeslots
      .filter((s) => new Date(s.start) >= from && Number(s.start.slice(11, 13)) >= notBeforeHour)
      .map((s) => s.start);
    if (slots.length > 0) return slots;
  }
  throw new Error(`no slot for ${JSON.stringify(selection)}`);
}

export interface Booked {
  records: {
    id: number;
    start: string;
    end: string;
    type: string;
    parent_id: number | null;
    is_promoted: boolean;
    promotion: number | null;
  }[];
  fiche_token: string | null;
}

/**
 * Books the first free slot from `hoursAhead` on. Tests run in parallel (and other suites book the
 * same demo groups): a slot taken meanwhile (409 availabletimeslots) moves on to the next one, and
 * each call starts at a random one of the first slots so that parallel tests rarely collide.
 */
export async function bookFirstFree(
  request: APIRequestContext,
  group: number,
  selection: Record<string, string | number>,
  appointment: Record<string, unknown>,
  options: { hoursAhead: number; notBeforeHour?: number; token?: string },
): Promise<Booked> {
  const slots = await slotsFrom(request, group, selection, options.hoursAhead, options.notBeforeHour);
  const offset = Math.floor(Math.random() * Math.min(slots.length, 12));
  const order = [...slots.slice(offset), ...slots.slice(0, offset)];
  for (const date of order.slice(0, 20)) {
    const response = await request.post(apiUrl('/v3/appointments', { token: options.token }), {
      data: {
        appointment: { from_web: 1, group_id: group, ...appointment, date },
        with_token: options.token ? 0 : 1,
      },
    });
    if (response.status() === 409) continue;
    expect(response.status(), `POST /v3/appointments: ${await response.text()}`).toBeLessThan(400);
    return (await response.json()) as Booked;
  }
  throw new Error(`every slot tried was taken for ${JSON.stringify(selection)}`);
}

/** The appointments the API lists for a session. */
export async function listAppointments(request: APIRequestContext, group: number, token: string) {
  return apiGet<{ id: number; status: string }[]>(request, '/v3/appointments', {
    group_id: group,
    include_past: 1,
    token,
  });
}

// ---- Looking -----------------------------------------------------------------------------------

const shots = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../screenshots/tmp');

/** With SCREENSHOTS=1, saves the page as it is now (not committed; to look at). */
export async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${shots}/account-${name}-${width}.png`, fullPage: true });
}
