import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en_EN',
  locales: ['es_ES', 'en_EN', 'fr_FR', 'pt_PT', 'it_IT', 'de_DE'],
  fallbackLocales: { default: 'en_EN' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['client', 'worker'] }],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
