import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { buttonClass } from "../../components/ui";

/** The not-found screens; the title is set here because no route's head applies to them. */
export function NotFoundScreen({
  title,
  text,
  documentTitle,
  children,
}: {
  title: string;
  text: string;
  documentTitle: string;
  children?: ReactNode;
}) {
  // an address no route matches has no route head to give it a title (features/seo/head-content.tsx
  // keeps the one <title> and leaves its text alone when the routes name none)
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-amber-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {children ?? (
          <Link to="/" className={buttonClass.primary}>
            Go Home
          </Link>
        )}
      </div>
    </div>
  );
}
