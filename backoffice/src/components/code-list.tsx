/** Short codes (scopes, event types), one a line. */
export function CodeList({ items }: { items: readonly string[] }) {
  return (
    <ul className="text-xs">
      {items.map((item) => (
        <li key={item}>
          <code>{item}</code>
        </li>
      ))}
    </ul>
  );
}
