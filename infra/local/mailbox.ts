import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The dev mailbox: every email the product would send while running locally lands here instead
 * of going out. Newest first, kept on disk so a restart does not lose a verification link.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  code: string | null;
  sentAt: string;
}

const MAX_MESSAGES = 500;

export class Mailbox {
  private messages: MailMessage[] = [];

  constructor(private readonly file: string) {
    try {
      this.messages = JSON.parse(readFileSync(file, 'utf8')) as MailMessage[];
    } catch {
      this.messages = [];
    }
  }

  deliver(input: { to: string; subject: string; html: string; code?: string | null }): MailMessage {
    const message: MailMessage = {
      to: input.to,
      subject: input.subject,
      html: input.html,
      text: htmlToText(input.html),
      links: extractLinks(input.html),
      code: input.code ?? null,
      sentAt: new Date().toISOString(),
    };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, MAX_MESSAGES);
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(this.messages, null, 1));
    return message;
  }

  list(to?: string): MailMessage[] {
    const wanted = to?.toLowerCase();
    return wanted ? this.messages.filter((m) => m.to.toLowerCase() === wanted) : [...this.messages];
  }
}

export function extractLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/href="([^"]+)"/g)) links.add(decodeEntities(match[1]!));
  for (const match of html.replace(/<[^>]+>/g, ' ').matchAll(/https?:\/\/[^\s<>"]+/g))
    links.add(decodeEntities(match[0]));
  return [...links];
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export function htmlToText(html: string): string {
  const withLinks = html.replace(/<a\s+href="([^"]+)"[^>]*>(.*?)<\/a>/gi, '$2: $1');
  return decodeEntities(
    withLinks
      .replace(/<\/p>\s*/gi, '\n\n')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  ).trim();
}

const escape = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page a person sees at /_dev/mailbox. */
export function renderMailboxPage(messages: MailMessage[]): string {
  const items = messages.length
    ? messages
        .map(
          (m) => `<article>
  <header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · <time datetime="${m.sentAt}">${escape(new Date(m.sentAt).toLocaleString())}</time></span></header>
  ${m.code ? `<p class="code">Code: <code>${escape(m.code)}</code></p>` : ''}
  <div class="body">${m.html}</div>
</article>`,
        )
        .join('\n')
    : '<p class="empty">No emails yet. Sign up or ask for a password reset and the message appears here.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{max-width:760px;margin:2rem auto;padding:0 1rem}
h1{font-size:1.4rem}
article{border:1px solid #8884;border-radius:12px;padding:1rem 1.2rem;margin:1rem 0}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem}
header span{opacity:.7;font-size:.9rem}
.code code{font-size:1.2rem;letter-spacing:.15em}
.empty{opacity:.7}
</style></head>
<body><h1>Dev mailbox</h1><p>Emails the app sent while running locally (newest first). JSON: <code>GET /_dev/mailbox</code> with <code>Accept: application/json</code>.</p>
${items}
</body></html>`;
}
