// The enquiry form of the home page's contact section and of /contact: the same fields and rules
// (the shared contactInput contract), the server's reasons shown next to their fields.
import { BUDGET_LABELS, BUDGETS, PROJECT_TYPE_LABELS, PROJECT_TYPES } from "@ch/contracts/constants";
import type { ContactInput } from "@ch/contracts/leads";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef } from "react";
import { DeliveryFields } from "../../components/delivery-fields";
import { HydratedFieldset } from "../../components/hydrated-fieldset";
import { PersonFields } from "../../components/person-fields";
import { buttonClass, FormMessage, SelectField, TextAreaField } from "../../components/ui";
import { focusFirstInvalid, formErrors, useFormFields } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";

const empty = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  projectType: "",
  budget: "",
  deliveryZip: "",
  deliveryState: "",
  message: "",
};
const FIELDS = Object.keys(empty);

/** The enquiry's fields, and Send: POST /api/contact, then a thank-you toast and an empty form. */
function useContactForm(page: boolean) {
  const { values: form, setValues: setForm, field, errors, setErrors, clear } = useFormFields(empty);
  const formRef = useRef<HTMLFormElement>(null);

  const send = useMutation({
    ...trpc.leads.contact.mutationOptions(),
    onSuccess: () => {
      setForm(empty);
      clear();
      toast({
        title: "Message Sent!",
        description: page
          ? "Thank you for your inquiry. We'll get back to you within 24 hours."
          : "Thank you for your inquiry. We'll get back to you soon.",
      });
    },
    onError: (error) => {
      setErrors(formErrors(error, FIELDS, "We couldn't send your message just now. Please try again."));
      focusFirstInvalid(formRef.current);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone || null,
      projectType: (form.projectType || null) as ContactInput["projectType"],
      budget: (form.budget || null) as ContactInput["budget"],
      deliveryZip: form.deliveryZip || null,
      deliveryState: form.deliveryState || null,
      message: form.message || null,
      source: page ? "contact-page" : "contact-form",
    });
  };
  return { field, errors, formRef, submit, pending: send.isPending };
}

const PROJECT_TYPE_OPTIONS = PROJECT_TYPES.map((t) => [t, PROJECT_TYPE_LABELS[t]] as const);
const BUDGET_OPTIONS = BUDGETS.map((b) => [b, BUDGET_LABELS[b]] as const);

function SendButton({ pending }: { pending: boolean }) {
  return (
    <div className="sm:col-span-2">
      <button type="submit" className={`${buttonClass.primary} w-full py-3 text-base sm:w-auto`} disabled={pending}>
        {pending ? "Sending..." : "Send Message"}
      </button>
    </div>
  );
}

export function ContactForm({ page = false }: { page?: boolean }) {
  const { field, errors, formRef, submit, pending } = useContactForm(page);
  return (
    <form ref={formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Contact form">
      <HydratedFieldset legend="Your enquiry">
        <PersonFields field={field} />
        <SelectField
          label="Project Type"
          placeholder="Select a project type"
          options={PROJECT_TYPE_OPTIONS}
          {...field("projectType")}
        />
        <SelectField label="Budget" placeholder="Select a budget" options={BUDGET_OPTIONS} {...field("budget")} />
        <DeliveryFields field={field} />
        <TextAreaField
          label="Message (optional)"
          className="sm:col-span-2"
          rows={5}
          placeholder="Tell us about your project: site, timeline, layout..."
          {...field("message")}
        />
        <FormMessage message={errors.message} className="sm:col-span-2" />
        <SendButton pending={pending} />
      </HydratedFieldset>
    </form>
  );
}
