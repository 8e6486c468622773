// Warranty claims: after completion, the customer says what is wrong (with photos) and follows each claim.
import { WARRANTY_CLAIM_STATUS_LABELS } from "@ch/contracts/project-files";
import type { WarrantyClaimDto } from "@ch/contracts/warranty";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass, TextAreaField, TitledSection } from "../../components/ui";
import { formErrors } from "../../lib/form-errors";
import { trpc } from "../../lib/trpc";
import { AttachmentLinks, FileInput, PendingFiles, usePendingFiles } from "./portal-uploads";

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
  const queries = useQueryClient();
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const photos = usePendingFiles(orderNumber, setError);
  const open = useMutation({
    ...trpc.portal.openClaim.mutationOptions(),
    onSuccess: () => {
      setDescription("");
      photos.clear();
      void queries.invalidateQueries({ queryKey: trpc.portal.pathKey() });
    },
    onError: (e) => {
      const problem = formErrors(e, ["description", "photos"], "We couldn't send your claim. Please try again.");
      setError(problem.fields.description ?? problem.fields.photos ?? problem.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (description.trim().length < 10) return setError("Please say what is wrong, where and since when.");
    setError(null);
    open.mutate({ orderNumber, description: description.trim(), photos: photos.ids });
  };
  const ended = endsAt !== null && new Date(endsAt).getTime() < Date.now();
  return (
    <TitledSection id="warranty-title" title="Warranty" className="mt-8" titleClassName="text-xl font-bold">
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
        <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
          <TextAreaField
            label="What needs fixing?"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={error ?? undefined}
          />
          <PendingFiles pending={photos} />
          <FileInput label="Add a photo (JPEG, PNG or WebP)" accept={PHOTO_TYPES} pending={photos} />
          <div>
            <button type="submit" className={buttonClass.primary} disabled={open.isPending || photos.uploading}>
              {open.isPending ? "Sending..." : "Open a Warranty Claim"}
            </button>
          </div>
        </form>
      ) : null}
    </TitledSection>
  );
}
