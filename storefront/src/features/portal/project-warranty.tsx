// Warranty claims: after completion, the customer says what is wrong (with photos) and follows each claim.
import { WARRANTY_CLAIM_STATUS_LABELS } from "@ch/contracts/project-files";
import type { WarrantyClaimDto } from "@ch/contracts/warranty";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { AttachedTextForm, useAttachedText } from "./attached-text-form";
import { PortalSection } from "./portal-section";
import { AttachmentLinks } from "./portal-uploads";

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long" });

export default function ProjectWarranty({
  orderNumber,
  claims,
  endsAt,
}: {
  orderNumber: string;
  claims: WarrantyClaimDto[];
  endsAt: string | null;
}) {
  const form = useAttachedText(orderNumber);
  const open = useMutation({
    ...trpc.portal.openClaim.mutationOptions(),
    onSuccess: form.sent,
    onError: (e) => form.failed(e, ["description", "photos"], "We couldn't send your claim. Please try again."),
  });
  const ended = endsAt !== null && new Date(endsAt).getTime() < Date.now();
  return (
    <PortalSection id="warranty-title" title="Warranty">
      {endsAt === null ? (
        <p className="mt-2 text-sm text-slate-600">Once your home is completed, you can open a warranty claim here.</p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {ended ? "Your warranty ended on" : "Your warranty runs until"} {day(endsAt)}.
        </p>
      )}
      {claims.length > 0 ? (
        <ul className="mt-3 grid gap-3" data-testid="warranty-claims">
          {claims.map((c) => (
            <li key={c.id} className="rounded-2xl border border-slate-200 p-3 text-sm">
              <p className="font-medium">
                Claim #{c.id} · {WARRANTY_CLAIM_STATUS_LABELS[c.status]}
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-800">{c.description}</p>
              {c.staffNote ? (
                <p className="mt-2 rounded-lg bg-slate-50 p-2 text-slate-700">Our team: {c.staffNote}</p>
              ) : null}
              <AttachmentLinks files={c.photos} />
            </li>
          ))}
        </ul>
      ) : null}
      {endsAt !== null && !ended ? (
        <AttachedTextForm
          form={form}
          label="What needs fixing?"
          fileLabel="Add a photo (JPEG, PNG or WebP)"
          accept={PHOTO_TYPES}
          submitLabel="Open a Warranty Claim"
          sending={open.isPending}
          check={(description) => (description.length < 10 ? "Please say what is wrong, where and since when." : null)}
          send={(description, photos) => open.mutate({ orderNumber, description, photos })}
        />
      ) : null}
    </PortalSection>
  );
}
