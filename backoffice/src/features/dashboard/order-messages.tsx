// The order's thread with its customer (they write from their portal): read here, which marks their
// messages read, and answered here, which e-mails them. Files go with a message: each is uploaded to the
// order's attachments path when chosen, and the message sends their ids.
import { MESSAGE_ATTACHMENTS_MAX, messageInput } from "@ch/contracts/messages";
import type { ProjectDocumentDto } from "@ch/contracts/projects";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useState } from "react";
import { useApiForm } from "../../components/form";
import { FormField } from "../../components/form-field";
import { HttpError, http, serverMessage } from "../../lib/http";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";
import { FILE_INPUT_CLASS } from "./file-field";
import { BodyForm, WrittenText } from "./notes";
import { FileLink } from "./order-documents";
import { fileProblem, formatBytes, PROJECT_FILES, uploadProjectFile } from "./project-upload";

export function OrderMessages({ orderId }: { orderId: number }) {
  const thread = useQuery(trpc.messages.list.queryOptions({ id: orderId }));
  const toast = useToast();
  const failed = useFailureToast();
  const form = useApiForm<{ body: string }>({ schema: messageInput, defaultValues: { body: "" }, toasted: true });
  const [files, setFiles] = useState<ProjectDocumentDto[]>([]);
  // reading the thread marked the customer's messages read: the orders table's count goes down
  const unread = thread.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void queryClient.invalidateQueries(trpc.orders.list.pathFilter());
  }, [unread]);
  const send = useMutation(
    trpc.messages.post.mutationOptions({
      onSuccess: async () => {
        form.reset();
        setFiles([]);
        await queryClient.invalidateQueries(trpc.messages.list.pathFilter());
        toast({ title: "Message Sent", description: "The customer is e-mailed and reads it in their portal." });
      },
      onError: failed("Message Not Sent", "The message was not sent"),
    }),
  );
  const submit = form.submit(async (values) =>
    send.mutateAsync({ id: orderId, body: values.body.trim(), attachments: files.map((f) => f.id) }),
  );
  const messages = thread.data?.messages ?? [];
  return (
    <section aria-labelledby="order-messages-title">
      <h3 id="order-messages-title" className="mb-2 font-semibold text-slate-900">
        Messages with the customer
      </h3>
      {messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="space-y-2" data-testid="order-messages">
          {messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-md p-3 text-sm ${m.author === "customer" ? "bg-amber-50" : "bg-slate-50"}`}
            >
              <WrittenText body={m.body} by={m.authorName} at={m.createdAt} />
              {m.attachments.length > 0 ? (
                <ul className="mt-2 space-y-1" aria-label="Attached files">
                  {m.attachments.map((f) => (
                    <li key={f.id} className="flex items-center gap-1.5">
                      <PaperClip />
                      <FileLink file={f} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <BodyForm
        form={form}
        onSubmit={submit}
        field="Write to the customer"
        maxLength={5000}
        pending={send.isPending}
        extra={<MessageFiles orderId={orderId} files={files} onChange={setFiles} />}
      >
        {{ label: "Send Message", pendingLabel: "Sending..." }}
      </BodyForm>
    </section>
  );
}

/** The files to send with the message: chosen (each uploaded at once), listed, and taken off again. */
function MessageFiles({
  orderId,
  files,
  onChange,
}: {
  orderId: number;
  files: ProjectDocumentDto[];
  onChange: (update: (files: ProjectDocumentDto[]) => ProjectDocumentDto[]) => void;
}) {
  const toast = useToast();
  const [uploading, setUploading] = useState(false);
  const refuse = (description: string) => toast({ title: "File Not Attached", description, variant: "destructive" });
  /** Takes back a file not sent: it is deleted on the order, not only dropped from the list. */
  const discard = async (id: number) => {
    try {
      await http("DELETE", `/api/admin/orders/${orderId}/attachments/${id}`);
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) {
        return toast({
          title: "File Not Removed",
          description: serverMessage(error, "Please try again."),
          variant: "destructive",
        });
      }
    }
    onChange((list) => list.filter((x) => x.id !== id));
  };
  const attach = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const chosen = Array.from(input.files ?? []);
    input.value = "";
    let count = files.length;
    setUploading(true);
    try {
      for (const file of chosen) {
        if (count >= MESSAGE_ATTACHMENTS_MAX) {
          refuse(`At most ${MESSAGE_ATTACHMENTS_MAX} files go with one message.`);
          break;
        }
        const problem = fileProblem(file, PROJECT_FILES);
        if (problem) {
          refuse(problem);
          continue;
        }
        try {
          const stored = await uploadProjectFile<ProjectDocumentDto>(orderId, "attachments", { name: file.name }, file);
          count++;
          onChange((list) => [...list, stored]);
        } catch (error) {
          refuse(`${file.name}: ${serverMessage(error, "the file could not be uploaded")}`);
        }
      }
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="mt-2">
      <FormField label="Attach files" hint={`${PROJECT_FILES.hint} At most ${MESSAGE_ATTACHMENTS_MAX} files.`}>
        {(ids) => (
          <input
            {...ids}
            type="file"
            multiple
            accept={PROJECT_FILES.types.join(",")}
            className={FILE_INPUT_CLASS}
            disabled={uploading || files.length >= MESSAGE_ATTACHMENTS_MAX}
            onChange={attach}
          />
        )}
      </FormField>
      {uploading ? (
        <p className="mt-1 text-xs text-slate-600" role="status">
          Uploading…
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="mt-2 space-y-1" aria-label="Files to send" data-testid="message-files">
          {files.map((f) => (
            <li key={f.id} className="flex items-center gap-2 rounded-md bg-slate-50 px-2 py-1">
              <span className="min-w-0 flex-1 truncate">{f.title}</span>
              <span className="text-xs text-slate-600 tabular-nums">{formatBytes(f.bytes)}</span>
              <button
                type="button"
                className="btn-ghost"
                aria-label={`Remove ${f.title}`}
                onClick={() => void discard(f.id)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PaperClip() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor" aria-hidden="true">
      <path d="M15.6 3.4a3.5 3.5 0 0 0-5 0L4.3 9.7a5 5 0 0 0 7.1 7.1l5.3-5.3-1.1-1.1-5.3 5.3a3.5 3.5 0 0 1-4.9-4.9l6.3-6.3a2 2 0 0 1 2.8 2.8l-6 6a.5.5 0 0 1-.7-.7l5.6-5.6-1.1-1.1-5.6 5.6a2 2 0 0 0 2.8 2.8l6-6a3.5 3.5 0 0 0 0-4.9Z" />
    </svg>
  );
}
