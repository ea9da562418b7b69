/**
 * Turns a mail's content into its two parts from one description, so the text and HTML parts always
 * say the same thing. Every text is escaped here (group names, comments and service names are user
 * input) and every link must be http(s). Both parts carry the group's identity (name, site) and the
 * HTML part its logo and colours (mail-brand.ts; colours only ever as checked "#RRGGBB").
 */
import { type MailBrand, type MailColors, mailColors } from './mail-brand.ts';

export interface MailLink {
  label: string;
  url: string;
}

export interface AppointmentEntry {
  when: string;
  title: string;
  lines: string[];
  video: MailLink | null;
}

export type MailBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'button'; link: MailLink }
  | { type: 'links'; links: MailLink[] }
  | { type: 'appointments'; heading: string; entries: AppointmentEntry[] }
  | { type: 'quote'; label: string; text: string }
  | { type: 'note'; text: string };

export interface MailDocument {
  /** The html lang attribute. */
  lang: string;
  /** Shown as the mail's heading: the group's name. */
  heading: string;
  subject: string;
  /** The first line mail clients show in the inbox list. */
  preheader: string;
  blocks: MailBlock[];
  /** Said once under the first button, with its address, for clients that break buttons. */
  linkFallback: string;
  footer: string;
  /** The group's logo, colours and site (defaults without). */
  brand?: MailBrand | undefined;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** The link itself when it is an absolute http(s) URL; anything else (javascript:, data:) is a bug upstream. */
export function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`not an absolute URL in a mail: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`only http(s) links may go in a mail: ${url}`);
  return url;
}

/** The link when it is an absolute http(s) URL, else null (optional brand links are left out). */
function optionalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return safeUrl(url);
  } catch {
    return null;
  }
}

/** Renders the text part and the HTML part of a mail. */
export function renderDocument(doc: MailDocument): { text: string; html: string } {
  return { text: renderText(doc), html: renderHtml(doc) };
}

function renderText(doc: MailDocument): string {
  // The group's name as a title, underlined, and its site: who writes is clear in any client.
  const website = optionalUrl(doc.brand?.website);
  const parts: string[] = [
    [doc.heading, '='.repeat(Math.min(60, [...doc.heading].length)), ...(website ? [website] : [])].join(
      '\n',
    ),
  ];
  for (const block of doc.blocks) {
    switch (block.type) {
      case 'paragraph':
      case 'note':
        parts.push(block.text);
        break;
      case 'button':
        parts.push(`${block.link.label}\n${safeUrl(block.link.url)}`);
        break;
      case 'links':
        parts.push(block.links.map((link) => `${link.label}\n${safeUrl(link.url)}`).join('\n\n'));
        break;
      case 'appointments':
        parts.push(
          [
            block.heading,
            ...block.entries.map((entry) =>
              [
                `- ${entry.when}`,
                `  ${entry.title}`,
                ...entry.lines.map((line) => `  ${line}`),
                ...(entry.video ? [`  ${entry.video.label}`, `  ${safeUrl(entry.video.url)}`] : []),
              ].join('\n'),
            ),
          ].join('\n'),
        );
        break;
      case 'quote':
        parts.push(`${block.label}\n${block.text.replace(/^/gm, '> ')}`);
        break;
    }
  }
  parts.push(`-- \n${[doc.heading, website, doc.footer].filter(Boolean).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT = `${FONT};font-size:16px;line-height:1.5;color:#1f2933`;

/** Escaped text with its line breaks kept (comments span several lines). */
function multiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

function button(link: MailLink, colors: MailColors): string {
  return (
    `<a href="${escapeHtml(safeUrl(link.url))}" class="brand-button" style="display:inline-block;padding:12px 22px;border-radius:6px;` +
    `background:${colors.button};color:${colors.buttonLabel};font-weight:bold;text-decoration:none;${FONT};font-size:16px">` +
    `${escapeHtml(link.label)}</a>`
  );
}

function anchor(link: MailLink, colors: MailColors): string {
  return `<a href="${escapeHtml(safeUrl(link.url))}" style="color:${colors.link}">${escapeHtml(link.label)}</a>`;
}

function blockHtml(block: MailBlock, fallback: { text: string; shown: boolean }, colors: MailColors): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;${TEXT}">${multiline(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;${TEXT};font-size:14px;color:#52606d">${multiline(block.text)}</p>`;
    case 'button': {
      let html = `<p style="margin:24px 0">${button(block.link, colors)}</p>`;
      if (!fallback.shown) {
        fallback.shown = true;
        html +=
          `<p style="margin:0 0 16px;${TEXT};font-size:13px;color:#52606d">${escapeHtml(fallback.text)}<br>` +
          `<span style="word-break:break-all">${escapeHtml(safeUrl(block.link.url))}</span></p>`;
      }
      return html;
    }
    case 'links':
      return `<p style="margin:0 0 16px;${TEXT}">${block.links.map((link) => anchor(link, colors)).join(' &nbsp;·&nbsp; ')}</p>`;
    case 'appointments':
      return (
        `<h2 style="margin:24px 0 12px;${FONT};font-size:17px;color:#1f2933">${escapeHtml(block.heading)}</h2>` +
        block.entries
          .map(
            (entry) =>
              `<div style="margin:0 0 12px;padding:12px 16px;border-left:4px solid ${colors.button};background:${colors.tint};${TEXT}">` +
              `<div style="font-weight:bold">${escapeHtml(entry.when)}</div>` +
              `<div>${escapeHtml(entry.title)}</div>` +
              entry.lines.map((line) => `<div style="color:#52606d">${escapeHtml(line)}</div>`).join('') +
              (entry.video ? `<div style="margin-top:8px">${anchor(entry.video, colors)}</div>` : '') +
              '</div>',
          )
          .join('')
      );
    case 'quote':
      return (
        `<p style="margin:0 0 4px;${TEXT};font-weight:bold">${escapeHtml(block.label)}</p>` +
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd2d9;${TEXT};color:#3e4c59">` +
        `${multiline(block.text)}</blockquote>`
      );
  }
}

function renderHtml(doc: MailDocument): string {
  const fallback = { text: doc.linkFallback, shown: false };
  const colors = mailColors(doc.brand);
  const body = doc.blocks.map((block) => blockHtml(block, fallback, colors));
  const logo = optionalUrl(doc.brand?.logoUrl);
  const website = optionalUrl(doc.brand?.website);
  // The band: the logo (its alt text is the name, for clients that block images) and the name.
  const band =
    `<tr><td class="brand-band" style="background:${colors.headerBackground};border-radius:8px 8px 0 0;padding:20px 32px;` +
    `border-bottom:4px solid ${colors.button}">` +
    (logo
      ? // On a white tile, as in the page header: logos are drawn for a light background.
        `<span style="display:inline-block;margin:0 14px 0 0;padding:6px 10px;border-radius:6px;background:#ffffff;vertical-align:middle">` +
        `<img src="${escapeHtml(logo)}" alt="${escapeHtml(doc.heading)}" height="36" ` +
        `style="display:block;height:36px;max-width:180px;border:0"></span>`
      : '') +
    `<span style="${FONT};font-size:20px;font-weight:bold;vertical-align:middle;color:${colors.headerText}">` +
    `${escapeHtml(doc.heading)}</span></td></tr>`;
  return `<!doctype html>
<html lang="${escapeHtml(doc.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(doc.subject)}</title>
<style>@media (max-width: 620px) { .card { padding: 20px 16px !important; } }</style>
</head>
<body style="margin:0;padding:0;background:#f0f2f5">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(doc.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f0f2f5">
<tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
${band}
<tr><td class="card" style="background:#ffffff;border-radius:0 0 8px 8px;padding:32px">
<h1 style="margin:0 0 24px;${FONT};font-size:22px;color:#1f2933">${escapeHtml(doc.subject)}</h1>
${body.join('\n')}
</td></tr>
<tr><td style="padding:16px 8px;${FONT};font-size:12px;line-height:1.5;color:#7b8794;text-align:center">${escapeHtml(doc.heading)}${website ? ` · <a href="${escapeHtml(website)}" style="color:#7b8794">${escapeHtml(website.replace(/^https?:\/\//, '').replace(/\/$/, ''))}</a>` : ''}<br>${escapeHtml(doc.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
