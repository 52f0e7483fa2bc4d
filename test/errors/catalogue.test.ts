// The catalogue: ids are unique and well formed, every message renders, links to the docs are
// addresses in the repository (the package has no docs/), and docs/errors.md is the rendering of the
// catalogue as it is (regenerate with -u).
import { describe, expect, it } from 'vitest';
import { CATALOGUE, agError } from '../../src/errors/catalogue.js';
import { ALL_MESSAGES, renderErrorsDoc, renderTemplate } from '../../src/errors/errors-doc.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { REPOSITORY } from '../../src/errors/messages/docs-link.js';
import { readFileSync } from 'node:fs';

/** GitHub's anchor of a heading line: lower case, punctuation dropped, spaces as dashes. */
const anchor = (heading: string): string =>
  heading
    .replace(/^#+ /, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s/g, '-');

describe('message catalogue', () => {
  it('has area/name ids, a kind and a message for every entry', () => {
    const ids = Object.keys(ALL_MESSAGES);
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.length).toBe(Object.keys(CATALOGUE).length + ids.filter((id) => id.startsWith('cli/')).length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z]+\/[a-z0-9-]+$/);
      const def = ALL_MESSAGES[id as keyof typeof ALL_MESSAGES] as { kind: string; text: (p: never) => string };
      expect(['conversion', 'staging', 'runtime', 'usage']).toContain(def.kind);
      expect(renderTemplate(def.text).length).toBeGreaterThan(10);
      // docs/errors.md shows an example of each.
      expect((def as { example?: string }).example, id).toMatch(/\S{2,}/);
    }
  });

  it('builds errors that carry the id, kind, hint and location', () => {
    const e = agError(
      'while/dtype-changed',
      { name: 'n', before: 'int32', after: 'float32' },
      { file: 'f.ts', line: 3, column: 5, functionName: 'g' },
    );
    expect(e).toBeInstanceOf(AutographError);
    expect(e.id).toBe('while/dtype-changed');
    expect(e.kind).toBe('staging');
    expect(e.message).toContain(
      "'n' has dtype int32 before the loop, but dtype float32 after one iteration [while/dtype-changed]",
    );
    expect(e.message).toContain('at f.ts:3:5 in g');
    expect(e.hint).toContain("initialize 'n' with a value of dtype float32");
  });

  it('links its docs by their address in the repository package.json names, to pages and sections that exist', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: { url: string }; files: string[] };
    expect(pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')).toBe(REPOSITORY);
    // The installed package has no docs/ folder: a hint names a page by its address.
    expect(pkg.files.some((f) => f.startsWith('docs'))).toBe(false);
    const texts = Object.values(ALL_MESSAGES).flatMap((def) => {
      const d = def as { text: (p: never) => string; hint?: (p: never) => string };
      return [renderTemplate(d.text), d.hint ? renderTemplate(d.hint) : ''];
    });
    const links = texts.flatMap((t) =>
      [...t.matchAll(/\bdocs\/[\w-]+\.md(#[\w-]+)?/g)].map((m) => ({ text: t, at: m.index, link: m[0] })),
    );
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const { text, at, link } of links) {
      expect(text.slice(0, at), link).toMatch(new RegExp(`${REPOSITORY.replace(/[./]/g, '\\$&')}/blob/main/$`));
      const [page, section] = link.split('#') as [string, string | undefined];
      const doc = readFileSync(page, 'utf8');
      if (section)
        expect(
          doc
            .split('\n')
            .filter((l) => /^#+ /.test(l))
            .map(anchor),
          link,
        ).toContain(section);
    }
  });

  it('docs/errors.md lists every message', async () => {
    const doc = renderErrorsDoc();
    for (const id of Object.keys(ALL_MESSAGES)) expect(doc).toContain(`\`${id}\``);
    await expect(doc).toMatchFileSnapshot('../../docs/errors.md');
  });
});
