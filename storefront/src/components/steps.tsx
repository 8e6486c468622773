// A numbered list of steps: the home page's "How It Works" (its own look) and the processes of the
// service and about pages. The number is a badge for the eye; readers hear "Step n:" before the title.

export interface Step {
  title: string;
  text: string;
}

const LOOKS = {
  page: {
    item: "rounded-xl border border-slate-200 bg-white p-5",
    badge: "flex h-10 w-10 items-center justify-center rounded-full bg-amber-500 font-bold text-slate-950",
    title: "mt-3 font-semibold text-slate-900",
  },
  home: {
    item: "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm",
    badge: "grid h-12 w-12 place-items-center rounded-full bg-amber-500 text-xl font-black text-slate-950",
    title: "mt-4 text-lg font-bold text-slate-900",
  },
};

/** The columns by the number of steps (three, or any other number: one row of three on wide screens). */
const COLUMNS: Record<number, string> = {
  4: "sm:grid-cols-2 lg:grid-cols-4",
  5: "sm:grid-cols-2 lg:grid-cols-5",
};

export function Steps({ steps, look = "page" }: { steps: Step[]; look?: keyof typeof LOOKS }) {
  const classes = LOOKS[look];
  return (
    <ol className={`grid gap-6 ${COLUMNS[steps.length] ?? "md:grid-cols-3"}`}>
      {steps.map((s, i) => (
        <li key={s.title} className={classes.item}>
          <span className={classes.badge} aria-hidden="true">
            {i + 1}
          </span>
          <h3 className={classes.title}>
            <span className="sr-only">Step {i + 1}: </span>
            {s.title}
          </h3>
          <p className="mt-2 text-sm text-slate-600">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}
