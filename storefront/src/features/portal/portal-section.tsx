import type { ReactNode } from "react";
import { TitledSection } from "../../components/ui";

/** One titled part of a portal page: projects, proposals, documents, photos, messages, claims. */
export function PortalSection({
  id,
  title,
  className = "mt-8",
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TitledSection id={id} title={title} className={className} titleClassName="text-xl font-bold">
      {children}
    </TitledSection>
  );
}
