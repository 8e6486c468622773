// The project's thread with the team: read (which marks the team's messages read) and write.
import { MESSAGE_ATTACHMENTS_MAX, PROJECT_FILE_TYPES } from "@ch/contracts/project-files";
import { useMutation, useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { AttachedTextForm, useAttachedText } from "./attached-text-form";
import { PortalSection } from "./portal-section";
import { AttachmentLinks } from "./portal-uploads";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export default function ProjectMessages({ orderNumber }: { orderNumber: string }) {
  const thread = useQuery({ ...trpc.portal.messages.queryOptions({ orderNumber }), retry: false });
  const form = useAttachedText(orderNumber);
  const send = useMutation({
    ...trpc.portal.postMessage.mutationOptions(),
    onSuccess: form.sent,
    onError: (e) => form.failed(e, ["body"], "We couldn't send your message right now. Please try again."),
  });
  return (
    <PortalSection id="messages-title" title="Messages with our team">
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
      <AttachedTextForm
        form={form}
        label="Your message"
        fileLabel="Attach a photo or PDF (up to 10 MB)"
        accept={PROJECT_FILE_TYPES}
        filesFull={form.files.files.length >= MESSAGE_ATTACHMENTS_MAX}
        submitLabel="Send Message"
        sending={send.isPending}
        check={(body, fileCount) => (!body && fileCount === 0 ? "Please write a message or attach a file." : null)}
        send={(body, attachments) => send.mutate({ orderNumber, body, attachments })}
      />
    </PortalSection>
  );
}
