/** A row of links drawn as chips: a listing's sub-categories, a category's popular comparisons. */
export function LinkChips({ links }: { links: readonly { name: string; href: string }[] }) {
  return (
    <ul className="chips">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.name}</a>
        </li>
      ))}
    </ul>
  );
}
