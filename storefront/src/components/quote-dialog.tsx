// The dialog behind Request Quote, Get Quote, Schedule Consultation, Schedule Call and Schedule Call
// Instead: POST /api/quote-requests; the enquiry lands in the back office's inbox.
import { EMAIL_SHAPE } from "@ch/api/contracts/constants";
import type { QuoteRequestInput } from "@ch/api/contracts/leads";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { postJson } from "../lib/api";
import { focusFirstInvalid, formErrors, useFormErrors } from "../lib/form-errors";
import { closeQuoteDialog, type QuoteRequestOptions, useQuoteDialog } from "../lib/quote";
import { toast } from "../lib/toast";
import { DeliveryFields } from "./delivery-fields";
import { Dialog } from "./dialog";
import { buttonClass, Field, FormMessage, inputClass, TextField } from "./ui";

export default function QuoteDialog() {
  const options = useQuoteDialog();
  if (!options) return null;
  // keyed so that each opening starts from a fresh form
  return <QuoteForm key={`${options.kind}-${options.title}-${options.productId ?? ""}`} options={options} />;
}

/** The request's fields, and Send: POST /api/quote-requests, then a thank-you toast. */
function useQuoteForm(options: QuoteRequestOptions) {
  const isCall = options.kind === "call";
  const [form, setForm] = useState({
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    preferredTime: "",
    deliveryZip: "",
    deliveryState: "",
    message: options.message ?? "",
  });
  const { errors, setErrors, edited } = useFormErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: event.target.value }));
    edited(key);
  };

  const send = useMutation({
    mutationFn: (body: QuoteRequestInput) => postJson("/api/quote-requests", body),
    onSuccess: () => {
      closeQuoteDialog();
      toast({
        title: isCall ? "Call Requested" : "Quote Requested",
        description: isCall
          ? "Thank you! Our team will call you at your preferred time."
          : "Thank you! Our team will send your quote within 1 business day.",
      });
    },
    onError: (error) => {
      setErrors(formErrors(error, Object.keys(form), "We couldn't send your request just now. Please try again."));
      focusFirstInvalid(formRef.current);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_SHAPE.test(form.email.trim())) {
      setErrors({ fields: { email: "Please enter a valid email address." }, message: null });
      focusFirstInvalid(formRef.current);
      return;
    }
    send.mutate({
      kind: options.kind,
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone || null,
      productId: options.productId ?? null,
      preferredTime: isCall ? form.preferredTime || null : null,
      deliveryZip: isCall ? null : form.deliveryZip || null,
      deliveryState: isCall ? null : form.deliveryState || null,
      message: form.message || null,
    });
  };
  return { isCall, form, set, errors, formRef, submit, pending: send.isPending };
}

const dialogDescription = (options: QuoteRequestOptions, isCall: boolean) =>
  options.productName
    ? `About: ${options.productName}`
    : isCall
      ? "Tell us when to call and we'll ring you."
      : "Tell us about your project and we'll prepare a quote.";

function QuoteActions({ isCall, pending }: { isCall: boolean; pending: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
      <button type="button" className={buttonClass.outline} onClick={closeQuoteDialog}>
        Cancel
      </button>
      <button type="submit" className={buttonClass.primary} disabled={pending}>
        {pending ? "Sending..." : isCall ? "Request Call" : "Request Quote"}
      </button>
    </div>
  );
}

function QuoteForm({ options }: { options: QuoteRequestOptions }) {
  const { isCall, form, set, errors, formRef, submit, pending } = useQuoteForm(options);
  return (
    <Dialog open onClose={closeQuoteDialog} title={options.title} description={dialogDescription(options, isCall)}>
      <form ref={formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          required
          autoComplete="given-name"
          value={form.firstName}
          onChange={set("firstName")}
          error={errors.fields.firstName}
        />
        <TextField
          label="Last Name"
          required
          autoComplete="family-name"
          value={form.lastName}
          onChange={set("lastName")}
          error={errors.fields.lastName}
        />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          onChange={set("email")}
          error={errors.fields.email}
        />
        <TextField
          label={isCall ? "Phone" : "Phone (optional)"}
          type="tel"
          required={isCall}
          autoComplete="tel"
          value={form.phone}
          onChange={set("phone")}
          error={errors.fields.phone}
        />
        {isCall ? (
          <TextField
            className="sm:col-span-2"
            label="Preferred Time"
            placeholder="e.g. Weekdays after 3 PM"
            value={form.preferredTime}
            onChange={set("preferredTime")}
            error={errors.fields.preferredTime}
          />
        ) : null}
        {isCall ? null : <DeliveryFields values={form} errors={errors.fields} onChange={set} />}
        <Field label="Message (optional)" className="sm:col-span-2" error={errors.fields.message}>
          {(ids) => (
            <textarea {...ids} rows={4} className={inputClass} value={form.message} onChange={set("message")} />
          )}
        </Field>
        <FormMessage message={errors.message} className="sm:col-span-2" />
        <QuoteActions isCall={isCall} pending={pending} />
      </form>
    </Dialog>
  );
}
