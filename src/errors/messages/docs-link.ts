// Links from messages to the documentation: the docs are not in the installed package, so a hint
// names the page in the repository (package.json "repository"; test/errors/catalogue.test.ts checks
// that the two agree and that every page and section linked exists). Needs nothing. Produces `docsLink`, `REPOSITORY`.

/** The project's repository, as package.json's "repository" names it. */
export const REPOSITORY = 'https://github.com/autograph-ts/autograph-ts';

/** The address of a page of docs/ (and a section of it: its heading's anchor). */
export function docsLink(page: string, section?: string): string {
  return `${REPOSITORY}/blob/main/docs/${page}${section ? `#${section}` : ''}`;
}
