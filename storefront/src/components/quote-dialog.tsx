// The dialog behind Request Quote, Get Quote, Schedule Consultation, Schedule Call and Schedule Call
// Instead: POST /api/quote-requests; the enquiry lands in the back office's inbox.
import { EMAIL_SHAPE } from "@ch/contracts/constants";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef } from "react";
import { focusFirstInvalid, formErrors, useFormFields } from "../lib/form-errors";
import { closeQuoteDialog, type QuoteRequestOptions, useQuoteDialog } from "../lib/quote";
import { toast } from "../lib/toast";
import { trpc } from "../lib/trpc";
import { DeliveryFields } from "./delivery-fields";
import { Dialog } from "./dialog";
import { PersonFields } from "./person-fields";
import { buttonClass, FormMessage, TextAreaField, TextField } from "./ui";

export default function QuoteDialog() {
  const options = useQuoteDialog();
  if (!options) return null;
  // keyed so that each opening starts from a fresh form
  return <QuoteForm key={`${options.kind}-${options.title}-${options.productId ?? ""}`} options={options} />;
}

/** The request's fields, and Send: POST /api/quote-requests, then a thank-you toast. */
function useQuoteForm(options: QuoteRequestOptions) {
  const isCall = options.kind === "call";
  const {
    values: form,
    field,
    errors,
    setErrors,
  } = useFormFields({
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    preferredTime: "",
    deliveryZip: "",
    deliveryState: "",
    message: options.message ?? "",
  });
  const formRef = useRef<HTMLFormElement>(null);

  const send = useMutation({
    ...trpc.leads.requestQuote.mutationOptions(),
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
  return { isCall, field, errors, formRef, submit, pending: send.isPending };
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
  const { isCall, field, errors, formRef, submit, pending } = useQuoteForm(options);
  return (
    <Dialog open onClose={closeQuoteDialog} title={options.title} description={dialogDescription(options, isCall)}>
      <form ref={formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <PersonFields field={field} phoneLabel={isCall ? "Phone" : "Phone (optional)"} phoneRequired={isCall} />
        {isCall ? (
          <TextField
            className="sm:col-span-2"
            label="Preferred Time"
            placeholder="e.g. Weekdays after 3 PM"
            {...field("preferredTime")}
          />
        ) : null}
        {isCall ? null : <DeliveryFields field={field} />}
        <TextAreaField label="Message (optional)" className="sm:col-span-2" rows={4} {...field("message")} />
        <FormMessage message={errors.message} className="sm:col-span-2" />
        <QuoteActions isCall={isCall} pending={pending} />
      </form>
    </Dialog>
  );
}
