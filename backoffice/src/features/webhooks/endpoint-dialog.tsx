// Add a webhook endpoint: its URL, an optional description and the events it subscribes to, checked with the
// API's own schema before it is sent (the server checks again).
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@ch/contracts/webhook-events";
import { webhookCreateInput } from "@ch/contracts/webhooks";
import { useMutation } from "@tanstack/react-query";
import type { Control } from "react-hook-form";
import type { z } from "zod";
import { InputField, useApiForm, useChecklist } from "../../components/form";
import { FormDialog } from "../../components/form-dialog";
import { Fieldset } from "../../components/form-field";
import { useFailureToast, useToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";

type EndpointValues = z.input<typeof webhookCreateInput>;
const NO_ENDPOINT: EndpointValues = { url: "", description: "", events: [] };

export function CreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (answer: RouterOutputs["webhooks"]["create"]) => void;
}) {
  const toast = useToast();
  const failed = useFailureToast();
  const form = useApiForm<EndpointValues>({ schema: webhookCreateInput, defaultValues: NO_ENDPOINT, toasted: true });
  const create = useMutation({
    ...trpc.webhooks.create.mutationOptions(),
    onSuccess: (answer) => {
      form.reset();
      onClose();
      onCreated(answer);
    },
    onError: failed("Endpoint not added"),
  });
  const submit = form.submit((values) => create.mutateAsync(values), {
    invalid: () =>
      toast({ title: "Endpoint not added", description: "Check the fields marked below.", variant: "destructive" }),
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Add webhook endpoint"
      onSubmit={submit}
      noValidate
      form={form}
      button={["Add endpoint", "Adding…"]}
    >
      <InputField
        control={form.control}
        name="url"
        label="URL"
        hint="Where the events are POSTed; https:// in production."
        type="url"
        required
        autoComplete="off"
        placeholder="https://example.com/hooks/containers"
      />
      <InputField
        control={form.control}
        name="description"
        label="Description"
        hint="Optional: which system this is."
        maxLength={200}
      />
      <EventsFieldset control={form.control} />
    </FormDialog>
  );
}

/** The events to send, each with what it means; the server names this field when none is picked. */
function EventsFieldset({ control }: { control: Control<EndpointValues> }) {
  const events = useChecklist<EndpointValues, WebhookEventType>(control, "events");
  return (
    <Fieldset legend="Events" error={events.error}>
      <div className="mt-1 space-y-2">
        {WEBHOOK_EVENT_TYPES.map((type, i) => (
          <label key={type} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              ref={i === 0 ? events.ref : undefined}
              checked={events.has(type)}
              onChange={(e) => events.toggle(type, e.target.checked)}
            />
            <span>
              <code>{type}</code>
              <span className="block text-xs text-slate-500">{WEBHOOK_EVENT_LABELS[type]}</span>
            </span>
          </label>
        ))}
      </div>
    </Fieldset>
  );
}
