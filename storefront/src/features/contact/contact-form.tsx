// The enquiry form of the home page's contact section and of /contact (where Message is required).
import { BUDGET_LABELS, BUDGETS, PROJECT_TYPE_LABELS, PROJECT_TYPES } from "@ch/api/contracts/constants";
import type { ContactInput } from "@ch/api/contracts/leads";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { HydratedFieldset } from "../../components/hydrated-fieldset";
import { buttonClass, Field, inputClass, TextField } from "../../components/ui";
import { postJson } from "../../lib/api";
import { toast } from "../../lib/toast";

const empty = { firstName: "", lastName: "", email: "", phone: "", projectType: "", budget: "", message: "" };

export function ContactForm({ page = false }: { page?: boolean }) {
  const [form, setForm] = useState(empty);
  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const send = useMutation({
    mutationFn: (body: ContactInput) => postJson("/api/contact", body),
    onSuccess: () => {
      setForm(empty);
      toast({
        title: "Message Sent!",
        description: page
          ? "Thank you for your inquiry. We'll get back to you within 24 hours."
          : "Thank you for your inquiry. We'll get back to you soon.",
      });
    },
    onError: () =>
      toast({ title: "Error", description: "Failed to send message. Please try again.", variant: "destructive" }),
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
      message: form.message || null,
      ...(page ? { source: "contact-page" as const } : {}),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Contact form">
      <HydratedFieldset legend="Your enquiry">
        <TextField
          label="First Name"
          required
          autoComplete="given-name"
          value={form.firstName}
          onChange={set("firstName")}
        />
        <TextField
          label="Last Name"
          required
          autoComplete="family-name"
          value={form.lastName}
          onChange={set("lastName")}
        />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          onChange={set("email")}
        />
        <TextField label="Phone" type="tel" autoComplete="tel" value={form.phone} onChange={set("phone")} />
        <Field label="Project Type">
          {(ids) => (
            <select {...ids} className={inputClass} value={form.projectType} onChange={set("projectType")}>
              <option value="">Select a project type</option>
              {PROJECT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {PROJECT_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Budget">
          {(ids) => (
            <select {...ids} className={inputClass} value={form.budget} onChange={set("budget")}>
              <option value="">Select a budget</option>
              {BUDGETS.map((b) => (
                <option key={b} value={b}>
                  {BUDGET_LABELS[b]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Message" required={page} className="sm:col-span-2">
          {(ids) => (
            <textarea
              {...ids}
              rows={5}
              required={page}
              className={inputClass}
              placeholder="Tell us about your project: site, timeline, layout..."
              value={form.message}
              onChange={set("message")}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <button
            type="submit"
            className={`${buttonClass.primary} w-full py-3 text-base sm:w-auto`}
            disabled={send.isPending}
          >
            {send.isPending ? "Sending..." : "Send Message"}
          </button>
        </div>
      </HydratedFieldset>
    </form>
  );
}
