// The enquiry form of the home page's contact section and of /contact: the same fields and rules
// (the shared contactInput contract), the server's reasons shown next to their fields.
import { BUDGET_LABELS, BUDGETS, PROJECT_TYPE_LABELS, PROJECT_TYPES } from "@ch/api/contracts/constants";
import type { ContactInput } from "@ch/api/contracts/leads";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { DeliveryFields } from "../../components/delivery-fields";
import { HydratedFieldset } from "../../components/hydrated-fieldset";
import { buttonClass, Field, FormMessage, inputClass, TextField } from "../../components/ui";
import { postJson } from "../../lib/api";
import { focusFirstInvalid, formErrors, useFormErrors } from "../../lib/form-errors";
import { toast } from "../../lib/toast";

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

type ContactFields = typeof empty;
type Setter = (key: keyof ContactFields) => (event: { target: { value: string } }) => void;

/** The enquiry's fields, and Send: POST /api/contact, then a thank-you toast and an empty form. */
function useContactForm(page: boolean) {
  const [form, setForm] = useState(empty);
  const { errors, setErrors, clear, edited } = useFormErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: event.target.value }));
    edited(key);
  };

  const send = useMutation({
    mutationFn: (body: ContactInput) => postJson("/api/contact", body),
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
  return { form, set, errors, formRef, submit, pending: send.isPending };
}

function ProjectTypeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: ReturnType<Setter>;
  error: string | undefined;
}) {
  return (
    <Field label="Project Type" error={error}>
      {(ids) => (
        <select {...ids} className={inputClass} value={value} onChange={onChange}>
          <option value="">Select a project type</option>
          {PROJECT_TYPES.map((t) => (
            <option key={t} value={t}>
              {PROJECT_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function BudgetField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: ReturnType<Setter>;
  error: string | undefined;
}) {
  return (
    <Field label="Budget" error={error}>
      {(ids) => (
        <select {...ids} className={inputClass} value={value} onChange={onChange}>
          <option value="">Select a budget</option>
          {BUDGETS.map((b) => (
            <option key={b} value={b}>
              {BUDGET_LABELS[b]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

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
  const { form, set, errors, formRef, submit, pending } = useContactForm(page);
  return (
    <form ref={formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Contact form">
      <HydratedFieldset legend="Your enquiry">
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
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={set("phone")}
          error={errors.fields.phone}
        />
        <ProjectTypeField value={form.projectType} onChange={set("projectType")} error={errors.fields.projectType} />
        <BudgetField value={form.budget} onChange={set("budget")} error={errors.fields.budget} />
        <DeliveryFields values={form} errors={errors.fields} onChange={set} />
        <Field label="Message (optional)" className="sm:col-span-2" error={errors.fields.message}>
          {(ids) => (
            <textarea
              {...ids}
              rows={5}
              className={inputClass}
              placeholder="Tell us about your project: site, timeline, layout..."
              value={form.message}
              onChange={set("message")}
            />
          )}
        </Field>
        <FormMessage message={errors.message} className="sm:col-span-2" />
        <SendButton pending={pending} />
      </HydratedFieldset>
    </form>
  );
}
