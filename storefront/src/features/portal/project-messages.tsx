// The project's thread with the team: read (which marks the team's messages read) and write.
import { MESSAGE_ATTACHMENTS_MAX, PROJECT_FILE_TYPES } from "@ch/contracts/project-files";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass, FormMessage, TextAreaField, TitledSection } from "../../components/ui";
import { formErrors } from "../../lib/form-errors";
import { trpc } from "../../lib/trpc";
import { AttachmentLinks, FileInput, PendingFiles, usePendingFiles } from "./portal-uploads";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export default function ProjectMessages({ orderNumber }: { orderNumber: string }) {
  const queries = useQueryClient();
  const thread = useQuery({ ...trpc.portal.messages.queryOptions({ orderNumber }), retry: false });
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const pending = usePendingFiles(orderNumber, setError);
  const send = useMutation({
    ...trpc.portal.postMessage.mutationOptions(),
    onSuccess: () => {
      setBody("");
      pending.clear();
      void queries.invalidateQueries({ queryKey: trpc.portal.pathKey() });
    },
    onError: (e) => {
      const problem = formErrors(e, ["body"], "We couldn't send your message right now. Please try again.");
      setError(problem.fields.body ?? problem.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() && pending.files.length === 0) return setError("Please write a message or attach a file.");
    setError(null);
    send.mutate({ orderNumber, body: body.trim(), attachments: pending.ids });
  };
  return (
    <TitledSection
      id="messages-title"
      title="Messages with our team"
      className="mt-8"
      titleClassName="text-xl font-bold"
    >
      <ol className="mt-3 grid gap-3" data-testid="project-messages">
        {(thread.data?.messages ?? []).map((m) => (
          <li
            key={m.id}
            className={`rounded-2xl p-3 text-sm ${m.author === "customer" ? "ml-8 bg-amber-50" : "mr-8 bg-slate-100"}`}
          >
            <p className="text-xs text-slate-600">
              {m.author === "customer" ? "You" : m.authorName} · {when(m.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-wrap text-slate-900">{m.body}</p>
            <AttachmentLinks files={m.attachments} />
          </li>
        ))}
        {thread.data && thread.data.messages.length === 0 ? (
          <li className="text-sm text-slate-600">No messages yet. Ask us anything about your home.</li>
        ) : null}
      </ol>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
        <TextAreaField
          label="Your message"
          rows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={error ?? undefined}
        />
        <PendingFiles pending={pending} />
        <FileInput
          label="Attach a photo or PDF (up to 10 MB)"
          accept={PROJECT_FILE_TYPES}
          pending={pending}
          disabled={pending.files.length >= MESSAGE_ATTACHMENTS_MAX}
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={send.isPending || pending.uploading}>
            {send.isPending ? "Sending..." : "Send Message"}
          </button>
        </div>
        <FormMessage message={null} />
      </form>
    </TitledSection>
  );
}
