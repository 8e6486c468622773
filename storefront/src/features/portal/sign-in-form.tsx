import { EMAIL_SHAPE } from "@ch/contracts/constants";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { buttonClass, FormMessage, TextField } from "../../components/ui";
import { formErrors, useFormFields } from "../../lib/form-errors";
import { trpc } from "../../lib/trpc";

/** Asks for a sign-in link by e-mail; the answer is the same whatever the address. */
export function PortalSignInForm({ expired }: { expired: boolean }) {
  const { values, field, errors, setErrors, clear } = useFormFields({ email: "" });
  const ask = useMutation({
    ...trpc.portal.signIn.mutationOptions(),
    onError: (error) => setErrors(formErrors(error, ["email"], "We couldn't send a link right now. Please try again.")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_SHAPE.test(values.email.trim())) {
      return setErrors({ fields: { email: "Please enter a valid email address." }, message: null });
    }
    clear();
    ask.mutate({ email: values.email.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-2xl border border-slate-200 p-6 shadow-sm">
      {expired ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          This sign-in link has been used, replaced by a newer one, or has expired. Ask for a new one below.
        </p>
      ) : null}
      <TextField label="Email" type="email" required autoComplete="email" {...field("email")} />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={ask.isPending}>
          {ask.isPending ? "Sending..." : "Email Me a Sign-in Link"}
        </button>
      </div>
      {ask.isSuccess ? (
        <p role="status" className="text-sm text-slate-700" data-testid="portal-link-sent">
          {ask.data.message}
        </p>
      ) : null}
      <FormMessage message={errors.message} />
    </form>
  );
}
