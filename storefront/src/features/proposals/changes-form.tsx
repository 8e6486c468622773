import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { buttonClass, Field, FormMessage } from "../../components/ui";
import { focusFirstInvalid, formErrors, useFormErrors } from "../../lib/form-errors";
import { trpcClient } from "../../lib/trpc";

export function ChangesForm({ token }: { token: string }) {
  const [message, setMessage] = useState("");
  const changes = useMutation({
    mutationFn: () => trpcClient.proposals.requestChanges.mutate({ token, message: message.trim() }),
  });
  const { errors, setErrors, clear, edited } = useFormErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim().length < 5) {
      setErrors({ fields: { message: "Please say what you would like changed." }, message: null });
      focusFirstInvalid(formRef.current);
      return;
    }
    clear();
    changes.mutate(undefined, {
      onError: (error) => {
        setErrors(formErrors(error, ["message"], "We couldn't send your request. Please try again."));
        focusFirstInvalid(formRef.current);
      },
    });
  };
  if (changes.isSuccess) {
    return (
      <p role="status" className="rounded-2xl border border-slate-200 p-6 text-slate-700 shadow-sm">
        Thank you: we have your request and will send you an updated proposal.
      </p>
    );
  }
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="rounded-2xl border border-slate-200 p-6 shadow-sm"
      aria-labelledby="changes-title"
    >
      <h2 id="changes-title" className="text-xl font-semibold text-slate-900">
        Request changes
      </h2>
      <Field label="What would you like changed?" className="mt-4" error={errors.fields.message}>
        {(ids) => (
          <textarea
            {...ids}
            className="mt-1 block min-h-32 w-full rounded-lg border border-slate-300 p-3 text-base"
            value={message}
            maxLength={4000}
            onChange={(e) => {
              setMessage(e.target.value);
              edited("message");
            }}
          />
        )}
      </Field>
      <button type="submit" className={`${buttonClass.outline} mt-4`} disabled={changes.isPending}>
        {changes.isPending ? "Sending..." : "Send Request"}
      </button>
      <FormMessage message={errors.message} className="mt-4" />
    </form>
  );
}
