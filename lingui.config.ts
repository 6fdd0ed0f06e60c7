import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en_EN',
  locales: ['es_ES', 'en_EN', 'fr_FR', 'pt_PT', 'it_IT', 'de_DE'],
  fallbackLocales: { default: 'en_EN' },
  // Two catalogs: what browsers need (client/, shipped with the islands) and what only the server
  // says (worker/: API errors, e-mails, page titles). The server loads both.
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['client'] },
    { path: '<rootDir>/locales/{locale}/server', include: ['worker'] },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
