// Accept this proposal: the typed full name, how the deposit will be paid, and the agreement to the terms.
import type { PublicProposalDto } from "@ch/contracts/proposals";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { buttonClass, FormMessage, TextField } from "../../components/ui";
import { type FormErrors, focusFirstInvalid, formErrors, useFormFields } from "../../lib/form-errors";
import { trpcClient } from "../../lib/trpc";
import { type AcceptAnswer, money, type PaymentMethod } from "./proposal-format";

/** The accept form's fields, by the names the API's reasons use. */
const ACCEPT_FIELDS = ["fullName", "agree", "paymentMethod"] as const;

type OnDone = (answer: AcceptAnswer, paymentMethod: PaymentMethod) => void;

function useAcceptForm(token: string, p: PublicProposalDto, onDone: OnDone) {
  const { values, field, errors, setErrors, clear, edited } = useFormFields({ fullName: "" });
  const fullName = values.fullName;
  const [agree, setAgree] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("bank-transfer");
  const formRef = useRef<HTMLFormElement>(null);
  const accept = useMutation({
    mutationFn: () =>
      trpcClient.proposals.accept.mutate({
        token,
        fullName: fullName.trim(),
        agree: true,
        version: p.version,
        paymentMethod,
      }),
    onSuccess: (answer) => onDone(answer, paymentMethod),
    onError: (error) => {
      setErrors(formErrors(error, ACCEPT_FIELDS, "We couldn't record your acceptance. Please try again."));
      focusFirstInvalid(formRef.current);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Partial<Record<string, string>> = {};
    if (fullName.trim().length < 3) fields.fullName = "Please type your full name.";
    if (!agree) fields.agree = "Please confirm that you agree to the terms.";
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, message: null });
      focusFirstInvalid(formRef.current);
      return;
    }
    clear();
    accept.mutate();
  };
  return {
    field,
    agree,
    setAgree,
    paymentMethod,
    setPaymentMethod,
    errors,
    edited,
    formRef,
    submit,
    pending: accept.isPending,
  };
}

function PaymentMethodChoice({ value, onChange }: { value: PaymentMethod; onChange: (method: PaymentMethod) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">How will you pay?</legend>
      <div className="mt-2 flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="payment-method"
            checked={value === "bank-transfer"}
            onChange={() => onChange("bank-transfer")}
          />
          Bank transfer
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="payment-method" checked={value === "usdt"} onChange={() => onChange("usdt")} />
          USDT (TRC20)
        </label>
      </div>
    </fieldset>
  );
}

function AgreeCheckbox({
  p,
  agree,
  onChange,
  errors,
}: {
  p: PublicProposalDto;
  agree: boolean;
  onChange: (checked: boolean) => void;
  errors: FormErrors;
}) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-1"
          checked={agree}
          onChange={(e) => onChange(e.target.checked)}
          {...(errors.fields.agree ? { "aria-invalid": true, "aria-describedby": "accept-agree-error" } : {})}
        />
        <span>
          I agree to the terms of this proposal (version {p.version}), including the {p.depositPercent}% deposit and the
          balance due on delivery.
        </span>
      </label>
      {errors.fields.agree ? (
        <p id="accept-agree-error" className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
          {errors.fields.agree}
        </p>
      ) : null}
    </div>
  );
}

export function AcceptForm({ token, p, onDone }: { token: string; p: PublicProposalDto; onDone: OnDone }) {
  const form = useAcceptForm(token, p, onDone);
  const { errors, edited } = form;
  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit}
      noValidate
      className="rounded-2xl border border-slate-200 p-6 shadow-sm"
      aria-labelledby="accept-title"
    >
      <h2 id="accept-title" className="text-xl font-semibold text-slate-900">
        Accept this proposal
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Accepting creates your order; the deposit of {money(p.depositCents)} is then due.
      </p>
      <div className="mt-4 grid gap-4">
        <TextField label="Your full name" required autoComplete="name" {...form.field("fullName")} />
        <PaymentMethodChoice value={form.paymentMethod} onChange={form.setPaymentMethod} />
        <AgreeCheckbox
          p={p}
          agree={form.agree}
          onChange={(checked) => {
            form.setAgree(checked);
            edited("agree");
          }}
          errors={errors}
        />
        <button type="submit" className={buttonClass.primary} disabled={form.pending}>
          {form.pending ? "Accepting..." : "Accept Proposal"}
        </button>
        <FormMessage message={errors.message} />
      </div>
    </form>
  );
}
