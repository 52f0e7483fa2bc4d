// Renders the message catalogue as docs/errors.md: every id with its kind, its message (parameters
// shown as ‹name›), its hint and an example of what causes it. Needs the catalogue.
// Produces `renderErrorsDoc()`.

import { CATALOGUE } from './catalogue.js';

const asText = new Proxy({}, { get: (_t, key) => (typeof key === 'string' ? `‹${key}›` : undefined) });
const asList = new Proxy({}, { get: (_t, key) => (typeof key === 'string' ? [`‹${key}›`] : undefined) });

/** A message or hint with its parameters shown as ‹name› (lists of names as one ‹name›). */
export function renderTemplate(fn: (p: never) => string): string {
  try {
    return fn(asText as never);
  } catch {
    return fn(asList as never);
  }
}

export function renderErrorsDoc(): string {
  const lines = [
    '# Error catalogue',
    '',
    'Every user-facing message of autograph-ts, by id (tests assert ids). An `AutographError` carries',
    '`id`, `kind` (conversion, staging, runtime, usage), the message, a hint and, where known, the',
    "user's file:line:column with the function's name. Parameters are shown as ‹name›.",
    '',
    'This file is generated from `src/errors/messages/*.ts`; regenerate it with',
    '`npx vitest run test/errors -u`.',
    '',
  ];
  const byArea = new Map<string, [string, (typeof CATALOGUE)[keyof typeof CATALOGUE]][]>();
  for (const [id, def] of Object.entries(CATALOGUE)) {
    const area = id.split('/')[0]!;
    byArea.set(area, [...(byArea.get(area) ?? []), [id, def]]);
  }
  for (const [area, entries] of byArea) {
    lines.push(`## ${area}`, '');
    for (const [id, def] of entries) {
      const d = def as { kind: string; text: (p: never) => string; hint?: (p: never) => string; example?: string };
      lines.push(`### \`${id}\` (${d.kind})`, '', renderTemplate(d.text));
      if (d.hint) lines.push('', `*Hint:* ${renderTemplate(d.hint)}`);
      if (d.example) lines.push('', `*Example:* \`${d.example}\``);
      lines.push('');
    }
  }
  return lines.join('\n');
}
