/**
 * A self-contained page for answers given before a store is known (unknown host) or when the
 * store refuses to run (domain not allowed): no layout, no scripts.
 */
export function StandalonePage({ lang, title, message, links }: { lang: string; title: string; message: string; links: { href: string; label: string }[] }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          <p>{message}</p>
          {links.length > 0 ? (
            <ul>
              {links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </main>
      </body>
    </html>
  );
}
