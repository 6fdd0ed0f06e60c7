/** Types of scripts/deploy.mjs for the unit tests. */
/** The `REPLACE_WITH_…` lines left in `[env.<environment>]` (and its sub-tables) of wrangler.toml, comments aside. */
export function placeholdersOf(toml: string, environment: string): string[];
